/**
 * Subscriptions: a customer, the order that started it, a billing period and interval, the next payment
 * date, a status, and its items. Deleting a subscription removes its items; its customer, parent order
 * and products stay.
 */
import type { Knex } from 'knex';
import { Check, centsToDecimal, decimalToCents, fieldsOf, join } from '../common/check.ts';
import type { ValidationIssue } from '../common/errors.ts';
import type { Executor } from '../common/executor.ts';
import { requireExisting, rowsById } from '../common/lookups.ts';
import { groupBy, likeAny, nowIso, numOrNull, selectIn, str, strOrNull } from '../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../common/repository.ts';
import { T } from '../emporium/tables.ts';
import { BILLING_PERIODS, ST, SUBSCRIPTION_STATUSES, type BillingPeriod, type SubscriptionStatus } from './tables.ts';

export interface SubscriptionLineInput {
  product_id?: number | null;
  variation_id?: number | null;
  /** Defaults to the product's name; required without a product. */
  name?: string;
  quantity: number;
  /** Decimal string for the whole line, per billing period. */
  total: string;
}

export interface SubscriptionInput {
  customer_id: number;
  /** The order that started the subscription; must belong to the same customer. */
  parent_order_id?: number | null;
  /** Default `pending`. An `active` subscription needs `next_payment`. */
  status?: SubscriptionStatus;
  billing_period: BillingPeriod;
  /** Every 1 to 6 periods. Default 1. */
  billing_interval?: number;
  currency?: string;
  payment_method?: string;
  /** ISO 8601 UTC; default `created_at`. */
  start_date?: string;
  /** After `start_date`. */
  trial_end?: string | null;
  /** After `start_date` (and after `trial_end` when there is one). */
  next_payment?: string | null;
  /** After `next_payment` (or `start_date`). */
  end_date?: string | null;
  line_items: SubscriptionLineInput[];
  created_at?: string;
}

export interface SubscriptionRecord {
  id: number;
  customer_id: number;
  parent_order_id: number | null;
  status: SubscriptionStatus;
  billing_period: BillingPeriod;
  billing_interval: number;
  currency: string;
  payment_method: string;
  /** Sum of the line totals, per billing period. */
  total: string;
  start_date: string;
  trial_end: string | null;
  next_payment: string | null;
  end_date: string | null;
  line_items: Array<{ id: number; product_id: number | null; variation_id: number | null; name: string; quantity: number; total: string }>;
  created_at: string;
}

interface Item {
  row: Record<string, string | number | null>;
  lines: Array<{ product_id: number | null; variation_id: number | null; name: string; quantity: number; total: string }>;
}

const FIELDS = fieldsOf<SubscriptionInput>()({
  customer_id: 1, parent_order_id: 1, status: 1, billing_period: 1, billing_interval: 1, currency: 1, payment_method: 1,
  start_date: 1, trial_end: 1, next_payment: 1, end_date: 1, line_items: 1, created_at: 1,
});
const LINE_FIELDS = fieldsOf<SubscriptionLineInput>()({ product_id: 1, variation_id: 1, name: 1, quantity: 1, total: 1 });

export class SubscriptionRepository extends Repository<SubscriptionInput, SubscriptionRecord, Item> {
  readonly entity = 'subscription';
  readonly table = ST.subscriptions;

