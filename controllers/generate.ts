/**
 * The generate and preview controllers: the one pipeline (ARCHITECTURE.md, "A request's path") that REST, CLI, MCP
 * and the admin all call. Preview runs steps 1, 2 and 5-7 and returns exactly the rows generate
 * would write for the same parameters; generate also resolves the platform, checks the capability
 * matrix, writes the batch and its ledger rows in one transaction, and runs the result filters.
 */
import type { Knex } from 'knex';
import type { ResourceName } from '../generators/resources.ts';
import { localeDataFor, type LocaleData } from '../generators/locale-data.ts';
import { isRefusal, PanelError } from '../panel/errors.ts';
import { retryTransient } from '../panel/transient.ts';
import { isDuplicateKey } from '../panel/tables.ts';
import type { Site } from '../panel/site.ts';
import { keptImages, type CapabilityCell, type ResourceWriter, type SeederDriver } from '../drivers/contract.ts';
import { renderImage } from '../generators/images.ts';
import { writeUploads } from '../panel/uploads.ts';
import { resolvePlatform, tryResolvePlatform } from '../drivers/resolve.ts';
import { assertCanUseSeeder } from './access.ts';
import { unsupportedCode } from './error-codes.ts';
import { recordWrites } from './ledger.ts';
import { noteWrites } from './existing-cache.ts';
import { buildEntities, buildWithReferences, type ReferenceSource } from './entities.ts';
import { columnsFor, labelReferences, type Column } from '../generators/columns.ts';
import { assertRowsNotWritten, nothingWritten, seedRowKeys } from './reruns.ts';
import { DUPLICATE_RETRIES, writeAllButRefused } from './set-aside.ts';
import { newRunId } from './runs.ts';
import { formatMoney } from '../generators/money.ts';
import { noteRun } from './run-origins.ts';
import { assertFieldsFitPlatform, prepareParams, requireResource } from './params.ts';
import type { SeederRequest } from './request.ts';
import { generationResultHook, hookNames, seederHooks, type GenerationContext } from './hooks.ts';

declare module '../hooks/catalogue.ts' {
  /** The result filters of the writers (the Seeder's, declared in controllers/hooks.ts), typed where the result is. */
  interface FilterCatalogue {
    [name: `seeder_${string}_generation_result`]: { value: GenerateResult; args: [context: GenerationContext] };
    seeder_shipping_method_generation_result: { value: GenerateResult; args: [context: GenerationContext] };
    seeder_rest_response: { value: GenerateResult; args: [context: GenerationContext] };
    seeder_rest_message: { value: string; args: [context: GenerationContext & { result: GenerateResult }] };
    [name: `seeder_generated_item_${string}`]: { value: CreatedItem | false | null; args: [context: ItemContext] };
  }
  interface ActionCatalogue {
    [name: `seeder_before_generate_item_${string}`]: { args: [entity: Record<string, unknown>, context: ItemContext] };
    [name: `seeder_after_generate_item_${string}`]: { args: [item: CreatedItem, entity: Record<string, unknown>, context: ItemContext] };
    [name: `seeder_after_batch_generate_${string}`]: { args: [result: GenerateResult, context: GenerationContext] };
    [name: `seeder_before_write_${string}`]: { args: [entities: readonly Record<string, unknown>[], context: WriteHookContext] };
    [name: `seeder_after_write_${string}`]: { args: [entities: readonly Record<string, unknown>[], outcome: WriteHookOutcome, context: WriteHookContext] };
  }
}

/** Which entity of which request a per-item hook runs for. */
export type ItemContext = GenerationContext & { index: number; key: string; run_id: string };

/** The write a before/after-write action runs around. */
export type WriteHookContext = { resource: string; platform: string; run_id: string };

/** How a write ended: the new ids, or the error the writer threw (then thrown on). */
export type WriteHookOutcome = { ok: true; ids: string[] } | { ok: false; error: unknown };

