/**
 * What writers look up in the store once per batch (never per row), always through the repositories:
 * the variation that sells a product when a canonical line names only the product, the attribute
 * terms a variation is made of, and the orders converted carts became.
 */
import type { Knex } from 'knex';
import { newestIds } from '../../plugin-api.ts';
import type { CartwheelStore, OrderRecord, VariationRecord } from '../../stores/cartwheel/index.ts';

export interface ProductVariations {
  /** The variation that sells the product once: the first by position (a variable product's base price). */
  readonly primary: VariationRecord | undefined;
  /** The first variation sold by subscription, if any. */
  readonly subscription: VariationRecord | undefined;
}

/** The selling variations of these products (one read of the products for the whole batch). */
export async function productVariations(db: Knex | Knex.Transaction, store: CartwheelStore, productIds: Iterable<number>): Promise<Map<number, ProductVariations>> {
  const ids = [...new Set([...productIds].filter((id) => Number.isSafeInteger(id) && id > 0))];
  const out = new Map<number, ProductVariations>();
  if (ids.length === 0) return out;
  for (const p of await store.products.getMany(db, ids)) {
    out.set(p.id, {
      primary: p.variations.find((v) => v.payment_type === 'onetime') ?? p.variations[0],
      subscription: p.variations.find((v) => v.payment_type === 'subscription'),
    });
  }
  return out;
}

/** Attribute name -> term name -> term id, both names folded to lower case. */
export type TermIndex = Map<string, Map<string, number>>;

export async function termIndex(db: Knex | Knex.Transaction, store: CartwheelStore): Promise<TermIndex> {
  const index: TermIndex = new Map();
  const attributes = await store.attributes.getMany(db, await newestIds(db, store.attributes.table));
  for (const a of attributes) {
    const key = a.name.toLowerCase();
    if (index.has(key)) continue;
    index.set(key, new Map(a.terms.map((t) => [t.name.toLowerCase(), t.id])));
  }
  return index;
}

/** The order candidates a converted cart can name: id, customer and creation time of the newest orders. */
export interface OrderCandidate {
  readonly id: number;
  readonly customer_id: number;
  readonly at: number;
}

export async function orderCandidates(db: Knex | Knex.Transaction, store: CartwheelStore): Promise<OrderCandidate[]> {
  const orders: OrderRecord[] = await store.orders.getMany(db, await newestIds(db, store.orders.table));
  return orders.map((o) => ({ id: o.id, customer_id: o.customer_id, at: Date.parse(o.created_at) }));
}

/**
 * The order a converted cart became. The canonical cart does not name it, but cartwheel records a
 * completed cart with its order, so the driver names the customer's own order closest in time to the
 * conversion, else (a guest, or a customer without orders) the order closest in time; ties go to the
 * lower id. Undefined when the store has no orders at all.
 */
export function convertedOrder(candidates: readonly OrderCandidate[], customerId: number | null, convertedAt: string): number | undefined {
  const at = Date.parse(convertedAt);
  const closest = (list: readonly OrderCandidate[]) => {
    let best: OrderCandidate | undefined;
    for (const o of list) {
      if (!best || Math.abs(o.at - at) < Math.abs(best.at - at) || (Math.abs(o.at - at) === Math.abs(best.at - at) && o.id < best.id)) best = o;
    }
    return best?.id;
  };
  const own = customerId === null ? [] : candidates.filter((o) => o.customer_id === customerId);
  return closest(own) ?? closest(candidates);
}
