/** Reading helpers shared by the repositories: chunked `whereIn`, LIKE escaping, row value coercion. */
import type { Executor } from './executor.ts';

/** Ids per `IN (...)` list; keeps reads bounded in statements for any realistic batch. */
const IN_CHUNK = 5_000;

/** Rows of `table` whose `column` is in `values`, read in chunks. */
export async function selectIn<R = Record<string, unknown>>(
  db: Executor,
  table: string,
  column: string,
  values: readonly (number | string)[],
  columns: readonly string[] = ['*'],
): Promise<R[]> {
  const unique = [...new Set(values)];
  const out: R[] = [];
  for (let i = 0; i < unique.length; i += IN_CHUNK) {
    const part = unique.slice(i, i + IN_CHUNK);
    out.push(...((await db(table).whereIn(column, part).select(columns).orderBy('id')) as R[]));
  }
  return out;
}

/** Groups rows by a key column. */
export function groupBy<R extends Record<string, unknown>>(rows: readonly R[], key: string): Map<number, R[]> {
  const map = new Map<number, R[]>();
  for (const r of rows) {
    const k = Number(r[key]);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/**
 * A `LIKE ... ESCAPE '!'` pattern matching `term` anywhere, with `%`, `_` and `!` taken literally.
 * `!` rather than a backslash, because MySQL also treats backslashes in string literals as escapes.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `(a LIKE ? ESCAPE '!' OR b LIKE ? ...)` over the given columns; both databases compare ASCII case-insensitively. */
export function likeAny(columns: readonly string[], term: string): { sql: string; bindings: string[] } {
  const pattern = containsPattern(term);
  const bindings: string[] = [];
  const parts = columns.map((c) => {
    bindings.push(c, pattern);
    return "?? like ? escape '!'";
  });
  return { sql: `(${parts.join(' or ')})`, bindings };
}

/** Integers come back as strings from MySQL BIGINT (bigNumberStrings); as numbers from SQLite. */
export function num(v: unknown): number {
  return Number(v);
}

export function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/** Booleans are 0/1 on both databases. */
export function bool(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

export function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

export function strOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

export function parseJson<T>(v: unknown, fallback: T): T {
  if (typeof v !== 'string' || v === '') return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

/** Now as the stores' timestamp format. */
export function nowIso(): string {
  return new Date().toISOString();
}
