/**
 * Emporium coupons: a unique code (stored lowercased, as WooCommerce formats codes), a percentage or
 * fixed discount, free shipping, usage limits and an expiry. `usage_count` is derived from the coupon
 * lines of stored orders rather than kept as a counter, so deleting an order gives its use back.
 * Deleting a coupon leaves orders that used it untouched: their coupon lines keep the code.
 */
import { Check, decimalToCents, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique } from '../../common/lookups.ts';
import { bool, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { COUPON_TYPES, type CouponType } from '../statuses.ts';
import { T } from '../tables.ts';

export interface CouponInput {
  /** Unique, ignoring case; stored lowercased. */
  code: string;
  /** `percent`, `fixed_cart` (default) or `fixed_product`. */
  discount_type?: CouponType;
  /** Decimal string; a percentage is at most "100". Default "0.00" (e.g. a free-shipping-only coupon). */
  amount?: string;
  free_shipping?: boolean;
  /** Total uses allowed; null for no limit. */
  usage_limit?: number | null;
  usage_limit_per_user?: number | null;
  /** ISO 8601 UTC; null for never. */
  date_expires?: string | null;
  minimum_amount?: string | null;
  maximum_amount?: string | null;
  individual_use?: boolean;
  description?: string;
  created_at?: string;
}

export interface CouponRecord {
  id: number;
  code: string;
  discount_type: CouponType;
  amount: string;
  free_shipping: boolean;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  /** Coupon lines of stored orders that name this code. */
  usage_count: number;
  /** Those uses by user: `customer:<id>` for a registered customer, `email:<address>` for a guest (WooCommerce's "used by"). */
  used_by: Record<string, number>;
  date_expires: string | null;
  minimum_amount: string | null;
  maximum_amount: string | null;
  individual_use: boolean;
  description: string;
  created_at: string;
}

type Item = Omit<CouponRecord, 'id' | 'usage_count' | 'used_by'>;

const FIELDS = fieldsOf<CouponInput>()({
  code: 1, discount_type: 1, amount: 1, free_shipping: 1, usage_limit: 1, usage_limit_per_user: 1, date_expires: 1,
  minimum_amount: 1, maximum_amount: 1, individual_use: 1, description: 1, created_at: 1,
});

/**
 * Who used a coupon: a registered customer by id, a guest by billing email (WooCommerce's "used by"
 * list holds both the same way).
 */
export function couponUserKey(customerId: number | null, email: string | null | undefined): string {
  return customerId !== null ? `customer:${customerId}` : `email:${(email ?? '').toLowerCase()}`;
}

/** The uses of coupons by stored orders' coupon lines, by code (lowercased). */
export interface CouponUses {
  /** Uses of each code in all. */
  total: Map<string, number>;
  /** Uses of each code by each user (`couponUserKey`). */
  byUser: Map<string, Map<string, number>>;
}

/**
 * Which coupons' uses `couponUses` reads: `all` for the coupon records (`usage_count`, `used_by`); `limited` for
 * the checks of a write, where only a coupon with a usage limit, in all or per user, can be refused for its
 * uses. A coupon without limits gains a use with every order that applies it, so reading its uses on every
 * request grows with the shop; the uses of a limited coupon stop at its limit (per user: at the buyers'
 * limits).
 */
export type CouponUsesScope = 'all' | 'limited';

/**
 * The uses of each code, in all and by user, from one grouped read of the stored orders' coupon lines:
 * a row per code and buyer, not per use, and the totals summed from it. With `limited`, codes whose coupon
 * has no limit are left out of both maps.
 */
export async function couponUses(db: Executor, codes: readonly string[], scope: CouponUsesScope = 'all'): Promise<CouponUses> {
  const uses: CouponUses = { total: new Map(), byUser: new Map() };
  const list = [...new Set(codes.map((c) => c.toLowerCase()))];
  for (let i = 0; i < list.length; i += 2000) {
    const q = db(T.orderItems)
      .join(T.orders, `${T.orders}.id`, `${T.orderItems}.order_id`)
      .where(`${T.orderItems}.item_type`, 'coupon')
      .whereIn(`${T.orderItems}.code`, list.slice(i, i + 2000));
    // Codes are stored lowercased on coupons and on coupon lines alike.
    if (scope === 'limited') {
      q.whereIn(
        `${T.orderItems}.code`,
        db(T.coupons).select('code').where((w) => w.whereNotNull('usage_limit').orWhereNotNull('usage_limit_per_user')),
      );
    }
    const rows = (await q
      .groupBy(`${T.orderItems}.code`, `${T.orders}.customer_id`, `${T.orders}.billing_email`)
      .select(`${T.orderItems}.code as code`, `${T.orders}.customer_id as customer_id`, `${T.orders}.billing_email as email`)
      .count({ n: '*' })) as Array<{ code: string; customer_id: number | string | null; email: string; n: number | string }>;
    for (const r of rows) {
      const code = String(r.code).toLowerCase();
      const n = Number(r.n);
      uses.total.set(code, (uses.total.get(code) ?? 0) + n);
      const byUser = uses.byUser.get(code) ?? new Map<string, number>();
      const key = couponUserKey(r.customer_id === null ? null : Number(r.customer_id), r.email);
      byUser.set(key, (byUser.get(key) ?? 0) + n);
      uses.byUser.set(code, byUser);
    }
  }
  return uses;
}

/**
 * A coupon as a write's checks see it: `uses` holds its uses in all and by user (as `usage_count` and `used_by`
 * of its record) when it has a usage limit, in all or per user, and is null when it has none, since nothing
 * checks the uses of such a coupon (see `CouponUsesScope`).
 */
export type CouponForLimits = Omit<CouponRecord, 'usage_count' | 'used_by'> & {
  uses: { count: number; by: Record<string, number> } | null;
};

/** A stored coupon row as a record with these uses. */
function couponOf(r: Record<string, unknown>, usageCount: number, usedBy: Record<string, number>): CouponRecord {
  return {
    id: Number(r.id),
    code: str(r.code),
    discount_type: str(r.discount_type) as CouponType,
    amount: str(r.amount),
    free_shipping: bool(r.free_shipping),
    usage_limit: numOrNull(r.usage_limit),
    usage_limit_per_user: numOrNull(r.usage_limit_per_user),
    usage_count: usageCount,
    used_by: usedBy,
    date_expires: strOrNull(r.date_expires),
    minimum_amount: strOrNull(r.minimum_amount),
    maximum_amount: strOrNull(r.maximum_amount),
    individual_use: bool(r.individual_use),
    description: str(r.description),
    created_at: str(r.created_at),
  };
}

export class CouponRepository extends Repository<CouponInput, CouponRecord, Item> {
  readonly entity = 'coupon';
  readonly table = T.coupons;

  protected async validate(db: Executor, inputs: readonly CouponInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const type = c.oneOf('discount_type', o.discount_type, COUPON_TYPES, 'fixed_cart') ?? 'fixed_cart';
      const amount = c.decimal('amount', o.amount ?? '0', {}) ?? '0.00';
      if (type === 'percent' && decimalToCents(amount) > 10_000) c.fail('amount', 'percent_over_100', 'a percentage discount is at most 100');
      const min = c.decimal('minimum_amount', o.minimum_amount, { optional: true });
      const max = c.decimal('maximum_amount', o.maximum_amount, { optional: true });
      if (min !== null && max !== null && decimalToCents(min) > decimalToCents(max)) {
        c.fail('minimum_amount', 'minimum_above_maximum', 'must not exceed maximum_amount');
      }
      const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
      const expires = c.datetime('date_expires', o.date_expires, { optional: true });
      if (expires !== null && expires <= created) c.fail('date_expires', 'expires_before_created', 'must be after created_at');
      return {
        code: (c.text('code', o.code, { max: 100, pattern: /^\S(.*\S)?$/, patternText: 'a code without surrounding spaces' }) ?? '').toLowerCase(),
        discount_type: type,
        amount,
        free_shipping: c.bool('free_shipping', o.free_shipping, false),
        usage_limit: c.int('usage_limit', o.usage_limit, { optional: true, min: 1 }),
        usage_limit_per_user: c.int('usage_limit_per_user', o.usage_limit_per_user, { optional: true, min: 1 }),
        date_expires: expires,
        minimum_amount: min,
        maximum_amount: max,
        individual_use: c.bool('individual_use', o.individual_use, false),
        description: c.longText('description', o.description),
        created_at: created,
      };
    });
    await checkUnique(db, T.coupons, 'code', items.map((it, i) => ({ check: checks[i], field: 'code', value: it.code || null })), 'Coupon code');
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.coupons, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.coupons, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, CouponRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.coupons, 'id', ids);
    const { total: usage, byUser: usedBy } = await couponUses(db, rows.map((r) => str(r.code)));
    return new Map(
      rows.map((r) => {
        const code = str(r.code).toLowerCase();
        return [Number(r.id), couponOf(r, usage.get(code) ?? 0, Object.fromEntries(usedBy.get(code) ?? []))];
      }),
    );
  }

  /**
   * The coupons with these ids (missing ones skipped, in the order given), each with the uses its limits are
   * checked against: what the order generator's view of coupons needs on every request, without reading the
   * uses of coupons no limit applies to.
   */
  async getManyForLimits(db: Executor, ids: readonly number[]): Promise<CouponForLimits[]> {
    const rows = await selectIn<Record<string, unknown>>(db, T.coupons, 'id', ids);
    const { total, byUser } = await couponUses(db, rows.map((r) => str(r.code)), 'limited');
    const byId = new Map(
      rows.map((r) => {
        const { usage_count: _count, used_by: _by, ...coupon } = couponOf(r, 0, {});
        const code = coupon.code.toLowerCase();
        const limited = coupon.usage_limit !== null || coupon.usage_limit_per_user !== null;
        return [coupon.id, { ...coupon, uses: limited ? { count: total.get(code) ?? 0, by: Object.fromEntries(byUser.get(code) ?? []) } : null }];
      }),
    );
    return ids.map((id) => byId.get(id)).filter((c): c is CouponForLimits => c !== undefined);
  }

  /** Coupons whose code contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<CouponRecord>>> {
    return this.searchBy(db, ['code'], term, limit, (c) => c.code);
  }

  /** The coupon with this code (ignoring case), if any. */
  async findByCode(db: Executor, code: string): Promise<CouponRecord | undefined> {
    const row = (await db(T.coupons).where('code', String(code).trim().toLowerCase()).first('id')) as { id: number } | undefined;
    return row ? this.get(db, Number(row.id)) : undefined;
  }
}
