/**
 * Per-site options: JSON values by name, the analogue of WordPress's get_option/update_option. They
 * are read from the database on every use, and every change bumps the site's `state` counter in the
 * same transaction (counters.ts), so a process holding anything derived from them (the kernel's
 * applied plugins) knows at its next request that it must look again.
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
  constructor(db: Knex) {
    this.#db = db;
  }

  async get<T>(name: string, fallback: T): Promise<T>;
  async get<T>(name: string): Promise<T | undefined>;
  async get<T>(name: string, fallback?: T): Promise<T | undefined> {
    const row = await this.#db(OPTIONS_TABLE).where({ name }).first('value');
    return row ? (JSON.parse(row.value as string) as T) : fallback;
  }

  async set(name: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await retryTransient(() =>
      this.#db.transaction(async (trx) => {
        await trx(OPTIONS_TABLE).insert({ name, value: json }).onConflict('name').merge({ value: json });
        await bumpCounter(trx, 'state');
      }),
    );
  }

  async delete(name: string): Promise<boolean> {
    return retryTransient(() =>
      this.#db.transaction(async (trx) => {
        const deleted = (await trx(OPTIONS_TABLE).where({ name }).delete()) > 0;
        if (deleted) await bumpCounter(trx, 'state');
        return deleted;
      }),
    );
  }
}
