/**
 * Cartwheel subscriptions (in core, as Fluent Cart's): a customer, the subscription variation, the
 * recurring amount in cents, an interval, bill counts and the next billing date. Deleting one touches
 * nothing else; deleting its parent order or product detaches it; its customer cannot be deleted while it exists.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { REPEAT_INTERVALS, SUBSCRIPTION_STATUSES, type RepeatInterval, type SubscriptionStatus } from '../statuses.ts';
import { C } from '../tables.ts';

export interface SubscriptionInput {
  customer_id: number;
  /** A variation whose payment type is `subscription`. */
  variation_id: number;
  /** The order that started it; must belong to the same customer. */
  parent_order_id?: number | null;
  /** Default `pending`. */
  status?: SubscriptionStatus;
  /** Defaults to the variation's repeat interval. */
  billing_interval?: RepeatInterval;
  /** Cents; defaults to the variation's price. */
  recurring_amount?: number;
  /** 0 (default): until canceled. */
  bill_times?: number;
  /** Payments made so far; at most `bill_times` when that is set. */
  bill_count?: number;
  trial_days?: number;
  /** After `created_at`. */
  next_billing_date?: string | null;
  vendor_subscription_id?: string;
  created_at?: string;
  canceled_at?: string | null;
}

export interface SubscriptionRecord {
  id: number;
  customer_id: number;
  product_id: number | null;
  variation_id: number | null;
  parent_order_id: number | null;
  status: SubscriptionStatus;
  billing_interval: RepeatInterval;
  recurring_amount: number;
  bill_times: number;
  bill_count: number;
  trial_days: number;
  next_billing_date: string | null;
  vendor_subscription_id: string;
  created_at: string;
  canceled_at: string | null;
}

type Item = Omit<SubscriptionRecord, 'id'>;

const FIELDS = fieldsOf<SubscriptionInput>()({
  customer_id: 1, variation_id: 1, parent_order_id: 1, status: 1, billing_interval: 1, recurring_amount: 1, bill_times: 1, bill_count: 1,
  trial_days: 1, next_billing_date: 1, vendor_subscription_id: 1, created_at: 1, canceled_at: 1,
});

export class SubscriptionRepository extends Repository<SubscriptionInput, SubscriptionRecord, Item> {
  readonly entity = 'subscription';
  readonly table = C.subscriptions;

  protected async validate(db: Executor, inputs: readonly SubscriptionInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const drafts = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
      const next = c.datetime('next_billing_date', o.next_billing_date, { optional: true });
      if (next !== null && next <= created) c.fail('next_billing_date', 'next_billing_before_start', 'must be after created_at');
      const times = c.int('bill_times', o.bill_times, { optional: true, min: 0 }) ?? 0;
      const count = c.int('bill_count', o.bill_count, { optional: true, min: 0 }) ?? 0;
      if (times > 0 && count > times) c.fail('bill_count', 'bill_count_exceeds_bill_times', `must not exceed bill_times (${times})`);
      return {
        c,
        customer_id: c.id('customer_id', o.customer_id),
        variation_id: c.id('variation_id', o.variation_id),
        parent_order_id: c.id('parent_order_id', o.parent_order_id, { optional: true }),
        status: c.oneOf('status', o.status, SUBSCRIPTION_STATUSES, 'pending') ?? 'pending',
        interval: o.billing_interval === undefined ? null : c.oneOf('billing_interval', o.billing_interval, REPEAT_INTERVALS),
        amount: c.cents('recurring_amount', o.recurring_amount, { optional: true }),
        times,
        count,
        trial_days: c.int('trial_days', o.trial_days, { optional: true, min: 0, max: 3650 }) ?? 0,
        next,
        vendor: c.text('vendor_subscription_id', o.vendor_subscription_id, { optional: true }) ?? '',
        created,
        canceled: c.datetime('canceled_at', o.canceled_at, { optional: true }),
      };
    });
    const customers = await rowsById(db, C.customers, drafts.map((d) => d.customer_id));
    const variations = await rowsById<Record<string, unknown>>(db, C.variations, drafts.map((d) => d.variation_id), ['product_id', 'price', 'payment_type', 'repeat_interval']);
    const orders = await rowsById<Record<string, unknown>>(db, C.orders, drafts.map((d) => d.parent_order_id), ['customer_id']);
    return drafts.map((d) => {
      const { c } = d;
      requireExisting(c, 'customer_id', d.customer_id, customers, 'Customer');
      const variation = d.variation_id === null ? undefined : variations.get(d.variation_id);
      if (requireExisting(c, 'variation_id', d.variation_id, variations, 'Variation') && variation && variation.payment_type !== 'subscription') {
        c.fail('variation_id', 'variation_not_subscription', `Variation ${d.variation_id} is paid once, not by subscription`);
      }
      if (requireExisting(c, 'parent_order_id', d.parent_order_id, orders, 'Order') && d.customer_id !== null && Number(orders.get(d.parent_order_id!)?.customer_id) !== d.customer_id) {
        c.fail('parent_order_id', 'customer_mismatch', `Order ${d.parent_order_id} belongs to another customer`);
      }
      return {
        customer_id: d.customer_id ?? 0,
        product_id: variation ? Number(variation.product_id) : null,
        variation_id: d.variation_id,
        parent_order_id: d.parent_order_id,
        status: d.status,
        billing_interval: (d.interval ?? strOrNull(variation?.repeat_interval) ?? 'monthly') as RepeatInterval,
        recurring_amount: d.amount ?? (variation ? Number(variation.price) : 0),
        bill_times: d.times,
        bill_count: d.count,
        trial_days: d.trial_days,
        next_billing_date: d.next,
        vendor_subscription_id: d.vendor,
        created_at: d.created,
        canceled_at: d.canceled,
      };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.subscriptions, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.subscriptions, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, SubscriptionRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.subscriptions, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          customer_id: Number(r.customer_id),
          product_id: numOrNull(r.product_id),
          variation_id: numOrNull(r.variation_id),
          parent_order_id: numOrNull(r.parent_order_id),
          status: str(r.status) as SubscriptionStatus,
          billing_interval: str(r.billing_interval) as RepeatInterval,
          recurring_amount: Number(r.recurring_amount),
          bill_times: Number(r.bill_times),
          bill_count: Number(r.bill_count),
          trial_days: Number(r.trial_days),
          next_billing_date: strOrNull(r.next_billing_date),
          vendor_subscription_id: str(r.vendor_subscription_id),
          created_at: str(r.created_at),
          canceled_at: strOrNull(r.canceled_at),
        },
      ]),
    );
  }
}
