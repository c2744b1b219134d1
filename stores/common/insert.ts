/**
 * Multi-row inserts. knex compiles a multi-row insert on SQLite as `SELECT ... UNION ALL SELECT`, which
 * SQLite caps at 500 terms, so rows are written as plain `INSERT ... VALUES (...), (...)` statements,
 * chunked to stay under both databases' placeholder limits (SQLite 32,766; MySQL 65,535).
 */
import type { Executor } from './executor.ts';

/** Placeholders per statement: under SQLite's 32,766, the lower of the two limits. */
const PLACEHOLDER_BUDGET = 30_000;
/** Rows per statement; about where MariaDB's throughput flattens (BENCHMARKS.md). */
const MAX_ROWS = 1_000;

export type Row = Record<string, string | number | boolean | null>;

/** Inserts rows (all with the same keys as the first) in as few statements as the limits allow. */
export async function insertRows(db: Executor, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(PLACEHOLDER_BUDGET / columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into ?? (${columns.map(() => '??').join(', ')}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const bindings: Array<string | number | boolean | null> = [table, ...columns];
    for (const row of chunk) {
      for (const c of columns) {
        const v = row[c];
        if (v === undefined) throw new Error(`Row for ${table} lacks column ${c}.`);
        bindings.push(v);
      }
    }
    await db.raw(head + chunk.map(() => tuple).join(', '), bindings);
  }
}
