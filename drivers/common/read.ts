/** Reading generated records back through a store's repositories, for the admin's Records view. */
import type { RecordMoney } from '../contract.ts';

/** What a store repository offers for reading: `Repository.getMany` (stores/common/repository.ts). */
export interface Readable<D> {
  getMany(db: D, ids: readonly number[]): Promise<unknown[]>;
}

/** `ids` (ledger record ids) read through `repo`, by id as a string; ids that are not whole numbers or gone are left out. */
export async function readThrough<D>(repo: Readable<D> | undefined, db: D, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const numeric = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!repo || numeric.length === 0) return new Map();
  const records = (await repo.getMany(db, numeric)) as Array<Record<string, unknown>>;
  return new Map(records.map((r) => [String(r.id), r]));
}

/** Field names that hold money: prices, totals, amounts, taxes (not counts, limits, rates or ids). */
const MONEY_FIELD = /(^|_)(price|prices|total|subtotal|amount|tax)(_|$)/;
const NOT_MONEY = /(^|_)(count|uses|limit|rate|percent|quantity|include|status|class|id)(_|$)/;

/**
 * The amounts of money of a record read back, by field, in minor units of its currency (the record's own,
 * else `shopCurrency`): each money field whose value `toMinor` reads (a store's decimal string, its cents).
 * A percentage coupon's `amount` is a percentage, not money.
 */
export function recordAmounts(
  record: Readonly<Record<string, unknown>>,
  shopCurrency: string,
  toMinor: (value: unknown, currency: string) => number | null,
): Record<string, RecordMoney> {
  const currency = typeof record.currency === 'string' && /^[A-Z]{3}$/.test(record.currency) ? record.currency : shopCurrency;
  const percentage = [record.discount_type, record.type].some((t) => typeof t === 'string' && /percent/.test(t));
  const out: Record<string, RecordMoney> = {};
  for (const [field, value] of Object.entries(record)) {
    if (!MONEY_FIELD.test(field) || NOT_MONEY.test(field) || (percentage && field === 'amount')) continue;
    const minor = toMinor(value, currency);
    if (minor !== null) out[field] = { amount_minor: minor, currency };
  }
  return out;
}
