/**
 * The existing-records view of a cartwheel store: the newest EXISTING_CAP records (NAMED_CAP for kinds
 * with unique names) of each kind a generator needs, in ascending id order, read through the store's repositories and converted back to
 * canonical values (canonical statuses, states and discount types; integer minor units are cartwheel's cents).
 */
import type { Knex } from 'knex';
import type { ExistingAttribute, ExistingCoupon, ExistingCustomer, ExistingKind, ExistingOrder, ExistingProduct, ExistingRecords, ExistingShippingPlan, ExistingTaxRate, ExistingTerm, ExistingTransaction, ExistingVariation } from '../../plugin-api.ts';
import { isPaidOrderStatus, NAMED_CAP, newestIds } from '../../plugin-api.ts';
import type { AttributeRecord, CartwheelStore, ProductRecord, TermRecord } from '../../stores/cartwheel/index.ts';
import { canonicalAddress, canonicalTime } from './convert.ts';
import { canonicalDiscountType, canonicalOrderStatus, canonicalTransactionState } from './vocabulary.ts';

type Db = Knex | Knex.Transaction;

function terms(records: readonly TermRecord[]): ExistingTerm[] {
  return records.map((t) => ({ id: String(t.id), name: t.name, slug: t.slug, parent_id: t.parent_id === null ? null : String(t.parent_id) }));
}

function attributeView(records: readonly AttributeRecord[]): ExistingAttribute[] {
  return records.map((a) => ({ id: String(a.id), name: a.name, terms: a.terms.map((t) => ({ id: String(t.id), name: t.name })) }));
}

/** Reads each kind at most once per call, however many kinds share a source (products and variations). */
class View {
  readonly #db: Db;
  readonly #store: CartwheelStore;
  readonly #memo = new Map<string, Promise<unknown>>();

  constructor(db: Db, store: CartwheelStore) {
    this.#db = db;
    this.#store = store;
  }

  #once<T>(name: string, load: () => Promise<T>): Promise<T> {
    if (!this.#memo.has(name)) this.#memo.set(name, load());
    return this.#memo.get(name) as Promise<T>;
  }

  attributes(): Promise<AttributeRecord[]> {
    return this.#once('attributes', async () => this.#store.attributes.getMany(this.#db, await newestIds(this.#db, this.#store.attributes.table, NAMED_CAP)));
  }

  products(): Promise<ProductRecord[]> {
    return this.#once('products', async () => this.#store.products.getMany(this.#db, await newestIds(this.#db, this.#store.products.table)));
  }

  async termNames(): Promise<Map<number, { attribute: string; term: string }>> {
    const out = new Map<number, { attribute: string; term: string }>();
    for (const a of await this.attributes()) for (const t of a.terms) out.set(t.id, { attribute: a.name, term: t.name });
    return out;
  }
}

/** A physical product with several variations is variable: its first variation is its base price, the others are sold. */
function isVariable(p: ProductRecord): boolean {
  return p.fulfillment_type === 'physical' && p.variation_type === 'variations';
}

async function productsView(view: View): Promise<ExistingProduct[]> {
  const names = await view.termNames();
  return (await view.products()).map((p) => {
    const first = p.variations[0];
    const variable = isVariable(p);
    const axes = new Map<string, string[]>();
    if (variable) {
      for (const v of p.variations) {
        for (const termId of v.term_ids) {
          const n = names.get(termId);
          if (!n) continue;
          const values = axes.get(n.attribute) ?? [];
          if (!values.includes(n.term)) values.push(n.term);
          axes.set(n.attribute, values);
        }
      }
    }
    const onetime = p.variations.find((v) => v.payment_type === 'onetime') ?? first;
    return {
      id: String(p.id),
      name: p.title,
      type: p.fulfillment_type === 'digital' ? 'digital' : variable ? 'variable' : 'physical',
      price_minor: onetime?.price ?? 0,
      sku: first?.sku ?? null,
      ...(variable ? { attributes: [...axes].map(([name, values]) => ({ name, values })) } : {}),
      subscription: p.variations.some((v) => v.payment_type === 'subscription'),
    };
  });
}