export interface PreviewResult {
  resource: ResourceName;
  seed: string;
  seed_generated: boolean;
  locale: string;
  /** What the locale's records are made from: built-in words, faker data of people and of places. */
  locale_data: LocaleData;
  /** The platform whose existing records were used, when one resolved. */
  platform: string | null;
  /**
   * What the rows' references point at: `store` (records of `platform`), `stand-in` (no store resolved:
   * a self-contained stand-in shop made from the seed, ids `stand-in-…`; generate would refer to the
   * store's records instead), `none` (the resource refers to no records of other resources).
   */
  references: ReferenceSource;
  /** The same in words, for people. */
  references_note: string;
  /** Each top-level field of the rows: key, label, kind (`generators/columns.ts`). */
  columns: Column[];
  count: number;
  /** The entities generate would write; each reference carries a `label`. */
  rows: unknown[];
}

/** What `references` means, in words. */
function referencesNote(source: ReferenceSource, platform: string | null): string {
  if (source === 'store') return `References are records of ${platform ?? 'the store'}.`;
  if (source === 'stand-in') {
    return 'No store was chosen, so references point at stand-in records made from the seed (ids starting "stand-in-"); generate refers to the chosen store\'s records instead.';
  }
  return 'These rows refer to no records of other resources.';
}

export interface CreatedItem {
  id: string;
  key: string;
  summary: string;
}

export interface GenerateResult extends Record<string, unknown> {
  resource: ResourceName;
  platform: string;
  run_id: string;
  seed: string;
  seed_generated: boolean;
  locale: string;
  /** Always set by generate; optional only for results a result filter builds itself. */
  locale_data?: LocaleData;
  requested: number;
  created: CreatedItem[];
  created_count: number;
  failed: number;
  errors: string[];
  ignored_parameters: string[];
  /** One line for people: what was created, what failed (`seeder_rest_message`). */
  message: string;
}

/**
 * Step 3's input: the platform the request names, through `seeder_target_platform` with the raw
 * request (a tap may force one). The answer is validated by the resolution as a sent one would be;
 * null or '' means the stored target, else the only active store.
 */
function targetPlatform(site: Site, resource: ResourceName, action: 'preview' | 'generate', requested: string | undefined, raw: unknown): string | undefined {
  const hooks = seederHooks(site);
  if (!hooks.isUsed('seeder_target_platform')) return requested;
  const chosen: unknown = hooks.applyFilters('seeder_target_platform', requested ?? null, { resource, action, raw: { ...(raw as Record<string, unknown>) } });
  if (chosen === null || chosen === '') return undefined;
  if (typeof chosen !== 'string') {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): platform', { params: { platform: 'seeder_target_platform must return a platform id or null' } });
  }
  return chosen;
}

export async function preview(req: SeederRequest, resourceInput: string, raw: unknown): Promise<PreviewResult> {
  await assertCanUseSeeder(req.site, req.actor);
  const resource = requireResource(resourceInput);
  const prepared = prepareParams(req.site, resource, raw, 'preview');
  const { params, seedGenerated } = prepared;
  // Preview needs no platform; when one resolves, its existing records are used, as generate would,
  // and platform fields of another platform are refused, as generate would.
  const resolution = await tryResolvePlatform(req.site, targetPlatform(req.site, resource, 'preview', params.platform, raw));
  if (resolution) assertFieldsFitPlatform(prepared, resolution.driver);
  // With no store, the records the rows refer to are stand-ins (`references: 'stand-in'`).
  const built = await buildWithReferences(req.site, resource, params, resolution?.driver, prepared, req.counters);
  const rows = labelReferences(resource, built.entities, built.existing);
  const platform = resolution?.driver.id ?? null;
  return {
    resource,
    seed: String(params.seed),
    seed_generated: seedGenerated,
    locale: params.locale,
    locale_data: localeDataFor(params.locale),
    platform,
    references: built.references,
    references_note: referencesNote(built.references, platform ? (resolution?.driver.label ?? platform) : null),
    columns: columnsFor(resource, rows),
    count: rows.length,
    rows,
  };
}

