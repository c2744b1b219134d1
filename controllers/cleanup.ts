/**
 * The ledger summary and cleanup. Cleanup deletes only what the ledger names, children before
 * parents (the purge order), newest first, in batches of `limit`; repeat until `remaining` is 0.
 * `forget` drops ledger rows and touches nothing in the store.
 */
import type { Knex } from 'knex';
import { cleanupOrder, normaliseResourceName, RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { PanelError } from '../panel/errors.ts';
import { retryTransient } from '../panel/transient.ts';
import type { Site } from '../panel/site.ts';
import { removeUploads } from '../panel/uploads.ts';
import type { DeleteOutcome, SeederDriver } from '../drivers/contract.ts';
import { siteDrivers } from '../drivers/registry.ts';
import { assertCanUseSeeder } from './access.ts';
import { dropEmptyRuns, runOrigins, type RunOrigin } from './run-origins.ts';
import { applyFilter, LEDGER_TABLE, ledgerFiles, PLATFORM_ID_MAX_LENGTH, RUN_ID_MAX_LENGTH, type LedgerFilter } from './ledger.ts';
import { noteWrites } from './existing-cache.ts';
import { checkInput, inputSchema } from './input.ts';
import type { SeederRequest } from './request.ts';
import { seederHooks } from './hooks.ts';
import { ItemRefused, writeAllButRefused } from './set-aside.ts';

export const DEFAULT_CLEANUP_LIMIT = 100;
export const MAX_CLEANUP_LIMIT = 500;

/** The reverse of the resource list, reordered by `seeder_purge_order` (unknown entries dropped, omitted ones appended). */
export function purgeOrder(site: Site): ResourceName[] {
  const base = cleanupOrder();
  const filtered = seederHooks(site).applyFilters('seeder_purge_order', [...base]);
  const seen = new Set<ResourceName>();
  const out: ResourceName[] = [];
  for (const entry of Array.isArray(filtered) ? filtered : []) {
    const r = typeof entry === 'string' ? normaliseResourceName(entry) : undefined;
    if (r && !seen.has(r)) {
      seen.add(r);
      out.push(r);
    }
  }
  for (const r of base) if (!seen.has(r)) out.push(r);
  return out;
}

/**
 * The parameters of cleanup (`DELETE generated`), declared once: the controller accepts exactly these
 * names, the OpenAPI document lists them (query string and body alike) and the CLI takes them as
 * `panel seeder cleanup` flags (`forget` there is the action `cleanup forget`). `resource`,
 * `platform` and `run_id` also filter the ledger's `GET generated`.
 */
export const CLEANUP_PARAMETERS = [
  { name: 'resource', schema: { type: 'string' }, description: 'Only records of this resource (its name or its REST base).' },
  {
    name: 'platform',
    schema: { type: 'string', maxLength: PLATFORM_ID_MAX_LENGTH },
    description:
      'Only records written to this store platform (a driver id, e.g. emporium). Without it every store is covered. An id that is neither a registered driver nor in the ledger is 400 platform.unknown.',
  },
  { name: 'run_id', schema: { type: 'string', maxLength: RUN_ID_MAX_LENGTH }, description: 'Only records of this run.' },
  {
    name: 'limit',
    schema: { type: 'integer', minimum: 1, maximum: MAX_CLEANUP_LIMIT, default: DEFAULT_CLEANUP_LIMIT },
    description: 'At most this many records per call; repeat until remaining is 0.',
  },
  { name: 'forget', schema: { type: 'boolean', default: false }, description: 'Drop the ledger rows and leave the stores untouched.' },
] as const satisfies ReadonlyArray<{ name: string; schema: Record<string, unknown>; description: string }>;

export type CleanupParameterName = (typeof CLEANUP_PARAMETERS)[number]['name'];

export type CleanupInput = Partial<Record<CleanupParameterName, unknown>>;

/** The parameters that narrow what cleanup and the ledger views cover. */
export type LedgerFilterInput = Pick<CleanupInput, 'resource' | 'platform' | 'run_id'>;

interface ParsedCleanup {
  filter: LedgerFilter;
  limit: number;
  forget: boolean;
}

/** The input schema of cleanup, from CLEANUP_PARAMETERS: what REST validates, the CLI's flags and the document read. */
export const CLEANUP_INPUT = inputSchema('cleanup', Object.fromEntries(CLEANUP_PARAMETERS.map((p) => [p.name, { ...p.schema, description: p.description }])));

/**
 * Checks cleanup's parameters; values may arrive as text (query string, CLI flag). An unknown name is
 * refused: a misspelt filter ignored would make cleanup cover more than was asked for.
 */
export function parseCleanupInput(input: CleanupInput): ParsedCleanup {
  const checked = checkInput<{ resource?: string; platform?: string; run_id?: string; limit: number; forget: boolean }>(CLEANUP_INPUT, input, { text: true });
  const filter: LedgerFilter = {};
  if (checked.resource !== undefined) {
    const r = normaliseResourceName(checked.resource);
    if (!r) {
      throw new PanelError('validation.invalid', 'Invalid parameter(s): resource', { field: 'resource', params: { resource: `must be one of ${RESOURCE_NAMES.join(', ')}` } });
    }
    filter.resource = r;
  }
  if (checked.platform !== undefined) filter.platform = checked.platform;
  if (checked.run_id !== undefined) filter.run_id = checked.run_id;
  return { filter, limit: checked.limit, forget: checked.forget };
}

/**
 * A `platform` filter names a registered driver, or a platform the ledger holds rows of (a store whose
 * driver is gone, so that its rows can still be forgotten); anything else is 400 `platform.unknown`,
 * as generate answers.
 */
async function assertKnownPlatform(site: Site, platform: string): Promise<void> {
  const drivers = siteDrivers(site).map((d) => d.id);
  if (drivers.includes(platform) || (await site.db(LEDGER_TABLE).where({ platform }).first('id'))) return;
  const ledgered = (await site.db(LEDGER_TABLE).distinct('platform')).map((r: { platform: string }) => r.platform);
  throw new PanelError('platform.unknown', `No platform driver "${platform}" is registered, and the ledger holds no record written to it.`, {
    field: 'platform',
    known: [...new Set([...drivers, ...ledgered])],
  });
}

/** The ledger filter of `GET generated` (summary and rows): `resource`, `platform`, `run_id`, checked. */
export async function parseLedgerFilter(site: Site, input: LedgerFilterInput): Promise<LedgerFilter> {
  const { filter } = parseCleanupInput({ resource: input.resource, platform: input.platform, run_id: input.run_id });
  if (filter.platform) await assertKnownPlatform(site, filter.platform);
  return filter;
}

export interface CleanupResult {
  deleted: number;
  /** Ledger rows matching the restriction that a further call would delete. */
  remaining: number;
  by_resource: Partial<Record<ResourceName, number>>;
  errors: string[];
  /** Rows of platforms whose driver is gone or inactive: left alone, not counted in `remaining`. */
  left_alone: number;
  /** Rows whose record refused deletion earlier: kept, reported once, not counted in `remaining`. */
  refused: number;
  forgot: boolean;
}

function availableDrivers(site: Site): Map<string, SeederDriver> {
  return new Map(siteDrivers(site).filter((d) => d.isActive(site)).map((d) => [d.id, d]));
}

async function counts(db: Knex, filter: LedgerFilter, available: string[]): Promise<{ remaining: number; left_alone: number; refused: number }> {
  const count = async (build: (q: Knex.QueryBuilder) => void) => {
    const q = applyFilter(db(LEDGER_TABLE), filter);
    build(q);
    const [{ n }] = await q.count({ n: '*' });
    return Number(n);
  };
  const remaining = await count((q) => q.whereNull('delete_error').whereIn('platform', available.length ? available : ['']));
  const left_alone = await count((q) => (available.length ? q.whereNotIn('platform', available) : q));
  const refused = await count((q) => q.whereNotNull('delete_error').whereIn('platform', available.length ? available : ['']));
  return { remaining, left_alone, refused };
}

/**
 * What one group's transaction did. `removed` counts the ledger rows this transaction deleted, as the
 * database confirmed them: a concurrent cleanup (another request, another process) that took some of the
 * same rows first leaves them out, so two cleanups never both count one record.
 */
interface GroupOutcome extends DeleteOutcome {
  removed: number;
  /** The upload files the deleted records' ledger rows named: removed once the transaction committed. */
  files: string[];
}

async function deleteGroup(site: Site, driver: SeederDriver, resource: ResourceName, ids: string[]): Promise<GroupOutcome> {
  const writer = driver.writer(resource, site);
  if (!writer) return { deleted: [], removed: 0, files: [], failed: ids.map((id) => ({ id, error: `${driver.label} offers no way to delete ${resource} records.` })) };
  const apply = async (trx: Knex.Transaction, outcome: DeleteOutcome): Promise<GroupOutcome> => {
    let removed = 0;
    const files: string[] = [];
    if (outcome.deleted.length) {
      const rows: Array<{ files: unknown; entity_key: string | null }> = await trx(LEDGER_TABLE)
        .where({ platform: driver.id, resource })
        .whereIn('record_id', outcome.deleted)
        .whereNotNull('files')
        .select('files', 'entity_key');
      removed = await trx(LEDGER_TABLE).where({ platform: driver.id, resource }).whereIn('record_id', outcome.deleted).delete();
      // A picture's file comes from its seed row, so the same seed on another store shares it: kept while a
      // ledger row of that store still names it.
      const keys = rows.flatMap((r) => (r.entity_key ? [r.entity_key] : []));
      const shared = new Set<string>();
      for (let i = 0; i < keys.length; i += 500) {
        const still: Array<{ files: unknown }> = await trx(LEDGER_TABLE).whereIn('entity_key', keys.slice(i, i + 500)).whereNotNull('files').select('files');
        for (const r of still) for (const f of ledgerFiles(r.files)) shared.add(f);
      }
      for (const r of rows) files.push(...ledgerFiles(r.files).filter((f) => !shared.has(f)));
    }
    for (const f of outcome.failed) {
      await trx(LEDGER_TABLE).where({ platform: driver.id, resource, record_id: f.id }).update({ delete_error: f.error.slice(0, 500) });
    }
    return { ...outcome, removed, files };
  };
  try {
    // Run whole again when the database aborts it (see generate.ts). A record the store refuses rolls the
    // batch back (its delete may have gone part way: there is no savepoint) and goes to the record-by-record pass.
    return await retryTransient(() =>
      site.db.transaction(async (trx) => {
        const outcome = await writer.delete(ids, { trx, site, resolved: new Map() });
        if (outcome.failed.length) throw new ItemRefused(outcome.failed[0]!.error);
        return apply(trx, outcome);
      }),
    );
  } catch {
    // Find the records that refuse, one by one, in one transaction started again without each of them
    // (set-aside.ts). Only a coded refusal of the store (a record still in use) is kept as that record's
    // delete error; anything else is thrown (500). This pass runs whatever the batch's error was: it tells
    // a refusal from a failure.
    return writeAllButRefused(site.db, ids, {
      begin: () => undefined,
      one: async (trx, id) => {
        const one = await writer.delete([id], { trx, site, resolved: new Map() });
        if (one.failed.length) throw new ItemRefused(one.failed[0]!.error);
        return one.deleted;
      },
      finish: (trx, done, setAside) =>
        apply(trx, { deleted: done.flatMap((d) => d.result), failed: setAside.map((s) => ({ id: s.item, error: s.error.message })) }),
    });
  }
}

/**
 * The runs left with no ledger row lose their `seeder_runs` row. After the records are gone, so a failure
 * here is not the cleanup's: the row only describes a run that is no longer listed.
 */
async function forgetEmptyRuns(site: Site, runIds: Iterable<string | null>): Promise<void> {
  try {
    await dropEmptyRuns(site.db, runIds);
  } catch {
    // Left behind: GET generated lists runs from the ledger, so an orphan row is never shown.
  }
}

export async function cleanup(req: SeederRequest, input: CleanupInput): Promise<CleanupResult> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const { filter, limit, forget } = parseCleanupInput(input);
  if (filter.platform) await assertKnownPlatform(site, filter.platform);
  const drivers = availableDrivers(site);
  const available = [...drivers.keys()];

  if (forget) {
    const rows: Array<{ id: number; resource: ResourceName; run_id: string | null }> = await applyFilter(site.db(LEDGER_TABLE), filter)
      .orderBy('id', 'desc')
      .limit(limit)
      .select('id', 'resource', 'run_id');
    // By resource, as the database confirms each delete: a concurrent forget may have taken some first.
    const byResource: Partial<Record<ResourceName, number>> = {};
    let forgotten = 0;
    for (const resource of new Set(rows.map((r) => r.resource))) {
      const ids = rows.filter((r) => r.resource === resource).map((r) => r.id);
      const n = await site.db(LEDGER_TABLE).whereIn('id', ids).delete();
      if (n) byResource[resource] = n;
      forgotten += n;
    }
    await forgetEmptyRuns(site, rows.map((r) => r.run_id));
    const rest = await applyFilter(site.db(LEDGER_TABLE), filter).count({ n: '*' });
    return { deleted: forgotten, remaining: Number(rest[0].n), by_resource: byResource, errors: [], left_alone: 0, refused: 0, forgot: true };
  }

  const errors = new Set<string>();
  const byResource: Partial<Record<ResourceName, number>> = {};
  let budget = limit;
  let deleted = 0;
  const touchedRuns = new Set<string | null>();
  for (const resource of purgeOrder(site)) {
    if (budget <= 0) break;
    if (filter.resource && filter.resource !== resource) continue;
    if (available.length === 0) break;
    const rows: Array<{ platform: string; record_id: string; run_id: string | null }> = await applyFilter(site.db(LEDGER_TABLE), { ...filter, resource })
      .whereNull('delete_error')
      .whereIn('platform', available)
      .orderBy('id', 'desc')
      .limit(budget)
      .select('platform', 'record_id', 'run_id');
    if (rows.length === 0) continue;
    for (const r of rows) touchedRuns.add(r.run_id);
    budget -= rows.length;
    const byPlatform = new Map<string, string[]>();
    for (const r of rows) byPlatform.set(r.platform, [...(byPlatform.get(r.platform) ?? []), String(r.record_id)]);
    for (const [platform, ids] of byPlatform) {
      const outcome = await deleteGroup(site, drivers.get(platform)!, resource, ids);
      // The records' files go once their deletion committed (a rolled-back group keeps them with its records).
      if (outcome.files.length > 0) await removeUploads(site.uploadsDir, outcome.files);
      deleted += outcome.removed;
      if (outcome.removed) byResource[resource] = (byResource[resource] ?? 0) + outcome.removed;
      for (const f of outcome.failed) errors.add(f.error);
    }
  }
  // Deleting a record can take its children and links with it: every cached view may be stale now.
  if (deleted > 0) await noteWrites(site, 'all');
  if (deleted > 0) await forgetEmptyRuns(site, touchedRuns);
  const c = await counts(site.db, filter, available);
  if (c.left_alone > 0) {
    const gone = (await applyFilter(site.db(LEDGER_TABLE), filter).whereNotIn('platform', available.length ? available : ['']).distinct('platform')).map((r: { platform: string }) => r.platform);
    errors.add(`${c.left_alone} ledger row(s) of ${gone.join(', ')} were left alone: that platform's driver is not available on this site. Activate it to clean them up, or forget them.`);
  }
  return { deleted, remaining: c.remaining, by_resource: byResource, errors: [...errors], left_alone: c.left_alone, refused: c.refused, forgot: false };
}

