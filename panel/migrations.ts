/** Runs each plugin's migrations once per site, recording them in `panel_migrations`. */
import type { Knex } from 'knex';
import type { PanelConfig } from './config.ts';

/**
 * What a migration may need besides its database. The kernel passes the panel's configuration to
 * the panel database's migrations (a data migration may need the data folder or a key from it).
 */
export interface MigrationContext {
  config?: PanelConfig;
}

/** A schema change owned by one plugin, run once per site when the plugin is activated. */
export interface Migration {
  /** Unique within the plugin; applied migrations are recorded by (plugin, id). */
  readonly id: string;
  up(db: Knex, context: MigrationContext): Promise<void>;
}

const TABLE = 'panel_migrations';

async function ensureTable(db: Knex): Promise<void> {
  if (await db.schema.hasTable(TABLE)) return;
  await db.schema.createTable(TABLE, (t) => {
    t.string('plugin', 64).notNullable();
    t.string('id', 128).notNullable();
    t.string('applied_at', 32).notNullable();
    t.primary(['plugin', 'id']);
  });
}

/** Applies an owner's (a plugin's, or the panel's own) pending migrations in order; returns the ids applied. */
export async function migrate(db: Knex, owner: string, migrations: readonly Migration[] = [], context: MigrationContext = {}): Promise<string[]> {
  if (migrations.length === 0) return [];
  await ensureTable(db);
  const done = new Set(
    (await db(TABLE).where({ plugin: owner }).select('id')).map((r: { id: string }) => r.id),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    // DDL is not transactional on MySQL, so each migration records itself right after it succeeds.
    await m.up(db, context);
    await db(TABLE).insert({ plugin: owner, id: m.id, applied_at: new Date().toISOString() });
    applied.push(m.id);
  }
  return applied;
}
