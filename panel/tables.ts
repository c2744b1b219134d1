/**
 * Creating the host's own bookkeeping tables when absent, safely when several processes start at once on
 * one database: two may both see the table missing and both create it; the loser's "already exists" is
 * not an error once the table is there.
 */
import type { Knex } from 'knex';

/** Creates `name` with `build` unless it exists; another process creating it meanwhile is not an error. */
export async function ensureTable(db: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  if (await db.schema.hasTable(name)) return;
  try {
    await db.schema.createTable(name, build);
  } catch (e) {
    if (await db.schema.hasTable(name).catch(() => false)) return;
    throw e;
  }
}

/** A unique or primary key refused the row: another process inserted it first. */
export function isDuplicateKey(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