async function variationsView(view: View): Promise<ExistingVariation[]> {
  const names = await view.termNames();
  const out: ExistingVariation[] = [];
  for (const p of await view.products()) {
    if (!isVariable(p)) continue;
    for (const v of p.variations.slice(1)) {
      const attributes: Record<string, string> = {};
      for (const termId of v.term_ids) {
        const n = names.get(termId);
        if (n) attributes[n.attribute] = n.term;
      }
      out.push({ id: String(v.id), product_id: String(p.id), price_minor: v.price, sku: v.sku, ...(Object.keys(attributes).length ? { attributes } : {}) });
    }
  }
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}

async function customersView(db: Db, store: CartwheelStore): Promise<ExistingCustomer[]> {
  return (await store.customers.getMany(db, await newestIds(db, store.customers.table))).map((c) => {
    const billing = c.addresses.find((a) => a.type === 'billing' && a.is_primary) ?? c.addresses.find((a) => a.type === 'billing');
    return {
      id: String(c.id),
      email: c.email,
      first_name: c.first_name,
      last_name: c.last_name,
      country: billing?.country ?? null,
      billing: billing ? canonicalAddress(billing, c.first_name, c.last_name) : null,
    };
  });
}

/** Coupons an order could still apply: active ones with uses left (their dates are the order's business). */
async function couponsView(db: Db, store: CartwheelStore): Promise<ExistingCoupon[]> {
  return (await store.coupons.getMany(db, await newestIds(db, store.coupons.table)))
    .filter((c) => c.status === 'active' && (c.max_uses === null || c.use_count < c.max_uses))
    .map((c) => {
      const type = canonicalDiscountType(c.type);
      return {
        id: String(c.id),
        code: c.code,
        discount_type: type,
        amount_percent: type === 'percentage' ? c.amount : null,
        amount_minor: type === 'fixed_cart' ? c.amount : null,
        minimum_spend_minor: c.min_purchase,
        starts_at: c.start_date,
        expires_at: c.end_date,
        uses_left: c.max_uses === null ? null : c.max_uses - c.use_count,
        per_customer_limit: c.max_per_customer,
        used_by: c.used_by,
      };
    });
}

/** Every enabled shipping method is a plan of one method serving its countries (none: everywhere). */
async function shippingPlansView(db: Db, store: CartwheelStore): Promise<ExistingShippingPlan[]> {
  return (await store.shippingMethods.getMany(db, await newestIds(db, store.shippingMethods.table)))
    .filter((m) => m.is_enabled)
    .map((m) => ({
      id: String(m.id),
      name: m.title,
      countries: m.countries,
      rest_of_world: m.countries.length === 0,
      methods: [{ type: m.type, title: m.title, cost_minor: m.type === 'free_shipping' ? null : m.amount, min_amount_minor: null }],
    }));
}

async function taxRatesView(db: Db, store: CartwheelStore): Promise<ExistingTaxRate[]> {
  return (await store.taxRates.getMany(db, await newestIds(db, store.taxRates.table))).map((r) => ({
    id: String(r.id),
    tax_class_id: r.tax_class_id === null ? null : String(r.tax_class_id),
    country: r.country,
    name: r.name,
    rate_percent: Number(r.rate),
    compound: r.compound,
    shipping: r.shipping,
  }));
}

/**
 * Orders with what can still be refunded in cartwheel's terms: its succeeded charges less its refunds
 * that are not failed (pending ones count, as the store counts them). `refunded_minor` is set so that
 * total − refunded is exactly that.
 */
