/**
 * The ledger: one row per record the Seeder wrote (platform, resource, record id, run id, and the
 * entity key `resource:seed:row` it was generated as), written in the same transaction as the record,
 * so it never misses a written row and never names a row that is not there. Cleanup deletes only what
 * the ledger names; the entity keys let generate refuse to write a seed's rows a second time.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from '../panel/plugin.ts';
import { insertRows } from '../lib/insert-rows.ts';

/** The widths of the ledger's platform and run id columns: the longest platform id and run id a request may name. */
export const PLATFORM_ID_MAX_LENGTH = 64;
export const RUN_ID_MAX_LENGTH = 64;

export const LEDGER_TABLE = 'seeder_ledger';

const ENTITY_KEY_MAX = 255;

export const LEDGER_MIGRATIONS: Migration[] = [
  {
    id: '0001-ledger',
    async up(db) {
      await db.schema.createTable(LEDGER_TABLE, (t) => {
        t.increments('id').primary();
        t.string('platform', PLATFORM_ID_MAX_LENGTH).notNullable();
        t.string('resource', 40).notNullable();
        t.string('record_id', 64).notNullable();
        t.string('run_id', RUN_ID_MAX_LENGTH).nullable();
        t.string('created_at', 32).notNullable();
        // Set when the store refused to delete the record: cleanup reports it once and then leaves it.
        t.string('delete_error', 500).nullable();
        t.unique(['platform', 'resource', 'record_id']);
        t.index(['resource', 'id']);
        t.index(['run_id', 'id']);
        t.index(['created_at', 'id']);
      });
    },
  },
  {
    // Rows written before this migration have no key: a re-run of their seed is caught by the store's
    // unique values only.
    id: '0002-ledger-entity-key',
    async up(db) {
      await db.schema.alterTable(LEDGER_TABLE, (t) => {
        // Binary collation on MySQL: seeds "x" and "X" are different seeds (SQLite compares binary already).
        t.string('entity_key', ENTITY_KEY_MAX).nullable().collate('utf8mb4_bin');
        // One record per (platform, seed row): two concurrent requests for the same rows cannot both commit.
        t.unique(['platform', 'entity_key']);
      });
    },
  },
];

/**
 * The files a record brought (its pictures in the site's uploads folder), as a JSON list of upload paths on
 * its ledger row: cleanup removes them with the record; forget leaves them, as it leaves the record.
 */
export const LEDGER_FILES_MIGRATIONS: Migration[] = [
  {
    id: '0006-ledger-files',
    async up(db) {
      await db.schema.alterTable(LEDGER_TABLE, (t) => {
        t.text('files').nullable();
      });
    },
  },
];

/** The upload paths a ledger row's `files` column names (none for null or anything unreadable). */
export function ledgerFiles(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The key as stored: entity keys are at most about 230 characters (seeds are capped at 200), but an
 * entity filter may set a longer one, which is stored as its SHA-256 so it still fits and still matches.
 */
export function ledgerKey(key: string): string {
  return key.length <= ENTITY_KEY_MAX ? key : `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

export interface LedgerRow {
  id: number;
  platform: string;
  resource: string;
  record_id: string;
  run_id: string | null;
  created_at: string;
  delete_error: string | null;
  /** Files in the site's uploads folder the record brought (its pictures), as upload paths. */
  files: string[];
}

/** A record written, as the pipeline hands it to the ledger. */
export interface LedgerWrite {
  platform: string;
  resource: string;
  record_id: string;
  run_id: string | null;
  /** The entity key it was generated as (`resource:seed:row`); null for records not made from a seed row. */
  entity_key: string | null;
  /** Files in the site's uploads folder the record brought (its pictures); cleanup removes them with it. */
  files?: readonly string[];
}

export function toLedgerRow(r: Record<string, unknown>): LedgerRow {
  return {
    id: Number(r.id),
    platform: String(r.platform),
    resource: String(r.resource),
    record_id: String(r.record_id),
    run_id: r.run_id === null || r.run_id === undefined ? null : String(r.run_id),
    created_at: String(r.created_at),
    delete_error: r.delete_error === null || r.delete_error === undefined ? null : String(r.delete_error),
    files: ledgerFiles(r.files),
  };
}

/** Records written records, in the caller's transaction, in multi-row inserts. */
export async function recordWrites(
  trx: Knex | Knex.Transaction,
  rows: ReadonlyArray<LedgerWrite>,
  now = new Date().toISOString(),
): Promise<void> {
  if (rows.length === 0) return;
  // One column order for every row (insertRows takes the first row's): the statement's shape repeats from batch to batch.
  const values = rows.map((r) => ({
    platform: r.platform,
    resource: r.resource,
    record_id: r.record_id,
    run_id: r.run_id,
    entity_key: r.entity_key === null ? null : ledgerKey(r.entity_key),
    files: r.files && r.files.length > 0 ? JSON.stringify(r.files) : null,
    created_at: now,
  }));
  await insertRows(trx, LEDGER_TABLE, values);
}

export interface LedgerFilter {
  resource?: string;
  run_id?: string;
  platform?: string;
}

export function applyFilter(q: Knex.QueryBuilder, f: LedgerFilter): Knex.QueryBuilder {
  if (f.resource) q.where('resource', f.resource);
  if (f.run_id) q.where('run_id', f.run_id);
  if (f.platform) q.where('platform', f.platform);
  return q;
}

/** A live ledger row holding one of the entity keys asked about. */
export interface HeldKey {
  entity_key: string;
  record_id: string;
  run_id: string | null;
  created_at: string;
}

/** The ledger rows of `platform` that hold any of `keys` (as generated, before `ledgerKey`). */
export async function rowsHoldingKeys(db: Knex | Knex.Transaction, platform: string, keys: readonly string[]): Promise<Map<string, HeldKey>> {
  const byStored = new Map(keys.map((k) => [ledgerKey(k), k]));
  const out = new Map<string, HeldKey>();
  const stored = [...byStored.keys()];
  for (let i = 0; i < stored.length; i += 500) {
    const rows = (await db(LEDGER_TABLE)
      .where('platform', platform)
      .whereIn('entity_key', stored.slice(i, i + 500))
      .select('entity_key', 'record_id', 'run_id', 'created_at')) as Array<Record<string, unknown>>;
    for (const r of rows) {
      const key = byStored.get(String(r.entity_key));
      if (key === undefined) continue;
      out.set(key, {
        entity_key: key,
        record_id: String(r.record_id),
        run_id: r.run_id === null || r.run_id === undefined ? null : String(r.run_id),
        created_at: String(r.created_at),
      });
    }
  }
  return out;
}
