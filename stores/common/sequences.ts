/**
 * Id allocation. Each store keeps one row per table in its sequence table (`emp_sequences`,
 * `cw_sequences`) holding the next id; a batch reserves a block of ids with one UPDATE and one SELECT
 * inside the writing transaction, then inserts rows with their ids set.
 *
 * Why not the databases' auto-increment: a multi-row INSERT returns only one id on MySQL, and the rest
 * are consecutive only under some `innodb_autoinc_lock_mode` / `auto_increment_increment` settings;
 * SQLite's `RETURNING` behaves differently again. And `MAX(id)+1` reuses the id of a deleted last row,
 * which would let a ledger that remembers "order 101" later delete someone else's order 101. A sequence
 * row behaves the same on both databases, never hands out an id twice, costs two statements per table
 * per batch whatever the batch size, and its row lock (MySQL) or the write lock (SQLite) serializes
 * concurrent allocators until commit.
 */
import type { Knex } from 'knex';
import type { Executor } from './executor.ts';

/** Creates a store's sequence table (in the store's first migration). */
export async function createSequenceTable(db: Knex, table: string): Promise<void> {
  await db.schema.createTable(table, (t) => {
    t.string('table_name', 64).primary();
    t.integer('next_id').unsigned().notNullable();
  });
}

/** Registers tables in a sequence table (in the migration that creates them). */
export async function registerSequences(db: Knex, sequenceTable: string, tables: readonly string[]): Promise<void> {
  await db(sequenceTable).insert(tables.map((table_name) => ({ table_name, next_id: 1 })));
}

/** Reserves `count` consecutive ids for `table`; returns the first. Must run inside a transaction. */
export async function reserveIds(trx: Executor, sequenceTable: string, table: string, count: number): Promise<number> {
  const updated = await trx(sequenceTable).where({ table_name: table }).increment('next_id', count);
  if (updated !== 1) throw new Error(`No id sequence for table "${table}" in "${sequenceTable}".`);
  const row = (await trx(sequenceTable).where({ table_name: table }).first('next_id')) as { next_id: number | string };
  return Number(row.next_id) - count;
}
