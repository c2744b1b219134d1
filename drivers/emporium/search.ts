/** Lookup for entity pickers, through the searches emporium's repositories offer. */
import type { LookupItem, ResourceName } from '../../plugin-api.ts';
import type { EmporiumStore } from '../../stores/emporium/index.ts';
import type { EmporiumSubscriptionsStore } from '../../stores/emporium-subscriptions/index.ts';
import type { Readable } from '../common/read.ts';

type Db = EmporiumStore['db'];
type Hit = { id: number; label: string };
type Search = (db: Db, term: string, limit: number) => Promise<Hit[]>;

/** The store search behind each resource that has one (others answer no items). */
export function searches(store: EmporiumStore, subscriptions: EmporiumSubscriptionsStore | undefined): Partial<Record<ResourceName, Search>> {
  return {
    product: (db, t, n) => store.products.search(db, t, n),
    product_variation: (db, t, n) => store.variations.search(db, t, n),
    product_category: (db, t, n) => store.categories.search(db, t, n),
    product_tag: (db, t, n) => store.tags.search(db, t, n),
    brand: (db, t, n) => store.brands.search(db, t, n),
    attribute: (db, t, n) => store.attributes.search(db, t, n),
    customer: (db, t, n) => store.customers.search(db, t, n),
    order: (db, t, n) => store.orders.search(db, t, n),
    coupon: (db, t, n) => store.coupons.search(db, t, n),
    shipping_class: (db, t, n) => store.shippingClasses.search(db, t, n),
    shipping_plan: (db, t, n) => store.shippingZones.search(db, t, n),
    tax_class: (db, t, n) => store.taxClasses.search(db, t, n),
    log: (db, t, n) => store.log.search(db, t, n),
    ...(subscriptions ? { subscription: (db: Db, t: string, n: number) => subscriptions.subscriptions.search(db, t, n) } : {}),
  };
}

/** The repository each resource's records are read back through (`read`, for the Records view). */
export function readers(store: EmporiumStore, subscriptions: EmporiumSubscriptionsStore | undefined): Partial<Record<ResourceName, Readable<Db>>> {
  return {
    product: store.products,
    product_variation: store.variations,
    product_category: store.categories,
    product_tag: store.tags,
    brand: store.brands,
    attribute: store.attributes,
    customer: store.customers,
    order: store.orders,
    coupon: store.coupons,
    shipping_class: store.shippingClasses,
    shipping_plan: store.shippingZones,
    tax_class: store.taxClasses,
    log: store.log,
    ...(subscriptions ? { subscription: subscriptions.subscriptions as unknown as Readable<Db> } : {}),
  };
}

export async function searchStore(
  store: EmporiumStore,
  subscriptions: EmporiumSubscriptionsStore | undefined,
  resource: ResourceName,
  term: string,
  limit: number,
): Promise<LookupItem[]> {
  const search = searches(store, subscriptions)[resource];
  if (!search) return [];
  return (await search(store.db, term, limit)).map((h) => ({ id: String(h.id), label: h.label, resource }));
}