  protected async validate(db: Executor, inputs: readonly SubscriptionInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const drafts = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
      const start = c.datetime('start_date', o.start_date, { optional: true }) ?? created;
      const trial = c.datetime('trial_end', o.trial_end, { optional: true });
      const next = c.datetime('next_payment', o.next_payment, { optional: true });
      const end = c.datetime('end_date', o.end_date, { optional: true });
      if (trial !== null && trial <= start) c.fail('trial_end', 'trial_end_before_start', 'must be after start_date');
      if (next !== null && next <= start) c.fail('next_payment', 'next_payment_before_start', 'must be after start_date');
      if (next !== null && trial !== null && next < trial) c.fail('next_payment', 'next_payment_before_trial_end', 'must not be before trial_end');
      if (end !== null && end <= (next ?? start)) c.fail('end_date', 'end_before_next_payment', 'must be after next_payment (or start_date)');
      const status = c.oneOf('status', o.status, SUBSCRIPTION_STATUSES, 'pending') ?? 'pending';
      if (status === 'active' && next === null && o.next_payment === undefined) c.fail('next_payment', 'required', 'is required for an active subscription');
      if (!Array.isArray(o.line_items) || o.line_items.length === 0) c.fail('line_items', 'required', 'a subscription needs at least one item');
      const lines = c.list('line_items', o.line_items, (v, p) => {
        const x = c.object(p, v, LINE_FIELDS) ?? {};
        return {
          path: p,
          product_id: c.id(join(p, 'product_id'), x.product_id, { optional: true }),
          variation_id: c.id(join(p, 'variation_id'), x.variation_id, { optional: true }),
          name: c.text(join(p, 'name'), x.name, { optional: true }),
          quantity: c.int(join(p, 'quantity'), x.quantity, { min: 1 }) ?? 1,
          total: c.decimal(join(p, 'total'), x.total) ?? '0.00',
        };
      });
      return {
        c,
        lines,
        customer_id: c.id('customer_id', o.customer_id),
        parent_order_id: c.id('parent_order_id', o.parent_order_id, { optional: true }),
        row: {
          status,
          billing_period: c.oneOf('billing_period', o.billing_period, BILLING_PERIODS) ?? 'month',
          billing_interval: c.int('billing_interval', o.billing_interval, { optional: true, min: 1, max: 6 }) ?? 1,
          currency: c.currency('currency', o.currency, 'USD'),
          payment_method: c.text('payment_method', o.payment_method, { optional: true, max: 100 }) ?? '',
          start_date: start,
          trial_end: trial,
          next_payment: next,
          end_date: end,
          created_at: created,
        },
      };
    });
    const customers = await rowsById(db, T.customers, drafts.map((d) => d.customer_id));
    const orders = await rowsById<Record<string, unknown>>(db, T.orders, drafts.map((d) => d.parent_order_id), ['customer_id']);
    const products = await rowsById<Record<string, unknown>>(db, T.products, drafts.flatMap((d) => d.lines.flatMap((l) => [l.product_id, l.variation_id])), ['name', 'type', 'parent_id']);
    return drafts.map((d) => {
      const { c } = d;
      requireExisting(c, 'customer_id', d.customer_id, customers, 'Customer');
      if (requireExisting(c, 'parent_order_id', d.parent_order_id, orders, 'Order') && d.customer_id !== null) {
        const owner = numOrNull(orders.get(d.parent_order_id!)?.customer_id);
        if (owner !== d.customer_id) c.fail('parent_order_id', 'customer_mismatch', `Order ${d.parent_order_id} belongs to another customer`);
      }
      const lines = d.lines.map((l) => {
        requireExisting(c, join(l.path, 'product_id'), l.product_id, products, 'Product');
        if (requireExisting(c, join(l.path, 'variation_id'), l.variation_id, products, 'Variation')) {
          const v = products.get(l.variation_id!)!;
          if (v.type !== 'variation' || numOrNull(v.parent_id) !== l.product_id) {
            c.fail(join(l.path, 'variation_id'), 'variation_of_product', `Variation ${l.variation_id} is not a variation of product ${l.product_id ?? '(none)'}`);
          }
        }
        const known = products.get(l.variation_id ?? l.product_id ?? 0);
        const name = l.name ?? (known ? str(known.name) : null);
        if (name === null) c.fail(join(l.path, 'name'), 'required', 'is required for an item without a product');
        return { product_id: l.product_id, variation_id: l.variation_id, name: name ?? '', quantity: l.quantity, total: l.total };
      });
      const total = centsToDecimal(lines.reduce((n, l) => n + decimalToCents(l.total), 0));
      return { row: { ...d.row, customer_id: d.customer_id ?? 0, parent_order_id: d.parent_order_id, total }, lines };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(ST.subscriptions, items.length);
    const lineIds = await batch.reserve(ST.items, items.reduce((n, it) => n + it.lines.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(ST.subscriptions, { id, ...it.row });
      for (const l of it.lines) batch.add(ST.items, { id: lineIds.next(), subscription_id: id, ...l });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, SubscriptionRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, ST.subscriptions, 'id', ids);
    const lines = groupBy(await selectIn<Record<string, unknown>>(db, ST.items, 'subscription_id', ids), 'subscription_id');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          customer_id: Number(r.customer_id),
          parent_order_id: numOrNull(r.parent_order_id),
          status: str(r.status) as SubscriptionStatus,
          billing_period: str(r.billing_period) as BillingPeriod,
          billing_interval: Number(r.billing_interval),
          currency: str(r.currency),
          payment_method: str(r.payment_method),
          total: str(r.total),
          start_date: str(r.start_date),
          trial_end: strOrNull(r.trial_end),
          next_payment: strOrNull(r.next_payment),
          end_date: strOrNull(r.end_date),
          line_items: (lines.get(Number(r.id)) ?? []).map((l) => ({
            id: Number(l.id), product_id: numOrNull(l.product_id), variation_id: numOrNull(l.variation_id), name: str(l.name), quantity: Number(l.quantity), total: str(l.total),
          })),
          created_at: str(r.created_at),
        },
      ]),
    );
  }

  /** Subscriptions whose id is `term` or whose customer's email or name contains it. */
  async search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<SubscriptionRecord>>> {
    const t = String(term ?? '').trim();
    const like = likeAny([`${T.customers}.email`, `${T.customers}.first_name`, `${T.customers}.last_name`], t);
    const rows = (await db(ST.subscriptions)
      .join(T.customers, `${T.customers}.id`, `${ST.subscriptions}.customer_id`)
      .select(`${ST.subscriptions}.id as id`)
      .where((w: Knex.QueryBuilder) => {
        // An empty search matches everything: the most recent records, newest first.
        if (t === '') w.whereRaw('1 = 1');
        else w.whereRaw(like.sql, like.bindings);
        if (/^\d{1,9}$/.test(t)) w.orWhere(`${ST.subscriptions}.id`, Number(t));
      })
      .orderBy(`${ST.subscriptions}.id`, 'desc')
      .limit(Math.max(1, Math.min(100, Math.floor(Number(limit) || 20))))) as Array<{ id: number }>;
    return this.hits(db, rows.map((r) => Number(r.id)), (s) => `Subscription #${s.id} (${s.status}) ${s.total} ${s.currency} every ${s.billing_interval} ${s.billing_period}`);
  }
}
