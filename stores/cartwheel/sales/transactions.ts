/**
 * Cartwheel transactions: charges, refunds and disputes of an order, as records of their own (Fluent
 * Cart's order transactions). A refund never takes back more than the order's succeeded charges less its
 * refunds so far (pending refunds count: the money is on its way). Deleting a transaction leaves the order.
 * `RefundRepository` is the same table seen through refunds only, for callers that think in refunds.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { rowsById } from '../../common/lookups.ts';
import { nowIso, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { STATES_BY_TYPE, TRANSACTION_STATES, TRANSACTION_TYPES, type TransactionState, type TransactionType } from '../statuses.ts';
import { C } from '../tables.ts';

export interface TransactionInput {
  order_id: number;
  transaction_type: TransactionType;
  /** A state the type allows: see STATES_BY_TYPE (`dispute_lost` is a dispute's). */
  status: TransactionState;
  /** Cents, above zero. A refund is at most what is left to refund. */
  total: number;
  /** Defaults to the order's. */
  currency?: string;
  /** Defaults to the order's. */
  payment_method?: string;
  /** The gateway's id for it. */
  vendor_charge_id?: string;
  reason?: string;
  created_at?: string;
}

/** A refund: a `refund` transaction, `succeeded` unless told otherwise. */
export interface RefundInput {
  order_id: number;
  /** Cents, above zero, at most what is left to refund. */
  total: number;
  /** `pending`, `succeeded` (default) or `failed`. */
  status?: 'pending' | 'succeeded' | 'failed';
  reason?: string;
  vendor_charge_id?: string;
  created_at?: string;
}

export interface TransactionRecord {
  id: number;
  order_id: number;
  transaction_type: TransactionType;
  status: TransactionState;
  total: number;
  currency: string;
  payment_method: string;
  vendor_charge_id: string;
  reason: string;
  created_at: string;
}

type Item = Omit<TransactionRecord, 'id'>;

const FIELDS = fieldsOf<TransactionInput>()({
  order_id: 1, transaction_type: 1, status: 1, total: 1, currency: 1, payment_method: 1, vendor_charge_id: 1, reason: 1, created_at: 1,
});

function recordOf(r: Record<string, unknown>): TransactionRecord {
  return {
    id: Number(r.id),
    order_id: Number(r.order_id),
    transaction_type: str(r.transaction_type) as TransactionType,
    status: str(r.status) as TransactionState,
    total: Number(r.total),
    currency: str(r.currency),
    payment_method: str(r.payment_method),
    vendor_charge_id: str(r.vendor_charge_id),
    reason: str(r.reason),
    created_at: str(r.created_at),
  };
}