async function ordersView(db: Db, store: CartwheelStore): Promise<ExistingOrder[]> {
  const orders = await store.orders.getMany(db, await newestIds(db, store.orders.table));
  const transactions = await store.transactions.getMany(db, orders.flatMap((o) => o.transaction_ids));
  const charged = new Map<number, number>();
  const refunded = new Map<number, number>();
  for (const t of transactions) {
    if (t.transaction_type === 'charge' && t.status === 'succeeded') charged.set(t.order_id, (charged.get(t.order_id) ?? 0) + t.total);
    if (t.transaction_type === 'refund' && t.status !== 'failed') refunded.set(t.order_id, (refunded.get(t.order_id) ?? 0) + t.total);
  }
  return orders.map((o) => {
    const status = canonicalOrderStatus(o.status);
    const refundable = Math.max(0, Math.min(o.total_amount, (charged.get(o.id) ?? 0) - (refunded.get(o.id) ?? 0)));
    const billing = o.addresses.find((a) => a.type === 'billing');
    return {
      id: String(o.id),
      status,
      currency: o.currency,
      total_minor: o.total_amount,
      shipping_minor: o.shipping_total,
      paid: isPaidOrderStatus(status),
      refunded_minor: o.total_amount - refundable,
      charged_minor: charged.get(o.id) ?? 0,
      created_at: canonicalTime(o.created_at),
      completed_at: o.completed_at === null ? null : canonicalTime(o.completed_at),
      product_ids: o.items.flatMap((it) => (it.product_id === null ? [] : [String(it.product_id)])),
      customer_id: String(o.customer_id),
      country: billing?.country ?? null,
    };
  });
}

async function transactionsView(db: Db, store: CartwheelStore): Promise<ExistingTransaction[]> {
  return (await store.transactions.getMany(db, await newestIds(db, store.transactions.table))).map((t) => ({
    id: String(t.id),
    order_id: String(t.order_id),
    type: t.transaction_type,
    state: canonicalTransactionState(t.status),
    amount_minor: t.total,
    created_at: canonicalTime(t.created_at),
  }));
}

export async function existingRecordsOf(kinds: readonly ExistingKind[], db: Db, store: CartwheelStore): Promise<Partial<ExistingRecords>> {
  const view = new View(db, store);
  const out: { -readonly [K in ExistingKind]?: ExistingRecords[K] } = {};
  for (const kind of new Set(kinds)) {
    switch (kind) {
      case 'product_categories':
        out.product_categories = terms(await store.categories.getMany(db, await newestIds(db, store.categories.table, NAMED_CAP)));
        break;
      case 'product_tags':
        // Cartwheel has no product tags.
        out.product_tags = [];
        break;
      case 'brands':
        out.brands = terms(await store.brands.getMany(db, await newestIds(db, store.brands.table, NAMED_CAP)));
        break;
      case 'attributes':
        out.attributes = attributeView(await view.attributes());
        break;
      case 'products':
        out.products = await productsView(view);
        break;
      case 'variations':
        out.variations = await variationsView(view);
        break;
      case 'customers':
        out.customers = await customersView(db, store);
        break;
      case 'coupons':
        out.coupons = await couponsView(db, store);
        break;
      case 'shipping_classes':
        out.shipping_classes = terms(await store.shippingClasses.getMany(db, await newestIds(db, store.shippingClasses.table, NAMED_CAP)));
        break;
      case 'shipping_plans':
        out.shipping_plans = await shippingPlansView(db, store);
        break;
      case 'tax_classes':
        out.tax_classes = (await store.taxClasses.getMany(db, await newestIds(db, store.taxClasses.table, NAMED_CAP))).map((c) => ({ id: String(c.id), name: c.name, slug: c.slug }));
        break;
      case 'tax_rates':
        out.tax_rates = await taxRatesView(db, store);
        break;
      case 'orders':
        out.orders = await ordersView(db, store);
        break;
      case 'transactions':
        out.transactions = await transactionsView(db, store);
        break;
      case 'labels':
        out.labels = (await store.labels.getMany(db, await newestIds(db, store.labels.table, NAMED_CAP))).map((l) => ({ id: String(l.id), name: l.title, slug: l.slug }));
        break;
    }
  }
  return out;
}
