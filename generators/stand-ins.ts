/**
 * Stand-in references: a small, self-contained shop a preview refers to when no store resolved
 * ("preview needs no platform"). Each kind is made by the Seeder's own generators, from the request's
 * seed, locale, reference date and currency, so the same request previews the same rows on every
 * process; the records get ids that say what they are (`stand-in-product-3`) and are never written.
 * Pure: no I/O, no clock.
 */
import type { Ref } from './entities.ts';
import { EXISTING_KINDS, existingRecords, type ExistingKind, type ExistingRecords } from './existing.ts';
import { generate } from './registry.ts';
import type { ResourceName } from './resources.ts';

/** What a stand-in shop is made for: the request's seed, locale and dates. */
export interface StandInRequest {
  readonly seed: string;
  readonly locale: string;
  readonly reference_date: string;
  readonly date_range: { start: string; end: string };
  readonly currency?: string;
}

/** The id prefix every stand-in record carries. */
export const STAND_IN_PREFIX = 'stand-in-';

/** Whether `id` names a stand-in record. */
export const isStandInId = (id: string): boolean => id.startsWith(STAND_IN_PREFIX);

type Mutable = { -readonly [K in keyof ExistingRecords]: ExistingRecords[K][number][] };

/**
 * The stand-in records for every kind `resource`'s generator reads of another resource (its own kind
 * stays empty, as in an empty store). Deterministic per request.
 */
export function standInRecords(resource: ResourceName, needs: readonly ExistingKind[], request: StandInRequest): ExistingRecords {
  const wanted = needs.filter((kind) => EXISTING_KINDS[kind] !== resource);
  if (wanted.length === 0) return existingRecords();
  const shop = buildShop(request, wanted);
  const out: Partial<Mutable> = {};
  for (const kind of wanted) (out as Record<string, unknown>)[kind] = shop[kind];
  return existingRecords(out);
}

/** The kinds of other resources `resource`'s generator reads: those a stand-in shop fills. */
export function standInKinds(resource: ResourceName, needs: readonly ExistingKind[]): ExistingKind[] {
  return needs.filter((kind) => EXISTING_KINDS[kind] !== resource);
}

/**
 * The stand-in shop, in resource order, each kind made against the kinds before it; it stops once every
 * `wanted` kind is made (a kind is the same whichever kinds are wanted). No generator reads another
 * resource's labels, so there are none.
 */