/** Step 4: an unsupported resource is 400 `<resource>.unsupported` whose message names what would enable it. */
export function assertSupported(resource: ResourceName, driver: SeederDriver, cell: CapabilityCell | undefined): void {
  if (!cell || cell.status === 'unsupported') {
    const reason = cell?.reason ?? `${driver.label} cannot hold ${resource.replace(/_/g, ' ')} records.`;
    throw new PanelError(unsupportedCode(resource), reason, { resource, platform: driver.id, status: 'unsupported' });
  }
  if (cell.status === 'missing_extension') {
    throw new PanelError(unsupportedCode(resource), cell.reason, {
      resource,
      platform: driver.id,
      status: 'missing_extension',
      extension: cell.extension,
    });
  }
}

interface WriteOutcome {
  created: CreatedItem[];
  failed: number;
  errors: string[];
  /** What each failed entity was refused with (to tell a conflict or a missing prerequisite from a failure). */
  failures: unknown[];
}

/**
 * Step 8. The batch and its ledger rows go in one transaction. If the store refuses the batch (a
 * coded refusal: an invalid value, an entity the driver cannot map), it is written again entity by
 * entity (`writeAllButRefused`), so the good entities are written and the refused ones reported with the
 * refusal's message, and no ledger row is left without its record. Anything else a writer throws (a TypeError,
 * a database error) is not a refusal of one entity: it is thrown, the transaction is rolled back, and
 * the formatter answers 500 without the error's text.
 */
async function writeBatch<E extends { key: string }>(
  site: Site,
  driver: SeederDriver,
  resource: ResourceName,
  writer: ResourceWriter<E>,
  entities: E[],
  runId: string,
  seed: string,
  keys: readonly string[],
  locale: string,
): Promise<WriteOutcome> {
  // Money in summaries as the request's locale writes it ("80,20 €" for de_DE).
  const money = (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, locale);
  const summarise = (e: E, id: string) => writer.summarise?.(e, id, money) ?? `${resource} ${id}`;
  // The writer answers the new ids in input order; the pipeline records them for later references.
  // Around every call of the writer (the batch, or one entity when a refusal is isolated), inside its transaction.
  const hooks = seederHooks(site);
  const [beforeWrite, afterWrite] = [hookNames.beforeWrite(driver.id, resource), hookNames.afterWrite(driver.id, resource)];
  const writeContext = { resource, platform: driver.id, run_id: runId };
  const write = async (batch: readonly E[], trx: Knex.Transaction, resolved: Map<string, string>): Promise<string[]> => {
    const entities = batch as unknown as readonly Record<string, unknown>[];
    hooks.doAction(beforeWrite, entities, writeContext);
    let ids: unknown;
    try {
      ids = await writer.write(batch, { trx, site, resolved });
    } catch (error) {
      hooks.doAction(afterWrite, entities, { ok: false, error }, writeContext);
      throw error;
    }
    if (!Array.isArray(ids) || ids.length !== batch.length) {
      const error = new Error(`Driver "${driver.id}" wrote ${batch.length} ${resource} entities but answered ${Array.isArray(ids) ? ids.length : 'no list of'} ids.`);
      hooks.doAction(afterWrite, entities, { ok: false, error }, writeContext);
      throw error;
    }
    const strings = ids.map(String);
    hooks.doAction(afterWrite, entities, { ok: true, ids: strings }, writeContext);
    batch.forEach((e, i) => resolved.set(e.key, strings[i]!));
    return strings;
  };
  const kept = driver.imagesKept?.(resource) ?? 0;
  const ledger = (trx: Knex.Transaction, written: readonly E[], ids: string[]) =>
    recordWrites(
      trx,
      ids.map((record_id, i) => ({
        platform: driver.id,
        resource,
        record_id,
        run_id: runId,
        entity_key: written[i]!.key,
        files: keptImages(kept, written[i]!).map((m) => m.file),
      })),
    );
  // Each transaction is run whole again when the database aborts it (a deadlock, a lock wait, a Galera
  // certification conflict): its ids and outcome are made inside it, so nothing of an aborted run is reported.
  for (let attempt = 0; ; attempt++) {
    try {
      return await retryTransient(() => site.db.transaction(async (trx) => {
        const resolved = new Map<string, string>();
        const ids = await write(entities, trx, resolved);
        await ledger(trx, entities, ids);
        return { created: entities.map((e, i) => ({ id: ids[i], key: e.key, summary: summarise(e, ids[i]) })), failed: 0, errors: [], failures: [] };
      }));
    } catch (batchError) {
      // A concurrent request for the same seed rows committed first (the ledger's unique entity keys refused ours).
      await assertRowsNotWritten(site.db, driver, resource, seed, keys);
      // A unique value (a slug, an email) another process committed between the store's check and this insert:
      // run the batch again, and the store's check refuses it as it would have on its own.
      if (attempt < DUPLICATE_RETRIES && isDuplicateKey(batchError)) continue;
      if (!isRefusal(batchError)) throw batchError;
      if (entities.length === 1) return { created: [], failed: 1, errors: [batchError.message], failures: [batchError] };
      break;
    }
  }
  // Entity by entity, only for refusals that will recur (a store's validation, a foreign key), in one
  // transaction started again without each refused entity (set-aside.ts says why not savepoints).
  return writeAllButRefused(site.db, entities, {
    begin: () => new Map<string, string>(),
    one: async (trx, entity, resolved) => {
      const [id] = await write([entity], trx, resolved);
      await ledger(trx, [entity], [id!]);
      return id!;
    },
    finish: async (_trx, written, setAside) => ({
      created: written.map(({ item, result: id }) => ({ id, key: item.key, summary: summarise(item, id) })),
      failed: setAside.length,
      errors: [...new Set(setAside.map((s) => s.error.message))],
      failures: setAside.map((s) => s.error),
    }),
  });
}

