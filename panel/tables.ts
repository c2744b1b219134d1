/**
 * Creating the host's own bookkeeping tables when absent, safely when several processes start at once on
 * one database: two may both see the table missing and both create it. The statement is
 * `CREATE TABLE IF NOT EXISTS`, so the second is a no-op rather than an error: on a Galera cluster a DDL
 * statement that fails on one node and succeeds on another makes the cluster vote the odd node out, so
 * "fail, then check" is not enough there.
 */
import type { Knex } from 'knex';

/** Creates `name` with `build` unless it exists (a table whose columns and keys fit in one CREATE statement). */
export async function ensureTable(db: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  if (await db.schema.hasTable(name)) return;
  const statements = db.schema.createTable(name, build).toSQL();
  if (statements.length !== 1 || !/^create table /i.test(statements[0]!.sql)) {
    throw new Error(`ensureTable("${name}") takes a table made by one CREATE TABLE statement; this one needs ${statements.length}.`);
  }
  const { sql, bindings } = statements[0]!;
  await db.raw(sql.replace(/^create table /i, 'create table if not exists '), bindings);
}

/** A unique or primary key refused the row: another process inserted it first. */
export function isDuplicateKey(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
