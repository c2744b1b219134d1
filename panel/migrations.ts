/** Runs each plugin's migrations once per site, recording them in `panel_migrations`. */
import type { Knex } from 'knex';
import type { PanelConfig } from './config.ts';
import { withLock } from './lock.ts';
import { ensureTable, isDuplicateKey } from './tables.ts';

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
/** The lock every migration of a database runs under (panel/lock.ts). */
export const MIGRATIONS_LOCK = 'migrations';

async function ensureMigrationsTable(db: Knex): Promise<void> {
  await ensureTable(db, TABLE, (t) => {
    t.string('plugin', 64).notNullable();
    t.string('id', 128).notNullable();
    t.string('applied_at', 32).notNullable();
    t.primary(['plugin', 'id']);
  });
}

async function appliedIds(db: Knex, owner: string): Promise<Set<string>> {
  return new Set((await db(TABLE).where({ plugin: owner }).select('id')).map((r: { id: string }) => r.id));
}

/**
 * Applies an owner's (a plugin's, or the panel's own) pending migrations in order; returns the ids applied.
 * Safe with several processes on one database: the pending ones run under the database's migrations lock,
 * re-read once it is held, so each migration runs once whichever process gets there first. With nothing
 * pending (every start after the first), no lock is taken.
 */
export async function migrate(db: Knex, owner: string, migrations: readonly Migration[] = [], context: MigrationContext = {}): Promise<string[]> {
  if (migrations.length === 0) return [];
  if (await db.schema.hasTable(TABLE)) {
    const done = await appliedIds(db, owner);
    if (migrations.every((m) => done.has(m.id))) return [];
  }
  return withLock(db, MIGRATIONS_LOCK, async () => {
    await ensureMigrationsTable(db);
    const done = await appliedIds(db, owner);
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      // DDL is not transactional on MySQL, so each migration records itself right after it succeeds.
      await m.up(db, context);
      try {
        await db(TABLE).insert({ plugin: owner, id: m.id, applied_at: new Date().toISOString() });
      } catch (e) {
        // Recorded by another process meanwhile (one that ran without the lock, an older version): it is applied.
        if (!isDuplicateKey(e)) throw e;
      }
      applied.push(m.id);
    }
    return applied;
  });
}