export interface LedgerSummary {
  total: number;
  by_resource: Array<{ resource: string; platform: string; count: number }>;
  /**
   * Each run with what it made, so runs can be told apart: `parts` is its records by store and resource
   * (a recipe run has several; a run writes to one store, so `parts` names the store).
   */
  runs: Array<
    { run_id: string | null; count: number; first_at: string; last_at: string; parts: Array<{ resource: string; platform: string; count: number }> } & RunOrigin
  >;
}

export async function ledgerSummary(req: SeederRequest, input: LedgerFilterInput = {}): Promise<LedgerSummary> {
  await assertCanUseSeeder(req.site, req.actor);
  const filter = await parseLedgerFilter(req.site, input);
  const db = req.site.db;
  const byResource = await applyFilter(db(LEDGER_TABLE), filter).select('resource', 'platform').count({ n: '*' }).groupBy('resource', 'platform');
  const order = new Map<string, number>(RESOURCE_NAMES.map((r, i) => [r, i]));
  const runs = await applyFilter(db(LEDGER_TABLE), filter)
    .select('run_id')
    .count({ n: '*' })
    .min({ first_at: 'created_at' })
    .max({ last_at: 'created_at' })
    .groupBy('run_id')
    .orderBy('last_at', 'desc');
  const runParts = await applyFilter(db(LEDGER_TABLE), filter).select('run_id', 'resource', 'platform').count({ n: '*' }).groupBy('run_id', 'resource', 'platform');
  const partsOf = new Map<string | null, LedgerSummary['by_resource']>();
  for (const p of runParts as Array<Record<string, unknown>>) {
    const id = p.run_id === null ? null : String(p.run_id);
    if (!partsOf.has(id)) partsOf.set(id, []);
    partsOf.get(id)!.push({ resource: String(p.resource), platform: String(p.platform), count: Number(p.n) });
  }
  // Who made each run and with which recipe (seeder_runs); null for runs made before it was kept.
  const origins = await runOrigins(db, (runs as Array<Record<string, unknown>>).filter((r) => r.run_id !== null).map((r) => String(r.run_id)));
  const rows: LedgerSummary['by_resource'] = byResource.map((r: Record<string, unknown>) => ({ resource: String(r.resource), platform: String(r.platform), count: Number(r.n) }));
  rows.sort((a, b) => (order.get(a.resource) ?? 99) - (order.get(b.resource) ?? 99) || a.platform.localeCompare(b.platform));
  return {
    total: rows.reduce((s, r) => s + r.count, 0),
    by_resource: rows,
    runs: runs.map((r: Record<string, unknown>) => ({
      run_id: r.run_id === null ? null : String(r.run_id),
      count: Number(r.n),
      first_at: String(r.first_at),
      last_at: String(r.last_at),
      parts: (partsOf.get(r.run_id === null ? null : String(r.run_id)) ?? []).sort(
        (a, b) => (order.get(a.resource) ?? 99) - (order.get(b.resource) ?? 99) || a.platform.localeCompare(b.platform),
      ),
      made_by: (r.run_id === null ? undefined : origins.get(String(r.run_id)))?.made_by ?? null,
      recipe: (r.run_id === null ? undefined : origins.get(String(r.run_id)))?.recipe ?? null,
    })),
  };
}