/**
 * Step 8's last part: each committed record's pictures (those its store keeps), drawn and written to the site's
 * uploads folder after the transaction committed, so a rolled-back batch leaves no file. The ledger row written
 * with the record names them, so cleanup removes them. Drawing is deterministic, so a file written twice (a
 * retried request) is the same bytes. A file that cannot be written is reported, not fatal: the records are in.
 */
async function writePictures(
  site: Site,
  driver: SeederDriver,
  resource: ResourceName,
  entities: readonly { key: string }[],
  created: readonly CreatedItem[],
): Promise<string[]> {
  const kept = driver.imagesKept?.(resource) ?? 0;
  if (kept === 0 || created.length === 0) return [];
  const byKey = new Map(entities.map((e) => [e.key, e]));
  const files = created.flatMap((item) => keptImages(kept, byKey.get(item.key) ?? {}).map((image) => ({ file: image.file, content: renderImage(image) })));
  if (files.length === 0) return [];
  try {
    await writeUploads(site.uploadsDir, files);
    return [];
  } catch (error) {
    return [`The pictures could not be written to the site's uploads folder (${(error as NodeJS.ErrnoException).code ?? 'error'}); the records were created without their files.`];
  }
}

/** The default message: what was created and what failed. */
function resultMessage(r: GenerateResult): string {
  const what = r.resource.replace(/_/g, ' ');
  return `Created ${r.created_count} of ${r.requested} ${what} records${r.failed > 0 ? `; ${r.failed} failed` : ''}.`;
}

/** The fields of a result that report what was written: a result filter cannot change them. */
const writtenFacts = (r: GenerateResult) => ({ resource: r.resource, platform: r.platform, run_id: r.run_id, created_count: r.created_count, failed: r.failed });

