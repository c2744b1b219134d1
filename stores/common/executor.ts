/**
 * The executor every repository method takes first: a knex instance or a transaction the caller owns.
 * Repositories never open a connection of their own; a batch write runs inside the caller's transaction
 * (or a transaction of its own when handed a bare knex), so it is all or nothing.
 */
import type { Knex } from 'knex';

/** A knex instance or a transaction: where a repository reads and writes. */
export type Executor = Knex | Knex.Transaction;

export { isMysql } from '../../lib/insert-rows.ts';

/**
 * Runs `fn` atomically: in a transaction of its own when `db` is a bare knex; inside the caller's
 * transaction when `db` is one, which is then the unit: a failure here must end it (roll it back), never
 * be caught and committed past. No savepoint: a savepoint rolled back in a transaction that then commits
 * is what a MariaDB Galera cluster replays wrongly (controllers/set-aside.ts writes around refusals instead).
 */
export async function atomically<T>(db: Executor, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return (db as Partial<Knex.Transaction>).isTransaction ? fn(db as Knex.Transaction) : db.transaction(fn);
}
