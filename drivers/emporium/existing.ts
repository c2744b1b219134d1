/**
 * The generators' read-only view of an emporium store: for each kind asked, the newest records (at
 * most EXISTING_CAP, or NAMED_CAP for kinds with unique names, drivers/common/newest.ts), in ascending id order, loaded through the store's repositories and converted
 * back to canonical values (minor units, canonical statuses and types, canonical instants).
 *
 * Money: catalogue amounts (prices, coupon amounts, shipping costs) are in the shop's currency setting
 * (`emporium_currency`), which is also the currency generators price new records in; orders carry their
 * own currency and are read in it.
 */
import type { Knex } from 'knex';
import type { ExistingAttribute, ExistingCoupon, ExistingCustomer, ExistingKind, ExistingOrder, ExistingProduct, ExistingRecords, ExistingShippingPlan, ExistingTaxRate, ExistingTerm, ExistingVariation } from '../../plugin-api.ts';
import { COUNTRIES, isPaidOrderStatus, NAMED_CAP, newestIds, newestIdsWhere, toCanonicalInstant } from '../../plugin-api.ts';
import type { EmporiumStore, ProductRecord, TermRecord } from '../../stores/emporium/index.ts';
import { fromEmporiumAddress } from './address.ts';
import { fromDecimal, fromDecimalOrNull } from './money.ts';
import { canonicalOrderStatus } from './vocabulary.ts';


type Db = Knex | Knex.Transaction;
type Reader = (store: EmporiumStore, db: Db, memo: Memo) => Promise<readonly unknown[]>;

/** Reads several kinds need (the attribute and term names behind term ids). */
class Memo {
  constructor(
    readonly store: EmporiumStore,
    readonly db: Db,
    /** The shop's currency: catalogue amounts (prices, coupon amounts, shipping costs) are in it. */
    readonly currency: string,
  ) {}

  /** Every attribute term's attribute name and term name, for the terms given. */
  async termNames(termIds: Iterable<number>): Promise<Map<number, { attribute: string; term: string }>> {
    const ids = [...new Set(termIds)];
    const terms = await this.store.attributeTerms.getMany(this.db, ids);
    const attributes = new Map((await this.store.attributes.getMany(this.db, [...new Set(terms.map((t) => t.attribute_id))])).map((a) => [a.id, a.name]));
    return new Map(terms.map((t) => [t.id, { attribute: attributes.get(t.attribute_id) ?? '', term: t.name }]));
  }
}

function term(t: TermRecord, hierarchical = false): ExistingTerm {
  return hierarchical ? { id: String(t.id), name: t.name, slug: t.slug, parent_id: t.parent_id === null ? null : String(t.parent_id) } : { id: String(t.id), name: t.name, slug: t.slug };
}

/** Axes of a product from its terms: attribute name -> term names, in term order. */
function axes(p: ProductRecord, names: Map<number, { attribute: string; term: string }>): Array<{ name: string; values: string[] }> {
  const out = new Map<string, string[]>();
  for (const id of p.term_ids) {
    const n = names.get(id);
    if (!n) continue;
    out.set(n.attribute, [...(out.get(n.attribute) ?? []), n.term]);
  }
  return [...out].map(([name, values]) => ({ name, values }));
}

/** The countries a zone location names: a country, a state's country, or the gazetteer's countries of a continent. */
function countriesOf(l: { code: string; type: string }): string[] {
  if (l.type === 'country') return [l.code];
  if (l.type === 'state') return [l.code.slice(0, 2)];
  if (l.type === 'continent') return COUNTRIES.filter((c) => c.continent === l.code).map((c) => c.code);
  return [];
}

const priceOf = (p: ProductRecord, currency: string) => fromDecimal(p.price, currency);

