/**
 * Refunds of existing paid orders. A refund never exceeds what was paid and not yet refunded,
 * counting earlier refunds in the same batch; an order with nothing left gets no further refund,
 * so a batch may hold fewer rows than `count`.
 */
import { DAY, iso } from '../dates.ts';
import type { RefundEntity } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import { REFUND_TYPES, type RefundType } from '../vocabularies.ts';
import { RefundLedger, refundable } from './refund-ledger.ts';
import { parseTime, weightedAmong, windowOf } from './shared.ts';

export interface RefundParams {
  refund_types: RefundType[];
  partial_range: { min_percentage: number; max_percentage: number };
  restock_ratio: number;
}

interface Built {
  readonly entity: RefundEntity;
  readonly consumed: number;
}

export const refundGenerator: Generator<RefundParams, RefundEntity> = {
  resource: 'refund',
  schema: params({
    refund_types: listOf(REFUND_TYPES, [...REFUND_TYPES], 'Full refunds return everything still refundable; partial ones a share of it.'),
    partial_range: range(
      { min: 10, max: 60 },
      { minimum: 1, maximum: 99 },
      'Share of the refundable amount a partial refund returns, in percent.',
      { min: 'min_percentage', max: 'max_percentage' },
    ),
    restock_ratio: ratio(50, 'Share of refunds that put the items back in stock.'),
  }),
  needs: ['orders'],
  // Refunds (and refund transactions) raise what their order has refunded, which the next rows read.
  changes: ['orders'],
  check(p) {
    const problems: ParameterProblems = {};
    const r = p.partial_range;
    if (r && r.min_percentage > r.max_percentage) problems.partial_range = 'min_percentage must not be greater than max_percentage';
    return problems;
  },
  generate(p, ctx) {
    const eligible = ctx.existing.orders.filter((o) => refundable(o) > 0);
    if (eligible.length === 0) {
      throw new MissingPrerequisiteError('refund', 'orders', 'order', 'paid orders', 'with a paid status');
    }
    const batch = new Batch('refund', ctx.seed, ctx.offset);
    const window = windowOf(p);
    const ledger: RefundLedger<Built> = new RefundLedger(eligible, batch.batchRng().int(0, eligible.length - 1), (index, order, remaining) =>
      batch.at(index, ({ rng }) => {
        if (remaining < 1) return null;
        let type = weightedAmong(rng, p.refund_types, { full: 40, partial: 60 });
        let amount = remaining;
        if (type === 'partial') {
          const pct = rng.int(p.partial_range.min_percentage, p.partial_range.max_percentage);
          amount = Math.min(remaining - 1, Math.max(1, Math.round((remaining * pct) / 100)));
          if (amount < 1) {
            if (!p.refund_types.includes('full')) return null;
            type = 'full';
            amount = remaining;
          }
        }
        // A refund follows the order's completion (or its creation when it was never completed).
        const created = Math.max(parseTime(order.created_at), order.completed_at ? parseTime(order.completed_at) : 0);
        const at = Math.max(created, Math.min(window.now, created + rng.int(1, 30) * DAY + rng.int(0, DAY - 1)));
        return {
          consumed: amount,
          entity: {
            key: batch.key(index),
            order: { id: order.id },
            type,
            amount_minor: amount,
            currency: order.currency,
            reason: rng.pick(ctx.vocabulary.refund_reasons),
            restock_items: rng.chance(p.restock_ratio),
            created_at: iso(Math.ceil(at / 1000) * 1000),
          },
        };
      }),
    );
    return batch.rows(p.count, ({ index }) => ledger.row(index)?.entity ?? null);
  },
};
