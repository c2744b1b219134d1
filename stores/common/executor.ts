/**
 * The executor every repository method takes first: a knex instance or a transaction the caller owns.
 * Repositories never open a connection of their own; a batch write runs inside a savepoint of the
 * caller's transaction (or a transaction of its own when handed a bare knex), so it is all or nothing.
 */
import type { Knex } from 'knex';

/** A knex instance or a transaction: where a repository reads and writes. */
export type Executor = Knex | Knex.Transaction;

/** True on MySQL/MariaDB (mysql2), false on SQLite (better-sqlite3). */
export function isMysql(db: Executor): boolean {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  return typeof client === 'string' && client.startsWith('mysql');
}

/**
 * Runs `fn` atomically: in a savepoint when `db` is already a transaction (so a failed batch leaves the
 * caller's earlier work intact), else in a transaction of its own. One savepoint per batch, never per row.
 */
export async function atomically<T>(db: Executor, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
