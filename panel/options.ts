/**
 * Per-site options: JSON values by name, the analogue of WordPress's get_option/update_option. Every
 * change bumps the site's `state` counter in the same transaction (counters.ts), so a process holding
 * anything derived from them (the kernel's applied plugins, the values kept here) knows at its next
 * request that it must look again.
 *
 * Values read are kept while the `state` counter stands still: each request reads the counters once
 * (Site.look, or the existing-record cache's read), and the site passes `state` to `observe`; a number
 * other than the one the kept values were read under drops them all. So a change made by another
 * process (the CLI, another server, another machine) is seen from the first request that reads the
 * counters after it committed, as before, without one read per option per request (a Seeder request
 * read four). Nothing is kept until a counter read stamps the values, nor across this process's own
 * changes.
 */
import type { Knex } from 'knex';
import { ensureTable } from './tables.ts';
import { bumpCounter, ensureCountersTable } from './counters.ts';
import { retryTransient } from './transient.ts';

export const OPTIONS_TABLE = 'panel_options';

export async function ensureOptionsTable(db: Knex): Promise<void> {
  await ensureCountersTable(db);
  await ensureTable(db, OPTIONS_TABLE, (t) => {
    t.string('name', 191).primary();
    t.text('value', 'longtext').notNullable();
  });
}

export class Options {
  readonly #db: Knex;
  /** The stored JSON by name (null: no such option), as read while `state` was #stamp. */
  readonly #kept = new Map<string, string | null>();
  /** The `state` counter the kept values go with; undefined: keep nothing (no read yet, or a change here). */
  #stamp: number | undefined;

  constructor(db: Knex) {
    this.#db = db;
  }

  /** The site's `state` counter as a read just saw it: kept values read under another number are dropped. */
  observe(state: number): void {
    if (state === this.#stamp) return;
    this.#kept.clear();
    this.#stamp = state;
  }

  async get<T>(name: string, fallback: T): Promise<T>;
  async get<T>(name: string): Promise<T | undefined>;
  async get<T>(name: string, fallback?: T): Promise<T | undefined> {
    let json = this.#stamp === undefined ? undefined : this.#kept.get(name);
    if (json === undefined) {
      const stamp = this.#stamp;
      const row = await this.#db(OPTIONS_TABLE).where({ name }).first('value');
      json = row ? (row.value as string) : null;
      // Kept only when no other counter read (nor a change here) came between: the value may be older than that read.
      if (stamp !== undefined && stamp === this.#stamp) this.#kept.set(name, json);
    }
    // Parsed on every call: callers may change what they get.
    return json === null ? fallback : (JSON.parse(json) as T);
  }

  async set(name: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    this.#forget();
    try {
      await retryTransient(() =>
        this.#db.transaction(async (trx) => {
          await trx(OPTIONS_TABLE).insert({ name, value: json }).onConflict('name').merge({ value: json });
          await bumpCounter(trx, 'state');
        }),
      );
    } finally {
      // Again after the commit: a request of this process may have stamped values read before it.
      this.#forget();
    }
  }

  async delete(name: string): Promise<boolean> {
    this.#forget();
    try {
      return await retryTransient(() =>
        this.#db.transaction(async (trx) => {
          const deleted = (await trx(OPTIONS_TABLE).where({ name }).delete()) > 0;
          if (deleted) await bumpCounter(trx, 'state');
          return deleted;
        }),
      );
    } finally {
      this.#forget();
    }
  }

  /** A change here: nothing is kept until the next counter read says which `state` the values go with. */
  #forget(): void {
    this.#kept.clear();
    this.#stamp = undefined;
  }
}
