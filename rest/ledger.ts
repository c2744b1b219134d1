/**
 * The ledger: one row per record the Seeder wrote (platform, resource, record id, run id), written in
 * the same transaction as the record, so it never misses a written row and never names a row that is
 * not there. Cleanup deletes only what the ledger names.
 */
import type { Knex } from 'knex';
import type { Migration } from '../panel/plugin.ts';

export const LEDGER_TABLE = 'seeder_ledger';

export const LEDGER_MIGRATIONS: Migration[] = [
  {
    id: '0001-ledger',
    async up(db) {
      await db.schema.createTable(LEDGER_TABLE, (t) => {
        t.increments('id').primary();
        t.string('platform', 64).notNullable();
        t.string('resource', 40).notNullable();
        t.string('record_id', 64).notNullable();
        t.string('run_id', 64).nullable();
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
];

export interface LedgerRow {
  id: number;
  platform: string;
  resource: string;
  record_id: string;
  run_id: string | null;
  created_at: string;
  delete_error: string | null;
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
  };
}

/** Records written records, in the caller's transaction, in multi-row inserts. */
export async function recordWrites(
  trx: Knex | Knex.Transaction,
  rows: ReadonlyArray<{ platform: string; resource: string; record_id: string; run_id: string | null }>,
  now = new Date().toISOString(),
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({ ...r, created_at: now }));
  // 6 columns a row: 500 rows stay far below MySQL's 65,535 placeholders.
  for (let i = 0; i < values.length; i += 500) await trx(LEDGER_TABLE).insert(values.slice(i, i + 500));
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