/** Validates transaction inputs (shared by both repositories). */
async function validateTransactions(db: Executor, inputs: readonly unknown[], issues: ValidationIssue[]): Promise<Item[]> {
  const checks = inputs.map((_, i) => new Check(i, issues));
  const drafts = inputs.map((input, i) => {
    const c = checks[i];
    const o = c.object('', input, FIELDS) ?? {};
    const type = c.oneOf('transaction_type', o.transaction_type, TRANSACTION_TYPES);
    const status = c.oneOf('status', o.status, TRANSACTION_STATES);
    if (type && status && !STATES_BY_TYPE[type].includes(status)) {
      c.fail('status', 'status_for_type', `a ${type} is ${STATES_BY_TYPE[type].join(', ')}`);
    }
    return {
      c,
      order_id: c.id('order_id', o.order_id),
      type: type ?? 'charge',
      status: status ?? 'pending',
      total: c.cents('total', o.total, { min: 1 }) ?? 0,
      currency: o.currency,
      payment_method: c.text('payment_method', o.payment_method, { optional: true, max: 100 }),
      vendor_charge_id: c.text('vendor_charge_id', o.vendor_charge_id, { optional: true }) ?? '',
      reason: c.longText('reason', o.reason),
      created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
    };
  });
  const orderIds = drafts.map((d) => d.order_id).filter((id): id is number => id !== null);
  const orders = await rowsById<Record<string, unknown>>(db, C.orders, orderIds, ['currency', 'payment_method']);
  const charged = new Map<number, number>();
  const refunded = new Map<number, number>();
  for (const t of await selectIn<Record<string, unknown>>(db, C.transactions, 'order_id', orderIds, ['id', 'order_id', 'transaction_type', 'status', 'total'])) {
    const id = Number(t.order_id);
    if (t.transaction_type === 'charge' && t.status === 'succeeded') charged.set(id, (charged.get(id) ?? 0) + Number(t.total));
    if (t.transaction_type === 'refund' && t.status !== 'failed') refunded.set(id, (refunded.get(id) ?? 0) + Number(t.total));
  }
  return drafts.map((d) => {
    const { c } = d;
    const order = d.order_id === null ? undefined : orders.get(d.order_id);
    if (d.order_id !== null && !order) c.fail('order_id', 'exists', `Order ${d.order_id} does not exist`);
    // Charges earlier in the batch count, so a batch may hold a charge and then its refund.
    if (order && d.type === 'charge' && d.status === 'succeeded') charged.set(d.order_id!, (charged.get(d.order_id!) ?? 0) + d.total);
    if (order && d.type === 'refund' && d.status !== 'failed') {
      const left = (charged.get(d.order_id!) ?? 0) - (refunded.get(d.order_id!) ?? 0);
      if (d.total > left) c.fail('total', 'refund_exceeds_remaining', `only ${Math.max(0, left)} cents are left to refund on order ${d.order_id}`);
      else refunded.set(d.order_id!, (refunded.get(d.order_id!) ?? 0) + d.total);
    }
    return {
      order_id: d.order_id ?? 0,
      transaction_type: d.type,
      status: d.status,
      total: d.total,
      currency: c.currency('currency', d.currency, order ? str(order.currency) : 'USD'),
      payment_method: d.payment_method ?? (order ? str(order.payment_method) : ''),
      vendor_charge_id: d.vendor_charge_id,
      reason: d.reason,
      created_at: d.created_at,
    };
  });
}

async function writeTransactions(batch: WriteBatch, items: Item[]): Promise<number[]> {
  const ids = await batch.reserve(C.transactions, items.length);
  return items.map((it) => {
    const id = ids.next();
    batch.add(C.transactions, { id, ...it });
    return id;
  });
}

export class TransactionRepository extends Repository<TransactionInput, TransactionRecord, Item> {
  readonly entity = 'transaction';
  readonly table = C.transactions;

  protected validate(db: Executor, inputs: readonly TransactionInput[], issues: ValidationIssue[]): Promise<Item[]> {
    return validateTransactions(db, inputs, issues);
  }

  protected write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    return writeTransactions(batch, items);
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, TransactionRecord>> {
    return new Map((await selectIn<Record<string, unknown>>(db, C.transactions, 'id', ids)).map((r) => [Number(r.id), recordOf(r)]));
  }

  /** Transactions whose gateway id contains `term`, or whose id is `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<TransactionRecord>>> {
    return this.searchBy(db, ['vendor_charge_id'], term, limit, (t) => `${t.transaction_type} ${t.status} ${t.total} ${t.currency}`);
  }
}

export class RefundRepository extends Repository<RefundInput, TransactionRecord, Item> {
  readonly entity = 'refund';
  readonly table = C.transactions;

  protected override scope(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.where('transaction_type', 'refund');
  }

  protected async validate(db: Executor, inputs: readonly RefundInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const refundFields = fieldsOf<RefundInput>()({ order_id: 1, total: 1, status: 1, reason: 1, vendor_charge_id: 1, created_at: 1 });
    const shaped = inputs.map((input, i) => {
      const c = new Check(i, issues);
      const o = c.object('', input, refundFields);
      if (!o) return input;
      // Unknown fields were reported above; pass on only the known ones so they are not reported twice.
      const known = Object.fromEntries(Object.entries(o).filter(([k]) => k in refundFields));
      return { ...known, transaction_type: 'refund', status: o.status ?? 'succeeded' };
    });
    return validateTransactions(db, shaped, issues);
  }

  protected write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    return writeTransactions(batch, items);
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, TransactionRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.transactions, 'id', ids);
    return new Map(rows.filter((r) => r.transaction_type === 'refund').map((r) => [Number(r.id), recordOf(r)]));
  }
}
