/** Helpers for reading a store's records and ids (beside newest.ts). */
import type { Knex } from 'knex';
import { EXISTING_CAP } from './newest.ts';

/**
 * As `newestIds`, for a table two entities share (emporium keeps products and their variations in one
 * table): `narrow` restricts the rows to one entity. Ascending ids of the newest `cap` rows.
 */
export async function newestIdsWhere(
  db: Knex | Knex.Transaction,
  table: string,
  narrow: (q: Knex.QueryBuilder) => void,
  cap = EXISTING_CAP,
): Promise<number[]> {
  const q = db(table).select('id');
  narrow(q);
  const rows = (await q.orderBy('id', 'desc').limit(cap)) as Array<{ id: number | string }>;
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * A platform id (from a reference) as a store's numeric id: NaN when it is not one, which the store's
 * validation then refuses naming the field (a null would silently mean "none", e.g. a guest order).
 */
export function numericId(id: string): number {
  return /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
}
