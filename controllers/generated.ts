/**
 * `GET generated`: the ledger as a summary (the default view) or, with `view=rows`, one keyset page of
 * its rows. Every view checks every parameter, so a bad `limit` is 422 in the summary view too.
 */
import { keysetPage, type Page } from '../panel/api/pagination.ts';
import { CLEANUP_PARAMETERS, ledgerSummary, parseLedgerFilter, type LedgerSummary } from './cleanup.ts';
import { applyFilter, LEDGER_TABLE, toLedgerRow, type LedgerRow } from './ledger.ts';
import { assertCanUseSeeder } from './access.ts';
import { checkInput, inputSchema } from './input.ts';
import type { SeederRequest } from './request.ts';

const filterParameters = Object.fromEntries(
  CLEANUP_PARAMETERS.filter((p) => p.name === 'resource' || p.name === 'platform' || p.name === 'run_id').map((p) => [p.name, { ...p.schema, description: p.description }]),
);

/** The query of `GET generated`. */
export const LEDGER_QUERY = inputSchema('ledger', {
  view: { type: 'string', enum: ['summary', 'rows'], default: 'summary', description: 'The summary, or one page of ledger rows.' },
  ...filterParameters,
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Rows per page (view=rows).' },
  cursor: { type: 'string', description: 'The next_cursor of the previous page (view=rows).' },
});

export interface LedgerQuery {
  view: 'summary' | 'rows';
  resource?: string;
  platform?: string;
  run_id?: string;
  limit: number;
  cursor?: string;
}

export async function listGenerated(req: SeederRequest, input: unknown): Promise<LedgerSummary | Page<LedgerRow>> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const q = checkInput<LedgerQuery>(LEDGER_QUERY, input, { text: true });
  if (q.view === 'summary') return ledgerSummary(req, { resource: q.resource, platform: q.platform, run_id: q.run_id });
  const filter = await parseLedgerFilter(site, q);
  const query = applyFilter(site.db(LEDGER_TABLE), filter).select('*');
  return keysetPage(`seeder_ledger:${site.id}`, query, { limit: q.limit, cursor: q.cursor }, toLedgerRow);
}