function buildShop(request: StandInRequest, wanted: readonly ExistingKind[]): ExistingRecords {
  const shop: Mutable = existingRecords() as unknown as Mutable;
  const made = new Set<ExistingKind>();
  /** Notes `kinds` as made; true when nothing wanted is left to make. */
  const enough = (...kinds: ExistingKind[]) => {
    for (const k of kinds) made.add(k);
    return wanted.every((k) => made.has(k));
  };
  const seed = `${request.seed}/stand-in`;
  const run = <R extends ResourceName>(resource: R, count: number, params: Record<string, unknown> = {}) =>
    generate(resource, { seed, locale: request.locale, reference_date: request.reference_date, date_range: request.date_range, count, ...params }, {
      existing: shop,
      ...(request.currency ? { currency: request.currency } : {}),
    }).entities;
  const ids = new Map<string, string>();
  const idOf = (kind: string, n: number, key: string) => {
    const id = `${STAND_IN_PREFIX}${kind}-${n}`;
    ids.set(key, id);
    return id;
  };
  const ref = (r: Ref | null | undefined): string | null => (r ? (r.id ?? ids.get(r.key!) ?? null) : null);

  const terms = (resource: 'product_category' | 'product_tag' | 'brand' | 'shipping_class', kind: string, count: number) =>
    run(resource, count).map((e, i) => ({ id: idOf(kind, i + 1, e.key), name: e.name, slug: e.slug, parent_id: 'parent' in e ? ref(e.parent as Ref | null) : null }));
  shop.product_categories = terms('product_category', 'category', 4);
  if (enough('product_categories')) return shop as unknown as ExistingRecords;
  shop.product_tags = terms('product_tag', 'tag', 4);
  if (enough('product_tags')) return shop as unknown as ExistingRecords;
  shop.brands = terms('brand', 'brand', 2);
  if (enough('brands')) return shop as unknown as ExistingRecords;
  shop.attributes = run('attribute', 2).map((e, i) => ({ id: idOf('attribute', i + 1, e.key), name: e.name, terms: e.terms.map((t) => ({ name: t.name })) }));
  if (enough('attributes')) return shop as unknown as ExistingRecords;
  // Every type a dependent generator looks for: simple ones to sell, digital ones to download or
  // subscribe to, variable ones to vary.
  const products = [...run('product', 4, { product_type: 'physical' }), ...run('product', 3, { product_type: 'digital', offset: 4 }), ...run('product', 2, { product_type: 'variable', offset: 7 })];
  shop.products = products.map((e, i) => ({
    id: idOf('product', i + 1, e.key),
    name: e.name,
    type: e.type,
    price_minor: e.sale_price_minor ?? e.regular_price_minor,
    sku: e.sku,
    attributes: e.attributes.filter((a) => a.variation).map((a) => ({ name: a.name, values: [...a.values] })),
    subscription: e.type === 'digital' && i % 2 === 0,
  }));
  if (enough('products')) return shop as unknown as ExistingRecords;
  shop.variations = run('product_variation', 4).map((e, i) => ({
    id: idOf('variation', i + 1, e.key),
    product_id: ref(e.product)!,
    price_minor: e.sale_price_minor ?? e.regular_price_minor,
    sku: e.sku,
    attributes: { ...e.attributes },
  }));
  if (enough('variations')) return shop as unknown as ExistingRecords;
  shop.customers = run('customer', 4).map((e, i) => ({
    id: idOf('customer', i + 1, e.key),
    email: e.email,
    first_name: e.first_name,
    last_name: e.last_name,
    country: e.billing.country,
    billing: e.billing,
  }));
  if (enough('customers')) return shop as unknown as ExistingRecords;
  shop.coupons = run('coupon', 3).map((e, i) => ({
    id: idOf('coupon', i + 1, e.key),
    code: e.code,
    discount_type: e.discount_type,
    amount_percent: e.amount_percent,
    amount_minor: e.amount_minor,
    minimum_spend_minor: e.minimum_spend_minor,
    starts_at: e.starts_at,
    expires_at: e.expires_at,
    uses_left: e.usage_limit,
    per_customer_limit: e.usage_limit_per_user,
  }));
  if (enough('coupons')) return shop as unknown as ExistingRecords;
  shop.shipping_classes = terms('shipping_class', 'shipping-class', 2);
  if (enough('shipping_classes')) return shop as unknown as ExistingRecords;
  shop.shipping_plans = run('shipping_plan', 2).map((e, i) => ({
    id: idOf('shipping-plan', i + 1, e.key),
    name: e.name,
    countries: [...e.countries],
    rest_of_world: e.rest_of_world,
    methods: e.methods.map((m) => ({ type: m.type, title: m.title, cost_minor: m.cost_minor, min_amount_minor: m.min_amount_minor })),
  }));
  if (enough('shipping_plans')) return shop as unknown as ExistingRecords;
  const taxClasses = run('tax_class', 2);
  shop.tax_classes = taxClasses.map((e, i) => ({ id: idOf('tax-class', i + 1, e.key), name: e.name, slug: e.slug }));
  let rate = 0;
  shop.tax_rates = taxClasses.flatMap((e, i) =>
    e.rates.map((r) => ({ id: `${STAND_IN_PREFIX}tax-rate-${++rate}`, tax_class_id: i === 0 ? null : shop.tax_classes[i]!.id, country: r.country, name: r.name, rate_percent: r.rate_percent, compound: r.compound, shipping: r.shipping })),
  );
  if (enough('tax_classes', 'tax_rates')) return shop as unknown as ExistingRecords;
  // Orders of every status, so refunds, transactions, licences and tax lines find ones that fit.
  shop.orders = run('order', 12, { coupon_ratio: 0 }).map((e, i) => ({
    id: idOf('order', i + 1, e.key),
    status: e.status,
    currency: e.currency,
    total_minor: e.total_minor,
    shipping_minor: e.shipping_total_minor,
    paid: e.paid,
    refunded_minor: 0,
    created_at: e.created_at,
    product_ids: e.lines.map((l) => ref(l.product)!),
    completed_at: e.completed_at,
    customer_id: ref(e.customer),
    country: e.billing.country,
  }));
  if (enough('orders')) return shop as unknown as ExistingRecords;
  shop.transactions = run('transaction', 4).map((e, i) => ({
    id: idOf('transaction', i + 1, e.key),
    order_id: ref(e.order)!,
    type: e.type,
    state: e.state,
    amount_minor: e.amount_minor,
    created_at: e.created_at,
  }));
  if (enough('transactions')) return shop as unknown as ExistingRecords;
  return shop as unknown as ExistingRecords;
}
