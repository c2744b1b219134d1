/** Store log entries: what checkout, payments, stock, shipping, email, webhooks and cron report. */
import { instant, iso } from '../dates.ts';
import type { LogEntity } from '../entities.ts';
import { listOf, params } from '../json-schema.ts';
import type { Rng } from '../random/prng.ts';
import { Batch } from '../row.ts';
import { fill } from '../text.ts';
import type { Generator } from '../types.ts';
import { LOG_LEVELS, LOG_SOURCES, type LogLevel, type LogSource } from '../vocabularies.ts';
import { weightedAmong, windowOf } from './shared.ts';

export interface LogParams {
  log_levels: LogLevel[];
  sources: LogSource[];
}

const LEVEL_WEIGHTS: Readonly<Record<LogLevel, number>> = { debug: 15, info: 45, notice: 12, warning: 15, error: 10, critical: 3 };

type Severity = 'debug' | 'ok' | 'warn' | 'fail';

const SEVERITY: Readonly<Record<LogLevel, Severity>> = {
  debug: 'debug',
  info: 'ok',
  notice: 'ok',
  warning: 'warn',
  error: 'fail',
  critical: 'fail',
};

const MESSAGES: Readonly<Record<LogSource, Readonly<Record<Severity, readonly string[]>>>> = {
  checkout: {
    debug: ['Checkout session {session} created.', 'Recalculated totals for cart {session}.'],
    ok: ['Order {order} placed.', 'Checkout completed for order {order} in {ms} ms.'],
    warn: ['Checkout for order {order} took {ms} ms.', 'Coupon rejected during checkout for order {order}.'],
    fail: ['Checkout failed for cart {session}: could not reserve stock.', 'Order {order} could not be created: address validation failed.'],
  },
  payment: {
    debug: ['Payment intent created for order {order}.', 'Gateway response received in {ms} ms.'],
    ok: ['Payment captured for order {order}.', 'Refund issued for order {order}.'],
    warn: ['Payment for order {order} needs 3-D Secure authentication.', 'Gateway responded slowly ({ms} ms).'],
    fail: ['Payment declined for order {order}.', 'Gateway timeout after {ms} ms for order {order}.'],
  },
  inventory: {
    debug: ['Stock recalculated for product {product}.'],
    ok: ['Stock for product {product} reduced by {qty}.', 'Product {product} restocked with {qty} units.'],
    warn: ['Product {product} is low in stock ({qty} left).'],
    fail: ['Product {product} is out of stock but was ordered in {order}.'],
  },
  shipping: {
    debug: ['Shipping rates requested for order {order}.'],
    ok: ['Label created for order {order}.', 'Order {order} handed to the carrier.'],
    warn: ['Carrier rate lookup for order {order} took {ms} ms.'],
    fail: ['No shipping method matched the address of order {order}.'],
  },
  email: {
    debug: ['Rendering email template for order {order}.'],
    ok: ['Order confirmation sent for order {order}.', 'Abandoned cart reminder sent for cart {session}.'],
    warn: ['Email for order {order} deferred by the mail server.'],
    fail: ['Could not send the confirmation email for order {order}.'],
  },
  webhook: {
    debug: ['Webhook payload for order {order} queued.'],
    ok: ['Webhook delivered for order {order} in {ms} ms.'],
    warn: ['Webhook for order {order} retried (attempt {qty}).'],
    fail: ['Webhook for order {order} disabled after {qty} failed deliveries.'],
  },
  cron: {
    debug: ['Scheduled task started.'],
    ok: ['Cleaned up {qty} expired sessions.', 'Scheduled sales updated for {qty} products.'],
    warn: ['Scheduled task ran {ms} ms late.'],
    fail: ['Scheduled task failed after {ms} ms.'],
  },
};

export const logGenerator: Generator<LogParams, LogEntity> = {
  resource: 'log',
  schema: params({
    log_levels: listOf(LOG_LEVELS, [...LOG_LEVELS], 'Levels to draw from (mostly info).'),
    sources: listOf(LOG_SOURCES, [...LOG_SOURCES], 'Parts of the store the entries come from.'),
  }),
  needs: ['orders', 'products'],
  generate(p, ctx) {
    const batch = new Batch('log', ctx.seed, ctx.offset);
    const window = windowOf(p);
    const orders = ctx.existing.orders;
    const products = ctx.existing.products;
    const ref = (rng: Rng, list: readonly { id: string }[], fallback: string) => (list.length > 0 ? rng.pick(list).id : fallback);
    return batch.rows(p.count, ({ index, rng }) => {
      const level = weightedAmong(rng, p.log_levels, LEVEL_WEIGHTS);
      const source = rng.pick(p.sources);
      const template = rng.pick(MESSAGES[source][SEVERITY[level]]);
      const values = {
        order: `#${ref(rng, orders, String(rng.int(1000, 99999)))}`,
        product: `#${ref(rng, products, String(rng.int(10, 9999)))}`,
        session: rng.chars(12, '0123456789abcdef'),
        ms: String(rng.int(40, 12_000)),
        qty: String(rng.int(1, 25)),
      };
      const context: Record<string, string | number | boolean | null> = {};
      for (const name of ['order', 'product', 'session', 'ms', 'qty'] as const) {
        if (template.includes(`{${name}}`)) {
          context[name === 'ms' ? 'duration_ms' : name === 'qty' ? 'quantity' : `${name}_id`] =
            name === 'ms' || name === 'qty' ? Number(values[name]) : values[name].replace(/^#/, '');
        }
      }
      return {
        key: batch.key(index),
        level,
        source,
        message: fill(template, values),
        context,
        created_at: iso(instant(rng, window.start, window.end)),
      };
    });
  },
};
