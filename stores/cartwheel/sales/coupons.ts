/**
 * Cartwheel coupons: a unique code (stored lowercased), a percentage, fixed (cents) or free-shipping
 * discount, use limits and a validity window. `use_count` is derived from the orders that applied the
 * coupon, so deleting an order gives its use back. Deleting a coupon keeps the code on those orders.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique } from '../../common/lookups.ts';
import { nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { COUPON_STATUSES, COUPON_TYPES, type CouponStatus, type CouponType } from '../statuses.ts';
import { C } from '../tables.ts';

export interface CouponInput {
  /** Unique, ignoring case; stored lowercased. */
  code: string;
  /** Defaults to the code. */
  title?: string;
  type: CouponType;
  /** `percentage`: 1 to 100 (percent); `fixed`: cents; `free_shipping`: 0. */
  amount: number;
  /** Default `active`. */
  status?: CouponStatus;
  max_uses?: number | null;
  max_per_customer?: number | null;
  /** Minimum order subtotal in cents. */
  min_purchase?: number | null;
  start_date?: string | null;
  /** After `start_date`. */
  end_date?: string | null;
  created_at?: string;
}

export interface CouponRecord {
  id: number;
  code: string;
  title: string;
  type: CouponType;
  amount: number;
  status: CouponStatus;
  max_uses: number | null;
  max_per_customer: number | null;
  /** Orders that applied this coupon. */
  use_count: number;
  /** Those uses by customer id. */
  used_by: Record<string, number>;
  min_purchase: number | null;
  start_date: string | null;
  end_date: string | null;
  created_at: string;
}

type Item = Omit<CouponRecord, 'id' | 'use_count' | 'used_by'>;

const FIELDS = fieldsOf<CouponInput>()({
  code: 1, title: 1, type: 1, amount: 1, status: 1, max_uses: 1, max_per_customer: 1, min_purchase: 1, start_date: 1, end_date: 1, created_at: 1,
});

/** How many applied-coupon rows each coupon id has. */
export async function couponUses(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const list = [...new Set(ids)];
  for (let i = 0; i < list.length; i += 2000) {
    const rows = (await db(C.appliedCoupons).whereIn('coupon_id', list.slice(i, i + 2000)).groupBy('coupon_id').select('coupon_id').count({ n: '*' })) as Array<Record<string, unknown>>;
    for (const r of rows) out.set(Number(r.coupon_id), Number(r.n));
  }
  return out;
}

/** Uses of each coupon id by each customer id, from the applied-coupon rows of stored orders. */
export async function couponUsesByCustomer(db: Executor, ids: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  const list = [...new Set(ids)];
  for (let i = 0; i < list.length; i += 2000) {
    const rows = (await db(C.appliedCoupons)
      .join(C.orders, `${C.orders}.id`, `${C.appliedCoupons}.order_id`)
      .whereIn(`${C.appliedCoupons}.coupon_id`, list.slice(i, i + 2000))
      .groupBy(`${C.appliedCoupons}.coupon_id`, `${C.orders}.customer_id`)
      .select(`${C.appliedCoupons}.coupon_id as coupon_id`, `${C.orders}.customer_id as customer_id`)
      .count({ n: '*' })) as Array<Record<string, unknown>>;
    for (const r of rows) {
      const byCustomer = out.get(Number(r.coupon_id)) ?? new Map<number, number>();
      byCustomer.set(Number(r.customer_id), Number(r.n));
      out.set(Number(r.coupon_id), byCustomer);
    }
  }
  return out;
}

export class CouponRepository extends Repository<CouponInput, CouponRecord, Item> {
  readonly entity = 'coupon';
  readonly table = C.coupons;

  protected async validate(db: Executor, inputs: readonly CouponInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const code = (c.text('code', o.code, { max: 100, pattern: /^\S(.*\S)?$/, patternText: 'a code without surrounding spaces' }) ?? '').toLowerCase();
      const type = c.oneOf('type', o.type, COUPON_TYPES);
      const amount = c.int('amount', o.amount, { min: 0 }) ?? 0;
      if (type === 'percentage' && (amount < 1 || amount > 100)) c.fail('amount', amount > 100 ? 'percent_over_100' : 'min', 'a percentage is 1 to 100');
      if (type === 'fixed' && amount < 1) c.fail('amount', 'min', 'a fixed discount is at least 1 cent');
      if (type === 'free_shipping' && amount !== 0) c.fail('amount', 'not_for_type', 'a free-shipping coupon has no amount');
      const start = c.datetime('start_date', o.start_date, { optional: true });
      const end = c.datetime('end_date', o.end_date, { optional: true });
      if (start !== null && end !== null && end <= start) c.fail('end_date', 'end_before_start', 'must be after start_date');
      return {
        code,
        title: c.text('title', o.title, { optional: true }) ?? code,
        type: type ?? 'fixed',
        amount,
        status: c.oneOf('status', o.status, COUPON_STATUSES, 'active') ?? 'active',
        max_uses: c.int('max_uses', o.max_uses, { optional: true, min: 1 }),
        max_per_customer: c.int('max_per_customer', o.max_per_customer, { optional: true, min: 1 }),
        min_purchase: c.cents('min_purchase', o.min_purchase, { optional: true }),
        start_date: start,
        end_date: end,
        created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
      };
    });
    await checkUnique(db, C.coupons, 'code', items.map((it, i) => ({ check: checks[i], field: 'code', value: it.code || null })), 'Coupon code');
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.coupons, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.coupons, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, CouponRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.coupons, 'id', ids);
    const uses = await couponUses(db, rows.map((r) => Number(r.id)));
    const usesBy = await couponUsesByCustomer(db, rows.map((r) => Number(r.id)));
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          code: str(r.code),
          title: str(r.title),
          type: str(r.type) as CouponType,
          amount: Number(r.amount),
          status: str(r.status) as CouponStatus,
          max_uses: numOrNull(r.max_uses),
          max_per_customer: numOrNull(r.max_per_customer),
          use_count: uses.get(Number(r.id)) ?? 0,
          used_by: Object.fromEntries([...(usesBy.get(Number(r.id)) ?? [])].map(([k, n]) => [String(k), n])),
          min_purchase: numOrNull(r.min_purchase),
          start_date: strOrNull(r.start_date),
          end_date: strOrNull(r.end_date),
          created_at: str(r.created_at),
        },
      ]),
    );
  }

  /** Coupons whose code or title contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<CouponRecord>>> {
    return this.searchBy(db, ['code', 'title'], term, limit, (c) => c.code);
  }
}