const READERS: Readonly<Record<ExistingKind, Reader>> = {
  async product_categories(store, db) {
    return (await store.categories.getMany(db, await newestIds(db, store.categories.table, NAMED_CAP))).map((t) => term(t, true));
  },
  async product_tags(store, db) {
    return (await store.tags.getMany(db, await newestIds(db, store.tags.table, NAMED_CAP))).map((t) => term(t));
  },
  async brands(store, db) {
    return (await store.brands.getMany(db, await newestIds(db, store.brands.table, NAMED_CAP))).map((t) => term(t));
  },
  async shipping_classes(store, db) {
    return (await store.shippingClasses.getMany(db, await newestIds(db, store.shippingClasses.table, NAMED_CAP))).map((t) => term(t));
  },
  async attributes(store, db): Promise<ExistingAttribute[]> {
    return (await store.attributes.getMany(db, await newestIds(db, store.attributes.table, NAMED_CAP))).map((a) => ({
      id: String(a.id),
      name: a.name,
      terms: a.terms.map((t) => ({ id: String(t.id), name: t.name })),
    }));
  },
  async products(store, db, memo): Promise<ExistingProduct[]> {
    // Variations share the products table; ProductRecord.type tells them apart.
    const ids = await newestIdsWhere(db, store.products.table, (q) => q.whereNot('type', 'variation'));
    const products = await store.products.getMany(db, ids);
    const variable = products.filter((p) => p.type === 'variable');
    const names = await memo.termNames(variable.flatMap((p) => p.term_ids));
    // A variable product has no price of its own: its base price is its cheapest variation's.
    const variations = await store.variations.getMany(db, variable.flatMap((p) => p.variation_ids));
    const cheapest = new Map<number, number>();
    for (const v of variations) {
      const price = priceOf(v, memo.currency);
      if (v.parent_id !== null && price > 0) cheapest.set(v.parent_id, Math.min(price, cheapest.get(v.parent_id) ?? price));
    }
    return products.map((p) =>
      p.type === 'variable'
        ? { id: String(p.id), name: p.name, type: 'variable', price_minor: cheapest.get(p.id) ?? 0, sku: p.sku, attributes: axes(p, names) }
        : { id: String(p.id), name: p.name, type: p.virtual || p.downloadable ? 'digital' : 'physical', price_minor: priceOf(p, memo.currency), sku: p.sku },
    );
  },
  async variations(store, db, memo): Promise<ExistingVariation[]> {
    const ids = await newestIdsWhere(db, store.products.table, (q) => q.where('type', 'variation'));
    const variations = await store.variations.getMany(db, ids);
    const names = await memo.termNames(variations.flatMap((v) => v.term_ids));
    return variations.map((v) => ({
      id: String(v.id),
      product_id: String(v.parent_id),
      price_minor: priceOf(v, memo.currency),
      sku: v.sku,
      attributes: Object.fromEntries(axes(v, names).map((a) => [a.name, a.values[0]])),
    }));
  },
  async customers(store, db): Promise<ExistingCustomer[]> {
    return (await store.customers.getMany(db, await newestIds(db, store.customers.table))).map((c) => ({
      id: String(c.id),
      email: c.email,
      first_name: c.first_name,
      last_name: c.last_name,
      country: c.billing?.country || null,
      billing: fromEmporiumAddress(c.billing),
    }));
  },
  /**
   * Coupons with uses left (the store refuses one past its usage limit). Emporium coupons have no start
   * date: a coupon is usable from its creation (the driver writes a coupon's start as its creation date)
   * until it expires, and orders apply it only within that window.
   */
  async coupons(store, db, memo): Promise<ExistingCoupon[]> {
    const coupons = await store.coupons.getManyForLimits(db, await newestIds(db, store.coupons.table));
    return coupons
      .filter((c) => c.usage_limit === null || (c.uses?.count ?? 0) < c.usage_limit)
      .map((c) => {
        const base = {
          id: String(c.id),
          code: c.code,
          minimum_spend_minor: fromDecimalOrNull(c.minimum_amount, memo.currency),
          starts_at: toCanonicalInstant(c.created_at),
          expires_at: c.date_expires === null ? null : toCanonicalInstant(c.date_expires),
          uses_left: c.usage_limit === null ? null : c.usage_limit - (c.uses?.count ?? 0),
          per_customer_limit: c.usage_limit_per_user,
          used_by: Object.fromEntries(Object.entries(c.uses?.by ?? {}).flatMap(([user, n]) => (user.startsWith('customer:') ? [[user.slice('customer:'.length), n]] : []))),
        };
        if (c.discount_type === 'percent') return { ...base, discount_type: 'percentage', amount_percent: fromDecimal(c.amount, memo.currency) / 100, amount_minor: null };
        if (c.free_shipping && fromDecimal(c.amount, memo.currency) === 0) return { ...base, discount_type: 'free_shipping', amount_percent: null, amount_minor: null };
        // fixed_product has no canonical twin; as a cart discount it is at least of the right size.
        return { ...base, discount_type: 'fixed_cart', amount_percent: null, amount_minor: fromDecimal(c.amount, memo.currency) };
      });
  },
  async shipping_plans(store, db, memo): Promise<ExistingShippingPlan[]> {
    return (await store.shippingZones.getMany(db, await newestIds(db, store.shippingZones.table))).map((z) => ({
      id: String(z.id),
      name: z.name,
      countries: [...new Set(z.locations.flatMap((l) => countriesOf(l)))],
      rest_of_world: z.locations.length === 0,
      methods: z.methods
        .filter((m) => m.enabled)
        .map((m) => ({
          type: m.method_type,
          title: m.title,
          cost_minor: m.method_type === 'flat_rate' ? fromDecimal(m.cost, memo.currency) : m.method_type === 'local_pickup' ? 0 : null,
          min_amount_minor: fromDecimalOrNull(m.min_amount, memo.currency),
        })),
    }));
  },
  async tax_classes(store, db) {
    return (await store.taxClasses.getMany(db, await newestIds(db, store.taxClasses.table, NAMED_CAP))).map((t) => ({ id: String(t.id), name: t.name, slug: t.slug }));
  },
  async tax_rates(store, db): Promise<ExistingTaxRate[]> {
    return (await store.taxRates.getMany(db, await newestIds(db, store.taxRates.table))).map((r) => ({
      id: String(r.id),
      tax_class_id: r.tax_class_id === null ? null : String(r.tax_class_id),
      country: r.country,
      name: r.name,
      rate_percent: Number(r.rate),
      compound: r.compound,
      shipping: r.shipping,
    }));
  },
  async orders(store, db): Promise<ExistingOrder[]> {
    return (await store.orders.getMany(db, await newestIds(db, store.orders.table))).map((o) => {
      const status = canonicalOrderStatus(o.status);
      return {
        id: String(o.id),
        status,
        currency: o.currency,
        total_minor: fromDecimal(o.total, o.currency),
        shipping_minor: fromDecimal(o.shipping_total, o.currency) + fromDecimal(o.shipping_tax, o.currency),
        paid: isPaidOrderStatus(status),
        refunded_minor: fromDecimal(o.total_refunded, o.currency),
        created_at: toCanonicalInstant(o.created_at),
        completed_at: o.date_completed === null ? null : toCanonicalInstant(o.date_completed),
        product_ids: o.line_items.flatMap((l) => (l.product_id === null ? [] : [String(l.product_id)])),
        customer_id: o.customer_id === null ? null : String(o.customer_id),
        country: o.billing?.country || null,
      };
    });
  },
  // Emporium keeps payments on the order: there are no transaction records to refer to.
  async transactions() {
    return [];
  },
  // Nor labels: emporium has none.
  async labels() {
    return [];
  },
};

export async function readExisting(store: EmporiumStore, kinds: readonly ExistingKind[], db: Db): Promise<Partial<ExistingRecords>> {
  const memo = new Memo(store, db, await store.currency.get());
  const out: Record<string, readonly unknown[]> = {};
  for (const kind of new Set(kinds)) {
    const read = READERS[kind];
    if (read) out[kind] = await read(store, db, memo);
  }
  return out as Partial<ExistingRecords>;
}
