/**
 * Cartwheel carts: a cart hash, the items, and a stage: `draft` (browsing), `intended` (checkout begun),
 * `completed` (turned into an order, which it then names). Deleting a cart touches nothing else;
 * deleting its customer or order detaches it.
 */
import { Check, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique, requireExisting, rowsById } from '../../common/lookups.ts';
import { nowIso, numOrNull, parseJson, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { CART_STAGES, type CartStage } from '../statuses.ts';
import { C } from '../tables.ts';

export interface CartItemInput {
  variation_id: number;
  quantity: number;
}

export interface CartInput {
  /** Unique; at most 64 characters. */
  cart_hash: string;
  customer_id?: number | null;
  /** Default `draft`. */
  stage?: CartStage;
  /** Required for a `completed` cart, refused before. */
  order_id?: number | null;
  items?: CartItemInput[];
  created_at?: string;
  completed_at?: string | null;
}

export interface CartRecord {
  id: number;
  cart_hash: string;
  customer_id: number | null;
  stage: CartStage;
  order_id: number | null;
  items: Array<{ variation_id: number; quantity: number }>;
  created_at: string;
  completed_at: string | null;
}

type Item = Omit<CartRecord, 'id'>;

const FIELDS = fieldsOf<CartInput>()({ cart_hash: 1, customer_id: 1, stage: 1, order_id: 1, items: 1, created_at: 1, completed_at: 1 });

export class CartRepository extends Repository<CartInput, CartRecord, Item> {
  readonly entity = 'cart';
  readonly table = C.carts;

  protected async validate(db: Executor, inputs: readonly CartInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const stage = c.oneOf('stage', o.stage, CART_STAGES, 'draft') ?? 'draft';
      const order = c.id('order_id', o.order_id, { optional: true });
      if (stage === 'completed' && order === null && (o.order_id === undefined || o.order_id === null)) c.fail('order_id', 'completed_needs_order', 'a completed cart names its order');
      if (stage !== 'completed' && order !== null) c.fail('order_id', 'not_for_stage', `a ${stage} cart has no order yet`);
      return {
        cart_hash: c.text('cart_hash', o.cart_hash, { max: 64 }) ?? '',
        customer_id: c.id('customer_id', o.customer_id, { optional: true }),
        stage,
        order_id: order,
        items: c.list('items', o.items, (v, p) => {
          const x = c.object(p, v, { variation_id: 1, quantity: 1 }) ?? {};
          return { variation_id: c.id(join(p, 'variation_id'), x.variation_id) ?? 0, quantity: c.int(join(p, 'quantity'), x.quantity, { min: 1 }) ?? 1 };
        }),
        created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
        completed_at: c.datetime('completed_at', o.completed_at, { optional: true }),
      };
    });
    const customers = await rowsById(db, C.customers, items.map((it) => it.customer_id));
    const orders = await rowsById(db, C.orders, items.map((it) => it.order_id));
    const variations = await rowsById(db, C.variations, items.flatMap((it) => it.items.map((x) => x.variation_id || null)));
    items.forEach((it, i) => {
      requireExisting(checks[i], 'customer_id', it.customer_id, customers, 'Customer');
      requireExisting(checks[i], 'order_id', it.order_id, orders, 'Order');
      it.items.forEach((x, k) => requireExisting(checks[i], `items[${k}].variation_id`, x.variation_id || null, variations, 'Variation'));
    });
    await checkUnique(db, C.carts, 'cart_hash', items.map((it, i) => ({ check: checks[i], field: 'cart_hash', value: it.cart_hash || null })), 'Cart hash');
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.carts, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.carts, { id, ...it, items: JSON.stringify(it.items) });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, CartRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.carts, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          cart_hash: str(r.cart_hash),
          customer_id: numOrNull(r.customer_id),
          stage: str(r.stage) as CartStage,
          order_id: numOrNull(r.order_id),
          items: parseJson<CartRecord['items']>(r.items, []),
          created_at: str(r.created_at),
          completed_at: strOrNull(r.completed_at),
        },
      ]),
    );
  }
}
