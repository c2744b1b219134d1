/**
 * Keeps refunds within what was paid without looking at the batch as a whole. Order j of the
 * eligible list is used by rows j', j' + n, j' + 2n, ... (a seeded rotation); a row works out what
 * earlier rows on the same order took by recomputing just those rows, so row i still depends on
 * nothing but (seed, i) and the existing records.
 */
import type { ExistingOrder } from '../existing.ts';

export interface Consumption {
  /** Amount this row takes from the order's refundable balance (0 when it takes nothing). */
  readonly consumed: number;
}

export class RefundLedger<R extends Consumption> {
  private readonly memo = new Map<number, R | null>();

  constructor(
    readonly orders: readonly ExistingOrder[],
    private readonly offset: number,
    /** Builds row `index` given what is still refundable on its order. */
    private readonly build: (index: number, order: ExistingOrder, remaining: number) => R | null,
    /** What an order holds before this batch: what can be refunded, or (for charges) what is not charged yet. */
    private readonly initial: (order: ExistingOrder) => number = refundable,
  ) {}

  orderFor(index: number): ExistingOrder {
    return this.orders[(this.offset + index) % this.orders.length]!;
  }

  /** Paid, minus refunded before this batch (or `initial`), minus what earlier rows of this batch took. */
  remainingFor(index: number): number {
    const order = this.orderFor(index);
    let remaining = this.initial(order);
    for (let j = index - this.orders.length; j >= 0; j -= this.orders.length) {
      remaining -= this.row(j)?.consumed ?? 0;
    }
    return remaining;
  }

  row(index: number): R | null {
    if (this.memo.has(index)) return this.memo.get(index)!;
    const result = this.build(index, this.orderFor(index), this.remainingFor(index));
    this.memo.set(index, result);
    return result;
  }
}

/** What is not charged yet on a paid order (an order whose charges the store does not keep counts as uncharged). */
export function uncharged(order: ExistingOrder): number {
  return order.paid ? Math.max(0, order.total_minor - (order.charged_minor ?? 0)) : 0;
}

/** What can still be refunded on an existing order. */
export function refundable(order: ExistingOrder): number {
  return order.paid ? Math.max(0, order.total_minor - (order.refunded_minor ?? 0)) : 0;
}
