/** Lookup for entity pickers through the store's own search, where it has one for the resource. */
import type { LookupItem, ResourceName, Site } from '../../plugin-api.ts';
import { CARTWHEEL } from '../../stores/cartwheel/service.ts';
import { CARTWHEEL_PRO } from '../../stores/cartwheel-pro/service.ts';
import type { SearchHit } from '../../stores/common/index.ts';
import { readThrough, type Readable } from '../common/read.ts';

/** The repository each resource's records are read back through (`read`, for the Records view). */
export async function readCartwheel(resource: ResourceName, ids: readonly string[], site: Site): Promise<Map<string, Record<string, unknown>>> {
  const store = site.services.get(CARTWHEEL);
  if (!store) return new Map();
  const repos: Partial<Record<ResourceName, Readable<typeof site.db>>> = {
    product: store.products,
    product_variation: store.variations,
    product_download: store.downloads,
    product_category: store.categories,
    brand: store.brands,
    attribute: store.attributes,
    customer: store.customers,
    order: store.orders,
    order_tax_line: store.orderTaxLines,
    transaction: store.transactions,
    refund: store.refunds,
    coupon: store.coupons,
    shipping_plan: store.shippingMethods,
    shipping_class: store.shippingClasses,
    tax_class: store.taxClasses,
    label: store.labels,
    subscription: store.subscriptions,
    log: store.activities,
  };
  return readThrough(repos[resource], site.db, ids);
}

export async function searchCartwheel(resource: ResourceName, term: string, site: Site, limit: number): Promise<LookupItem[]> {
  const store = site.services.get(CARTWHEEL);
  if (!store) return [];
  const db = site.db;
  const n = Math.max(1, Math.min(100, Math.floor(limit) || 20));
  let hits: Array<SearchHit<unknown>>;
  switch (resource) {
    case 'product_category':
      hits = await store.categories.search(db, term, n);
      break;
    case 'brand':
      hits = await store.brands.search(db, term, n);
      break;
    case 'attribute':
      hits = await store.attributes.search(db, term, n);
      break;
    case 'product':
      hits = await store.products.search(db, term, n);
      break;
    case 'product_variation':
      hits = await store.variations.search(db, term, n);
      break;
    case 'customer':
      hits = await store.customers.search(db, term, n);
      break;
    case 'coupon':
      hits = await store.coupons.search(db, term, n);
      break;
    case 'shipping_class':
      hits = await store.shippingClasses.search(db, term, n);
      break;
    case 'shipping_plan':
      hits = await store.shippingMethods.search(db, term, n);
      break;
    case 'tax_class':
      hits = await store.taxClasses.search(db, term, n);
      break;
    case 'order':
      hits = await store.orders.search(db, term, n);
      break;
    case 'transaction':
      hits = await store.transactions.search(db, term, n);
      break;
    case 'refund':
      // Refunds are transactions: search them all and keep the refunds.
      hits = (await store.transactions.search(db, term, 100)).filter((h) => h.record.transaction_type === 'refund').slice(0, n);
      break;
    case 'label':
      hits = await store.labels.search(db, term, n);
      break;
    case 'log':
      hits = await store.activities.search(db, term, n);
      break;
    case 'licence': {
      const pro = site.services.get(CARTWHEEL_PRO);
      hits = pro ? await pro.licenses.search(db, term, n) : [];
      break;
    }
    default:
      // Product tags do not exist; downloads, order tax lines, carts and subscriptions have no search.
      hits = [];
  }
  return hits.map((h) => ({ id: String(h.id), label: h.label, resource }));
}
