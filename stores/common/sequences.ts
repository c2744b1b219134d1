/**
 * Id allocation. Each store keeps one row per table in its sequence table (`emp_sequences`,
 * `cw_sequences`) holding the next id.
 *
 * Why not the databases' auto-increment: a multi-row INSERT returns only one id on MySQL, and the rest
 * are consecutive only under some `innodb_autoinc_lock_mode` / `auto_increment_increment` settings;
 * SQLite's `RETURNING` behaves differently again. And `MAX(id)+1` reuses the id of a deleted last row,
 * which would let a ledger that remembers "order 101" later delete someone else's order 101. A sequence
 * row behaves the same on both databases and never hands out an id twice.
 *
 * How ids are reserved differs by database:
 * - SQLite has one writer at a time: a batch reserves its ids with one UPDATE and one SELECT inside its
 *   own transaction, so ids stay consecutive and gap-free.
 * - MySQL/MariaDB (and a Galera cluster) have many writers: one row updated inside every write
 *   transaction would serialise them on one server and make every concurrent commit on different Galera
 *   nodes conflict (each aborted and run again). So a process reserves a block of ids (BLOCK, or the
 *   batch's count when larger) in one autocommitted statement of its own (takeBlock), retried when the
 *   database aborts it, and hands ids out of that block from memory to its batches. Writers on different
 *   processes or nodes then meet on the sequence row once per block, not once per batch, and their
 *   write transactions touch no common row. Ids are never reused; there are gaps: what a process had
 *   left in its block when it stopped, and the ids of a write that was rolled back.
 */
import type { Knex } from 'knex';
import { isMysql, type Executor } from './executor.ts';
import { retryTransient, rootDatabase } from '../../panel/plugin.ts';

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

/** Reserves `count` consecutive ids for `table`; returns the first. Runs inside the caller's write transaction. */
export async function reserveIds(trx: Executor, sequenceTable: string, table: string, count: number): Promise<number> {
  if (!isMysql(trx)) return takeFromSequence(trx, sequenceTable, table, count);
  return fromBlock(rootDatabase(trx), sequenceTable, table, count);
}

/** Ids reserved on MySQL/MariaDB per database (its knex instance) and table, not yet handed out: [next, end). */
const blocks = new WeakMap<Knex, Map<string, { next: number; end: number }>>();
/** Ids a process reserves at a time on MySQL/MariaDB (at least the batch's count). */
export const BLOCK = 1000;

async function fromBlock(db: Knex, sequenceTable: string, table: string, count: number): Promise<number> {
  let byTable = blocks.get(db);
  if (!byTable) blocks.set(db, (byTable = new Map()));
  const key = `${sequenceTable}\u0000${table}`;
  const held = byTable.get(key);
  if (held && held.end - held.next >= count) {
    const first = held.next;
    held.next += count;
    return first;
  }
  // A block of its own, committed at once (a deadlock or a Galera conflict on the sequence row runs it again).
  const size = Math.max(count, BLOCK);
  const first = await retryTransient(() => takeBlock(db, sequenceTable, table, size));
  // What was left of the previous block is a gap; a batch that reserved meanwhile keeps its own.
  byTable.set(key, { next: first + count, end: first + size });
  return first;
}

async function takeFromSequence(trx: Executor, sequenceTable: string, table: string, count: number): Promise<number> {
  const updated = await trx(sequenceTable).where({ table_name: table }).increment('next_id', count);
  if (updated !== 1) throw new Error(`No id sequence for table "${table}" in "${sequenceTable}".`);
  const row = (await trx(sequenceTable).where({ table_name: table }).first('next_id')) as { next_id: number | string };
  return Number(row.next_id) - count;
}

/**
 * MySQL/MariaDB: `count` ids in one autocommitted statement, one round trip instead of four (BEGIN,
 * UPDATE, SELECT, COMMIT): `LAST_INSERT_ID(expr)` hands the row's new value back in the statement's own
 * answer (its insert id), which no other connection's statement can change.
 */
async function takeBlock(db: Knex, sequenceTable: string, table: string, count: number): Promise<number> {
  const [result] = (await db.raw('update ?? set `next_id` = last_insert_id(`next_id` + ?) where `table_name` = ?', [sequenceTable, count, table])) as [
    { affectedRows: number; insertId: number | string },
  ];
  if (result.affectedRows !== 1) throw new Error(`No id sequence for table "${table}" in "${sequenceTable}".`);
  return Number(result.insertId) - count;
}