export async function generate(req: SeederRequest, resourceInput: string, raw: unknown): Promise<GenerateResult> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const resource = requireResource(resourceInput);
  const prepared = prepareParams(site, resource, raw, 'generate');
  const { params, seedGenerated, sent } = prepared;
  const { driver } = await resolvePlatform(site, targetPlatform(site, resource, 'generate', params.platform, raw));
  assertFieldsFitPlatform(prepared, driver);
  const cell = driver.capabilities(site)[resource];
  assertSupported(resource, driver, cell);
  const writer = driver.writer(resource, site);
  if (!writer) assertSupported(resource, driver, { status: 'unsupported', reason: `${driver.label} offers no writer for ${resource}.` });

  // Rows this seed already wrote are refused, naming the run that holds them. The ledger is read while the
  // records the rows will refer to are read and the rows are built: nothing is written before the check
  // has answered, and when it refuses, its refusal is the answer even if building failed too.
  const seed = String(params.seed);
  const keys = seedRowKeys(resource, seed, params.count, params.offset);
  const counters = req.counters ?? (await site.versions(''));
  const notWritten = assertRowsNotWritten(site.db, driver, resource, seed, keys);
  notWritten.catch(() => undefined); // met below, before anything else can fail or be written
  let entities: Awaited<ReturnType<typeof buildEntities>>;
  try {
    entities = await buildEntities(site, resource, params, driver, prepared, counters);
  } catch (error) {
    await notWritten;
    throw error;
  }
  await notWritten;
  const runId = params.recipe_run ?? newRunId();
  const hooks = seederHooks(site);
  const context: GenerationContext = { resource, platform: driver.id, params: params as unknown as Record<string, unknown> };
  // Field by field (no spread): made twice for every entity.
  const itemContext = (index: number, key: string): ItemContext => ({ resource, platform: driver.id, params: context.params, index: (params.offset ?? 0) + index, key, run_id: runId });
  const beforeItem = hookNames.beforeGenerateItem(resource);
  entities.forEach((e, i) => hooks.doAction(beforeItem, e as unknown as Record<string, unknown>, itemContext(i, e.key)));
  const outcome = await writeBatch(site, driver, resource, writer!, entities, runId, seed, keys, params.locale);
  // The pictures of what committed, and only of that: a batch rolled back leaves no file behind.
  const pictureErrors = await writePictures(site, driver, resource, entities, outcome.created);
  if (outcome.created.length > 0) {
    // Both after the commit, independent of each other: who made the run goes in once per run (the
    // first chunk's insert wins), outside the batch's transaction.
    await Promise.all([noteWrites(site, resource), noteRun(site.db, runId, req.actor, { locale: params.locale })]);
  }

  const ignored = new Set(driver.ignoredParameters?.(resource) ?? []);
  if (cell.status === 'supported_except') for (const f of cell.fields) ignored.add(f);
  let result: GenerateResult = {
    resource,
    platform: driver.id,
    run_id: runId,
    seed,
    seed_generated: seedGenerated,
    locale: params.locale,
    locale_data: localeDataFor(params.locale),
    requested: entities.length,
    created: outcome.created,
    created_count: outcome.created.length,
    failed: outcome.failed,
    errors: [...outcome.errors, ...pictureErrors],
    ignored_parameters: sent.filter((name) => ignored.has(name)).sort(),
    message: '',
  };
  // The status comes from what was written, never from a filter: nothing written is refused here, before
  // the result filter runs, and the counts a filter returns are put back to what the store holds.
  if (outcome.created.length === 0 && entities.length > 0) {
    throw nothingWritten({ resource, driver, seed, run_id: runId, failed: outcome.failed, failures: outcome.failures, errors: outcome.errors });
  }
  // Per item, after the batch committed: the action, then the filter (a falsy answer drops the item
  // from the response; its record and ledger row stay).
  const position = new Map(entities.map((e, i) => [e.key, i]));
  const afterItem = hookNames.afterGenerateItem(resource);
  const itemFilter = hookNames.generatedItem(resource);
  const listed: CreatedItem[] = [];
  for (const item of outcome.created) {
    const index = position.get(item.key) ?? 0;
    const ctx = itemContext(index, item.key);
    hooks.doAction(afterItem, item, entities[index] as unknown as Record<string, unknown>, ctx);
    const kept = hooks.isUsed(itemFilter) ? hooks.applyFilters(itemFilter, item, ctx) : item;
    if (kept) listed.push(kept);
  }
  result.created = listed;
  // Once per batch (per request), after the write: a tap sees the whole batch. The per-item moment is
  // `seeder_generated_item_<resource>`.
  const facts = writtenFacts(result);
  result = { ...(hooks.applyFilters(generationResultHook(resource), result, context) as GenerateResult), ...facts };
  const message = hooks.applyFilters('seeder_rest_message', resultMessage(result), { ...context, result });
  result = { ...(hooks.applyFilters('seeder_rest_response', { ...result, message: String(message) }, context) as GenerateResult), ...facts };
  hooks.doAction(hookNames.afterBatchGenerate(resource), result, context);
  return result;
}
