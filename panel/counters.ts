/**
 * A site's change counters: numbers in the site's database that grow whenever something a process may
 * hold in memory changes, so every process (another server, the CLI, another machine) can tell with
 * one indexed read whether what it holds is still current.
 *
 * - `state`: the site's options, its active plugins among them. Bumped in the same transaction as the
 *   change (`Options.set`/`delete`), so no process can see the change without the new number.
 * - `writes:<what>`: the records in the site's stores, by what was written (the Seeder uses its resource
 *   names, and `writes:all` for a change that may touch anything, such as a cleanup). Bumped by the
 *   Seeder after each write and cleanup (and by a store that can say when it writes), before the
 *   writer answers.
 *
 * A counter is spread over SLOTS rows that are summed on read, and each bump picks a slot at random:
 * writers on several processes (or Galera nodes) rarely touch the same row, so a bump almost never
 * waits for, or conflicts with, another. The sum only grows, so "the number changed" is exact.
 */
import type { Knex } from 'knex';
import { ensureTable } from './tables.ts';

export const COUNTERS_TABLE = 'panel_counters';
export type CounterName = 'state' | `writes:${string}`;
/** Counters as one read saw them, by name (absent: 0). */
export type CounterValues = ReadonlyMap<string, number>;
const SLOTS = 16;

export async function ensureCountersTable(db: Knex): Promise<void> {
  await ensureTable(db, COUNTERS_TABLE, (t) => {
    t.string('name', 32).notNullable();
    t.integer('slot').notNullable();
    t.bigInteger('value').notNullable();
    t.primary(['name', 'slot']);
  });
}

/** Adds one to a counter (in `db`'s transaction when it is one). */
export async function bumpCounter(db: Knex | Knex.Transaction, name: CounterName): Promise<void> {
  const slot = Math.floor(Math.random() * SLOTS);
  await db(COUNTERS_TABLE)
    .insert({ name, slot, value: 1 })
    .onConflict(['name', 'slot'])
    .merge({ value: db.raw('?? + 1', [`${COUNTERS_TABLE}.value`]) });
}

/** The rows of a raw select, whichever the client (mysql2 answers [rows, fields]; SQLite the rows). */
async function select(db: Knex | Knex.Transaction, sql: string, bindings: readonly string[]): Promise<Array<Record<string, unknown>>> {
  const result = await db.raw(sql, bindings);
  return (db.client.config.client === 'mysql2' ? result[0] : result) as Array<Record<string, unknown>>;
}

// Raw statements: these run on every request, and the query builder costs more than the read itself.
const READ_ALL = `select name, value from ${COUNTERS_TABLE}`;
const READ_PREFIX = `${READ_ALL} where name like ?`;

/**
 * Every counter whose name starts with `prefix` (letters, digits and colons), in one read; counters
 * never bumped are absent (read them as 0).
 */
export async function readCounters(db: Knex | Knex.Transaction, prefix: string): Promise<Map<string, number>> {
  if (!/^[a-z0-9:]*$/i.test(prefix)) throw new Error(`A counter prefix is letters, digits and colons, not "${prefix}".`);
  // Summed here: a few dozen rows at most, and a plain read is the cheapest a request can make.
  const rows = prefix === '' ? await select(db, READ_ALL, []) : await select(db, READ_PREFIX, [`${prefix}%`]);
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(String(r.name), (sums.get(String(r.name)) ?? 0) + Number(r.value));
  return sums;
}
