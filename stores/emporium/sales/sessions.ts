/** Cart sessions (WooCommerce's `woocommerce_sessions`): a session key, the cart, an expiry. Deleting the customer removes them. */
import { Check, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique, requireExisting, rowsById } from '../../common/lookups.ts';
import { nowIso, numOrNull, parseJson, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { T } from '../tables.ts';

export interface CartLineInput {
  product_id: number;
  variation_id?: number | null;
  quantity: number;
}

export interface SessionInput {
  /** Unique; at most 64 characters. */
  session_key: string;
  /** Null for a guest's session. */
  customer_id?: number | null;
  cart?: CartLineInput[];
  /** ISO 8601 UTC, after `created_at`. */
  expires_at: string;
  created_at?: string;
}

export interface SessionRecord {
  id: number;
  session_key: string;
  customer_id: number | null;
  cart: Array<{ product_id: number; variation_id: number | null; quantity: number }>;
  expires_at: string;
  created_at: string;
}

type Item = Omit<SessionRecord, 'id'>;

const FIELDS = fieldsOf<SessionInput>()({ session_key: 1, customer_id: 1, cart: 1, expires_at: 1, created_at: 1 });
const LINE_FIELDS = fieldsOf<CartLineInput>()({ product_id: 1, variation_id: 1, quantity: 1 });

export class SessionRepository extends Repository<SessionInput, SessionRecord, Item> {
  readonly entity = 'session';
  readonly table = T.sessions;

  protected async validate(db: Executor, inputs: readonly SessionInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
      const expires = c.datetime('expires_at', o.expires_at);
      if (expires !== null && expires <= created) c.fail('expires_at', 'expires_before_created', 'must be after created_at');
      return {
        session_key: c.text('session_key', o.session_key, { max: 64 }) ?? '',
        customer_id: c.id('customer_id', o.customer_id, { optional: true }),
        cart: c.list('cart', o.cart, (v, p) => {
          const x = c.object(p, v, LINE_FIELDS) ?? {};
          return {
            product_id: c.id(join(p, 'product_id'), x.product_id) ?? 0,
            variation_id: c.id(join(p, 'variation_id'), x.variation_id, { optional: true }),
            quantity: c.int(join(p, 'quantity'), x.quantity, { min: 1 }) ?? 1,
          };
        }),
        expires_at: expires ?? '',
        created_at: created,
      };
    });
    const customers = await rowsById(db, T.customers, items.map((it) => it.customer_id));
    const products = await rowsById(db, T.products, items.flatMap((it) => it.cart.flatMap((l) => [l.product_id || null, l.variation_id])));
    items.forEach((it, i) => {
      requireExisting(checks[i], 'customer_id', it.customer_id, customers, 'Customer');
      it.cart.forEach((l, k) => {
        requireExisting(checks[i], `cart[${k}].product_id`, l.product_id || null, products, 'Product');
        requireExisting(checks[i], `cart[${k}].variation_id`, l.variation_id, products, 'Variation');
      });
    });
    await checkUnique(db, T.sessions, 'session_key', items.map((it, i) => ({ check: checks[i], field: 'session_key', value: it.session_key || null })), 'Session key');
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.sessions, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.sessions, { id, ...it, cart: JSON.stringify(it.cart) });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, SessionRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.sessions, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          session_key: str(r.session_key),
          customer_id: numOrNull(r.customer_id),
          cart: parseJson<SessionRecord['cart']>(r.cart, []),
          expires_at: str(r.expires_at),
          created_at: str(r.created_at),
        },
      ]),
    );
  }
}
