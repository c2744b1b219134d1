/** Per-site options: JSON values by name, the analogue of WordPress's get_option/update_option. */
import type { Knex } from 'knex';

export const OPTIONS_TABLE = 'panel_options';

export async function ensureOptionsTable(db: Knex): Promise<void> {
  if (await db.schema.hasTable(OPTIONS_TABLE)) return;
  await db.schema.createTable(OPTIONS_TABLE, (t) => {
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
    await this.#db(OPTIONS_TABLE).insert({ name, value: json }).onConflict('name').merge({ value: json });
  }

  async delete(name: string): Promise<boolean> {
    return (await this.#db(OPTIONS_TABLE).where({ name }).delete()) > 0;
  }
}
