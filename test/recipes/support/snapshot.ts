/** Every row of the stores' data tables and the Seeder's ledger and options, in a stable order. */
import type { Knex } from 'knex';
import type { Site } from '../../../panel/site.ts';
import { CARTWHEEL } from '../../../stores/cartwheel/index.ts';
import { EMPORIUM } from '../../../stores/emporium/index.ts';

export type Rows = Record<string, string[]>;

/**
 * The id sequences (`*_sequences`) are left out on purpose: like auto-increment counters they only
 * grow, so an id is never handed out twice (stores/common/sequences.ts); they hold no records.
 */
export function storeTables(site: Site): string[] {
  return [...(site.services.get(EMPORIUM)?.tables ?? []), ...(site.services.get(CARTWHEEL)?.tables ?? []), 'seeder_ledger', 'panel_options'];
}

export async function snapshot(db: Knex, tables: readonly string[]): Promise<Rows> {
  const out: Rows = {};
  for (const t of tables) {
    const rows = (await db(t).select('*')) as Array<Record<string, unknown>>;
    out[t] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])))).sort();
  }
  return out;
}
