/** Batch lookups used by validation: which referenced ids exist, and which unique values are taken. */
import type { Check } from './check.ts';
import { isMysql, type Executor } from './executor.ts';
import { selectIn } from './reads.ts';

/** The rows of `table` with these ids, by id (one chunked query for the whole batch). */
export async function rowsById<R extends Record<string, unknown>>(
  db: Executor,
  table: string,
  ids: Iterable<number | null | undefined>,
  columns: readonly string[] = ['id'],
): Promise<Map<number, R>> {
  const list = [...new Set([...ids].filter((v): v is number => typeof v === 'number'))];
  const map = new Map<number, R>();
  if (list.length === 0) return map;
  const cols = columns.includes('id') ? columns : ['id', ...columns];
  for (const r of await selectIn<R>(db, table, 'id', list, cols)) map.set(Number(r.id), r);
  return map;
}

/** Records `exists` issues for references to ids that are not in `found`. */
export function requireExisting(c: Check, field: string, id: number | null, found: Map<number, unknown>, what: string): boolean {
  if (id === null) return false;
  if (!found.has(id)) {
    c.fail(field, 'exists', `${what} ${id} does not exist`);
    return false;
  }
  return true;
}

/** One value that must be unique, and where it came from. */
export interface UniqueClaim {
  check: Check;
  field: string;
  value: string | null;
}

/**
 * Checks values that must be unique in `table.column`, ignoring letter case as the unique indexes do:
 * refuses a value already stored and a value repeated within the batch (rule `unique`).
 * `scopeColumn`/`scopeValue` restrict the check (e.g. term slugs are unique per attribute).
 */
export async function checkUnique(
  db: Executor,
  table: string,
  column: string,
  claims: readonly UniqueClaim[],
  what: string,
  scope?: (claim: UniqueClaim) => { column: string; value: number } | undefined,
): Promise<void> {
  const live = claims.filter((c) => c.value !== null);
  if (live.length === 0) return;
  const key = (c: UniqueClaim) => `${scope?.(c)?.value ?? ''}\u0000${c.value!.toLowerCase()}`;
  const seen = new Map<string, UniqueClaim>();
  for (const c of live) {
    const k = key(c);
    const first = seen.get(k);
    if (first) c.check.fail(c.field, 'unique', `${what} "${c.value}" appears twice in the batch (also item ${first.check.index})`);
    else seen.set(k, c);
  }
  const values = [...new Set(live.map((c) => c.value!.toLowerCase()))];
  const taken = new Set<string>();
  const scopeCol = scope?.(live[0])?.column;
  for (let i = 0; i < values.length; i += 2000) {
    const part = values.slice(i, i + 2000);
    const q = db(table).select(scopeCol ? [column, scopeCol] : [column]);
    // MySQL's _ci collation compares case-insensitively and uses the index; SQLite's index is COLLATE NOCASE.
    if (isMysql(db)) q.whereIn(column, part);
    else q.whereRaw(`?? collate nocase in (${part.map(() => '?').join(', ')})`, [column, ...part]);
    for (const r of (await q) as Array<Record<string, unknown>>) {
      taken.add(`${scopeCol ? String(r[scopeCol]) : ''}\u0000${String(r[column]).toLowerCase()}`);
    }
  }
  for (const c of live) {
    if (taken.has(key(c))) c.check.fail(c.field, 'unique', `${what} "${c.value}" is already used`);
  }
}
