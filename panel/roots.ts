/**
 * Which database (knex instance) a transaction belongs to. A transaction's client shares its instance's
 * configuration object, so the panel registers each instance it opens by that object (database.ts).
 */
import type { Knex } from 'knex';

const ROOTS = new WeakMap<object, Knex>();

export function registerRoot(db: Knex): void {
  ROOTS.set(db.client.config, db);
}

/**
 * The database (the knex instance) that `db` belongs to: itself, or the instance a transaction was
 * opened on. For work that must commit on its own while a transaction is open, such as reserving a
 * block of ids (stores/common/sequences.ts).
 */
export function rootDatabase(db: Knex | Knex.Transaction): Knex {
  return ROOTS.get(db.client.config) ?? (db as Knex);
}
