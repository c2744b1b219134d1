/**
 * Emporium refunds of an order: an amount (never more than is left to refund), a reason, and
 * optionally the items refunded. Deleting a refund removes its item rows; the order stays. The order's
 * status is not changed here (a refund does not rewrite another record): set it on the order if needed.
 */
import { Check, centsToDecimal, decimalToCents, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { rowsById } from '../../common/lookups.ts';
import { bool, groupBy, nowIso, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { T } from '../tables.ts';

export interface RefundLineInput {
  /** An item (line, shipping or fee) of the refunded order. */
  item_id: number;
  quantity?: number;
  /** Decimal string. */
  total: string;
}

export interface RefundInput {
  order_id: number;
  /** Decimal string above zero, at most the order total less what was already refunded. */
  amount: string;
  reason?: string;
  /** Whether the money went back through the gateway. Default false. */
  refunded_payment?: boolean;
  line_items?: RefundLineInput[];
  created_at?: string;
}

export interface RefundRecord {
  id: number;
  order_id: number;
  amount: string;
  reason: string;
  refunded_payment: boolean;
  line_items: Array<{ id: number; item_id: number; quantity: number; total: string }>;
  created_at: string;
}

interface Item {
  row: { order_id: number; amount: string; reason: string; refunded_payment: boolean; created_at: string };
  lines: Array<{ order_item_id: number; quantity: number; total: string }>;
}

const FIELDS = fieldsOf<RefundInput>()({ order_id: 1, amount: 1, reason: 1, refunded_payment: 1, line_items: 1, created_at: 1 });
const LINE_FIELDS = fieldsOf<RefundLineInput>()({ item_id: 1, quantity: 1, total: 1 });

export class RefundRepository extends Repository<RefundInput, RefundRecord, Item> {
  readonly entity = 'refund';
  readonly table = T.refunds;

  protected async validate(db: Executor, inputs: readonly RefundInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const amount = c.decimal('amount', o.amount);
      if (amount !== null && decimalToCents(amount) === 0) c.fail('amount', 'min', 'must be above zero');
      const lines = c.list('line_items', o.line_items, (v, p) => {
        const x = c.object(p, v, LINE_FIELDS) ?? {};
        return {
          order_item_id: c.id(join(p, 'item_id'), x.item_id) ?? 0,
          quantity: c.int(join(p, 'quantity'), x.quantity, { optional: true, min: 0 }) ?? 0,
          total: c.decimal(join(p, 'total'), x.total) ?? '0.00',
        };
      });
      if (amount !== null && lines.reduce((n, l) => n + decimalToCents(l.total), 0) > decimalToCents(amount)) {
        c.fail('line_items', 'lines_exceed_amount', 'the refunded items add up to more than the amount');
      }
      return {
        row: {
          order_id: c.id('order_id', o.order_id) ?? 0,
          amount: amount ?? '0.00',
          reason: c.longText('reason', o.reason),
          refunded_payment: c.bool('refunded_payment', o.refunded_payment, false),
          created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
        },
        lines,
      };
    });
    const orderIds = items.map((it) => it.row.order_id).filter((id) => id > 0);
    const orders = await rowsById<Record<string, unknown>>(db, T.orders, orderIds, ['total']);
    const refunded = new Map<number, number>();
    for (const r of await selectIn<Record<string, unknown>>(db, T.refunds, 'order_id', orderIds, ['id', 'order_id', 'amount'])) {
      refunded.set(Number(r.order_id), (refunded.get(Number(r.order_id)) ?? 0) + decimalToCents(str(r.amount)));
    }
    const orderItems = await rowsById<Record<string, unknown>>(db, T.orderItems, items.flatMap((it) => it.lines.map((l) => l.order_item_id)), ['order_id']);
    items.forEach((it, i) => {
      const c = checks[i];
      const order = orders.get(it.row.order_id);
      if (it.row.order_id > 0 && !order) {
        c.fail('order_id', 'exists', `Order ${it.row.order_id} does not exist`);
        return;
      }
      if (!order) return;
      const left = decimalToCents(str(order.total)) - (refunded.get(it.row.order_id) ?? 0);
      const cents = decimalToCents(it.row.amount);
      // Earlier refunds of the same batch count, so a batch cannot refund an order twice over.
      if (cents > left) c.fail('amount', 'refund_exceeds_remaining', `only ${centsToDecimal(Math.max(0, left))} is left to refund on order ${it.row.order_id}`);
      else refunded.set(it.row.order_id, (refunded.get(it.row.order_id) ?? 0) + cents);
      it.lines.forEach((l, k) => {
        const item = orderItems.get(l.order_item_id);
        if (l.order_item_id > 0 && (!item || Number(item.order_id) !== it.row.order_id)) {
          c.fail(`line_items[${k}].item_id`, 'item_of_order', `Item ${l.order_item_id} is not an item of order ${it.row.order_id}`);
        }
      });
    });
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.refunds, items.length);
    const lineIds = await batch.reserve(T.refundItems, items.reduce((n, it) => n + it.lines.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.refunds, { id, ...it.row });
      for (const l of it.lines) batch.add(T.refundItems, { id: lineIds.next(), refund_id: id, ...l });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, RefundRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.refunds, 'id', ids);
    const lines = groupBy(await selectIn<Record<string, unknown>>(db, T.refundItems, 'refund_id', ids), 'refund_id');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          order_id: Number(r.order_id),
          amount: str(r.amount),
          reason: str(r.reason),
          refunded_payment: bool(r.refunded_payment),
          line_items: (lines.get(Number(r.id)) ?? []).map((l) => ({ id: Number(l.id), item_id: Number(l.order_item_id), quantity: Number(l.quantity), total: str(l.total) })),
          created_at: str(r.created_at),
        },
      ]),
    );
  }
}
