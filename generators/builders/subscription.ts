/**
 * Subscriptions of existing customers to existing products, bought with a paid order where one sold a
 * subscription product: the order's customer, the products it sold, its currency and unit prices, starting
 * with it. Without such an order a subscription stands alone (no parent order). Dates follow the status: only
 * subscriptions that will bill again have a next payment date, ended ones have an end date, and
 * the next payment is the first billing date after "today".
 */
import { DAY, instant, iso } from '../dates.ts';
import type { SubscriptionEntity, SubscriptionLine } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { checkRange, listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import type { Rng } from '../random/prng.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import { BILLING_PERIODS, SUBSCRIPTION_STATUSES, type BillingPeriod, type SubscriptionStatus } from '../vocabularies.ts';
import type { ExistingOrder, ExistingProduct } from '../existing.ts';
import { currencyOf, requireExisting, weightedAmong, windowOf } from './shared.ts';

export interface SubscriptionParams {
  subscription_statuses: SubscriptionStatus[];
  billing_periods: BillingPeriod[];
  trial_ratio: number;
  items_per_subscription: { min: number; max: number };
}

const STATUS_WEIGHTS: Readonly<Record<SubscriptionStatus, number>> = {
  active: 55,
  on_hold: 8,
  pending_cancel: 5,
  cancelled: 15,
  expired: 10,
  pending: 7,
};

/** Adds `n` billing periods in calendar terms (months and years keep the day of month where possible). */
export function addPeriods(ms: number, period: BillingPeriod, n: number): number {
  if (period === 'day') return ms + n * DAY;
  if (period === 'week') return ms + n * 7 * DAY;
  const d = new Date(ms);
  const months = period === 'month' ? n : 12 * n;
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

function interval(rng: Rng, period: BillingPeriod): number {
  if (period === 'month') return rng.weighted([[1, 80], [3, 15], [6, 5]] as const);
  if (period === 'week') return rng.weighted([[1, 70], [2, 30]] as const);
  if (period === 'day') return rng.weighted([[1, 20], [7, 40], [14, 40]] as const);
  return 1;
}

export const subscriptionGenerator: Generator<SubscriptionParams, SubscriptionEntity> = {
  resource: 'subscription',
  schema: params({
    subscription_statuses: listOf(SUBSCRIPTION_STATUSES, [...SUBSCRIPTION_STATUSES], 'Statuses to draw from (mostly active).'),
    billing_periods: listOf(BILLING_PERIODS, ['month', 'year'], 'Billing periods to draw from.'),
    trial_ratio: ratio(20, 'Share of subscriptions that started with a free trial.'),
    items_per_subscription: range({ min: 1, max: 2 }, { minimum: 1, maximum: 20 }, 'Products per subscription.'),
  }),
  needs: ['customers', 'products', 'orders'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'items_per_subscription', p.items_per_subscription);
    return problems;
  },
  generate(p, ctx) {
    requireExisting('subscription', ctx.existing, 'customers');
    const flagged = ctx.existing.products.filter((x) => x.subscription === true && x.price_minor > 0);
    const products = flagged.length > 0 ? flagged : ctx.existing.products.filter((x) => x.type !== 'variable' && x.price_minor > 0);
    if (products.length === 0) throw new MissingPrerequisiteError('subscription', 'products', 'product');
    // Paid orders of a known customer that sold subscription products, with those products.
    const byId = new Map(products.map((x) => [x.id, x]));
    const parents: Array<{ order: ExistingOrder; sold: ExistingProduct[] }> = ctx.existing.orders.flatMap((order) => {
      if (!order.paid || order.customer_id === null || !order.product_ids) return [];
      const sold = [...new Set(order.product_ids)].flatMap((id) => byId.get(id) ?? []);
      return sold.length > 0 ? [{ order, sold }] : [];
    });
    const batch = new Batch('subscription', ctx.seed, ctx.offset);
    const rotation = parents.length > 0 ? batch.batchRng().int(0, parents.length - 1) : 0;
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    return batch.rows(p.count, ({ index, rng }) => {
      const status = weightedAmong(rng, p.subscription_statuses, STATUS_WEIGHTS);
      const period = rng.pick(p.billing_periods);
      const every = interval(rng, period);
      const parent = parents.length > 0 ? parents[(rotation + index) % parents.length]! : null;
      const customer = parent ? { id: parent.order.customer_id! } : rng.pick(ctx.existing.customers);
      const wanted = rng.int(p.items_per_subscription.min, p.items_per_subscription.max);
      // Bought with an order: one of each subscription product it sold, at the price it sold them for.
      const lines: SubscriptionLine[] = parent
        ? rng.sample(parent.sold, Math.min(wanted, parent.sold.length)).map((prod) => ({
            product: { id: prod.id }, name: prod.name, quantity: 1, unit_price_minor: prod.price_minor, total_minor: prod.price_minor,
          }))
        : rng.sample(products, wanted).map((prod) => {
            const q = rng.chance(85) ? 1 : 2;
            return { product: { id: prod.id }, name: prod.name, quantity: q, unit_price_minor: prod.price_minor, total_minor: q * prod.price_minor };
          });
      const drawn = instant(rng, window.start, window.end);
      // It starts with the order that bought it.
      const created = parent ? Date.parse(parent.order.created_at) : drawn;
      const trialDays = rng.chance(p.trial_ratio) ? rng.pick([7, 14, 30]) : 0;

      let start: number | null = created;
      let trialEnd: number | null = trialDays > 0 ? created + trialDays * DAY : null;
      let next: number | null = null;
      let cancelled: number | null = null;
      let end: number | null = null;
      const firstBilling = trialEnd ?? created;
      const nextAfterNow = () => {
        let t = firstBilling;
        while (t <= window.now) t = addPeriods(t, period, every);
        return t;
      };
      switch (status) {
        case 'pending':
          start = null;
          trialEnd = null;
          break;
        case 'active':
        case 'on_hold':
          next = nextAfterNow();
          break;
        case 'pending_cancel':
          cancelled = instant(rng, created, window.now);
          end = nextAfterNow();
          break;
        case 'cancelled':
          cancelled = instant(rng, created, window.now);
          end = cancelled;
          break;
        case 'expired': {
          let periods = 0;
          while (addPeriods(firstBilling, period, (periods + 1) * every) <= window.now && periods < 1000) periods++;
          end = periods > 0 ? addPeriods(firstBilling, period, rng.int(1, periods) * every) : window.now;
          break;
        }
      }
      return {
        key: batch.key(index),
        customer: { id: customer.id },
        order: parent ? { id: parent.order.id } : null,
        status,
        billing_period: period,
        billing_interval: every,
        currency: parent?.order.currency ?? currency,
        lines,
        recurring_total_minor: lines.reduce((a, l) => a + l.total_minor, 0),
        payment_method: rng.weighted([['card', 75], ['paypal', 25]] as const),
        created_at: iso(created),
        start_at: start === null ? null : iso(start),
        trial_end_at: trialEnd === null ? null : iso(trialEnd),
        next_payment_at: next === null ? null : iso(next),
        cancelled_at: cancelled === null ? null : iso(cancelled),
        end_at: end === null ? null : iso(end),
      };
    });
  },
};
