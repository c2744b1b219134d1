/**
 * The recipe and sample-data controllers that REST and the CLI both call. Every one checks the Seeder
 * capability first (controllers/access.ts); changing consent also needs `manage_options`, because it decides
 * for the whole site whether anything is fetched from the public source.
 */
import path from 'node:path';
import { resolveLocale } from '../generators/locales.ts';
import { resolvePlatform } from '../drivers/resolve.ts';
import type { SeederDriver } from '../drivers/contract.ts';
import { hasErrorCode, PanelError } from '../panel/errors.ts';
import { refuseUnknown } from './unknown-params.ts';
import { assertAccess, assertCanUseSeeder, CONSENT_ACCESS } from './access.ts';
import type { SeederRequest } from './request.ts';
import { siteLocales } from './locales.ts';
import type { ArchiveIndexRecipe } from '../recipes/archive.ts';
import { readConsent, writeConsent, type ConsentRecord } from '../recipes/consent.ts';
import { readJsonFile, subfolders } from '../recipes/files.ts';
import { parseManifest } from '../recipes/manifest.ts';
import { BUNDLED_RECIPES_DIR, syncedRecipesRoot } from '../recipes/paths.ts';
import { planSteps, type PlanStepView } from '../recipes/plan.ts';
import { recipeWordsFor } from '../recipes/registry.ts';
import { parseSize, runRecipe, type RecipeRunReport } from './recipe-runner.ts';
import { listSampleData, parseSyncLocales, removeDownloads, syncSampleData, type RemovedDownloads, type SampleDataFile, type SampleDataSyncResult } from '../recipes/sample-data.ts';
import { recipesOf } from '../recipes/service.ts';
import { recipesSource } from '../recipes/sources.ts';
import { readSyncedState, syncRecipeArchive, type SyncOutcome } from '../recipes/synced.ts';
import { RECIPE_SIZES, type InvalidRecipe, type RecipeOrigin, type RecipePriceBand, type RecipeSize, type RecipeWords } from '../recipes/types.ts';

/** The value sets the recipe surfaces document (sizes, consent states, word fields), from their one home in recipes/. */
export { RECIPE_SIZES } from '../recipes/types.ts';
export { CONSENT_STATES } from '../recipes/consent.ts';
export { WORD_FIELDS } from '../recipes/words.ts';

export interface RecipeView {
  id: string;
  name: string;
  description: string | null;
  version: string | null;
  origin: RecipeOrigin;
  locales: string[];
  locale: { requested: string; vocabulary_locale: string | null; ships_vocabulary: boolean };
  price_band: RecipePriceBand | null;
  /** Records per size over the steps the platform supports (all steps when no platform resolved). */
  totals: Record<RecipeSize, number>;
  plan: PlanStepView[];
  /** The words used for the requested locale. */
  vocabulary: RecipeWords;
}

export interface RecipesResult {
  /** The platform the plans are annotated for; null when none resolved (see platform_note). */
  platform: string | null;
  platform_note: string | null;
  size: RecipeSize;
  locale: string;
  recipes: RecipeView[];
  invalid: InvalidRecipe[];
}

function onlyKeys(input: Record<string, unknown>, allowed: readonly string[]): void {
  refuseUnknown(input, allowed);
}

function asObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): parameters', { params: { parameters: 'must be an object' } });
  }
  return input as Record<string, unknown>;
}

/** `GET recipes`: each recipe with its plan annotated against the platform (explicit, else the resolved one). */
export async function listRecipes(req: SeederRequest, query: unknown = {}): Promise<RecipesResult> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const q = asObject(query);
  onlyKeys(q, ['locale', 'platform', 'size']);
  const size = parseSize(q.size);
  if (q.locale !== undefined && typeof q.locale !== 'string') {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): locale', { params: { locale: 'must be a locale code' } });
  }
  const requested = typeof q.locale === 'string' && q.locale !== '' ? q.locale : undefined;
  let driver: SeederDriver | undefined;
  let note: string | null = null;
  try {
    driver = (await resolvePlatform(site, typeof q.platform === 'string' ? q.platform : undefined)).driver;
  } catch (e) {
    // Like preview, listing needs no platform: without one the plans are shown unannotated, with the reason.
    if (!hasErrorCode(e, 'platform.none') && !hasErrorCode(e, 'platform.required')) throw e;
    note = e.message;
  }
  const { recipes, invalid } = await recipesOf(site).registry.load();
  const locale = resolveLocale(requested ?? 'en_US', siteLocales(site));
  const views: RecipeView[] = [];
  for (const recipe of recipes) {
    const wanted = requested ? locale : recipe.locales[0];
    const words = recipeWordsFor(recipe, wanted);
    const plan = await planSteps(site, recipe, { size, locale: wanted, driver });
    const totals = Object.fromEntries(
      RECIPE_SIZES.map((s) => [s, recipe.plan.filter((_, i) => plan[i].supported !== false).reduce((n, step) => n + step.counts[s], 0)]),
    ) as Record<RecipeSize, number>;
    views.push({
      id: recipe.id,
      name: recipe.name,
      description: recipe.description,
      version: recipe.version,
      origin: recipe.origin,
      locales: recipe.locales,
      locale: { requested: wanted, vocabulary_locale: words.locale, ships_vocabulary: words.exact },
      price_band: recipe.price_band,
      totals,
      plan,
      vocabulary: words.words ?? {},
    });
  }
  return { platform: driver?.id ?? null, platform_note: note, size, locale, recipes: views, invalid };
}

export interface RecipesStatus {
  consent: ConsentRecord['state'];
  /** Where a sync would download from (the filter's answer; nothing is fetched). */
  source: string;
  /** The synced copy in use, or null. */
  local: { sha256: string; size_bytes: number; synced_at: string; source: string; recipes: ArchiveIndexRecipe[] } | null;
  bundled: ArchiveIndexRecipe[];
}

async function bundledSummaries(): Promise<ArchiveIndexRecipe[]> {
  const out: ArchiveIndexRecipe[] = [];
  for (const folder of await subfolders(BUNDLED_RECIPES_DIR)) {
    const read = await readJsonFile(path.join(BUNDLED_RECIPES_DIR, folder, 'manifest.json'));
    if (!read?.ok) continue;
    const parsed = parseManifest(read.value, folder);
    if ('manifest' in parsed) out.push({ id: parsed.manifest.id, name: parsed.manifest.name, version: parsed.manifest.version, locales: parsed.manifest.locales });
  }
  return out;
}

/** `GET recipes/status`: what is on disk. Reads files only; never fetches. */
export async function recipesStatus(req: SeederRequest): Promise<RecipesStatus> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const synced = await readSyncedState(site);
  let source: string;
  try {
    source = recipesSource(site);
  } catch (e) {
    source = e instanceof Error ? e.message : String(e);
  }
  return {
    consent: (await readConsent(site)).state,
    source,
    local: synced
      ? { sha256: synced.state.sha256, size_bytes: synced.state.size_bytes, synced_at: synced.state.synced_at, source: synced.state.source, recipes: synced.state.recipes }
      : null,
    bundled: await bundledSummaries(),
  };
}

function parseBoolean(name: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 'false' || value === '0') return false;
  if (value === true || value === 'true' || value === '1') return true;
  throw new PanelError('validation.invalid', `Invalid parameter(s): ${name}`, { params: { [name]: 'must be a boolean' } });
}

export interface RecipesSyncResult extends SyncOutcome {
  /** Recipes of the new copy that were dropped when loaded, with the reason. */
  invalid: InvalidRecipe[];
}

/** `POST recipes/sync`: downloads the archive; `force` deletes the local copy first instead of replacing it. */
export async function syncRecipes(req: SeederRequest, body: unknown = {}): Promise<RecipesSyncResult> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const input = asObject(body);
  onlyKeys(input, ['force']);
  const force = parseBoolean('force', input.force);
  const service = recipesOf(site);
  const outcome = await service.exclusive(() => syncRecipeArchive(site, { force }));
  const root = syncedRecipesRoot(site) + path.sep;
  const invalid = (await service.registry.load()).invalid.filter((i) => i.source.startsWith(root));
  return { ...outcome, invalid };
}

export interface SampleDataStatus {
  consent: ConsentRecord;
  files: SampleDataFile[];
}

/** `GET sample-data`: the consent and the downloaded files (reads the disk only). */
export async function sampleDataStatus(req: SeederRequest): Promise<SampleDataStatus> {
  await assertCanUseSeeder(req.site, req.actor);
  return { consent: await readConsent(req.site), files: await listSampleData(req.site) };
}

/** `POST sample-data/sync`: downloads the sample data of `locales` (default en_US); needs consent. */
export async function syncSampleDataFor(req: SeederRequest, body: unknown = {}): Promise<SampleDataSyncResult> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const input = asObject(body);
  onlyKeys(input, ['locales']);
  const locales = parseSyncLocales(input.locales, siteLocales(site));
  return recipesOf(site).exclusive(() => syncSampleData(site, locales));
}

export interface ConsentResult {
  consent: ConsentRecord;
  /** What declining removed; null when nothing was asked to be removed. */
  removed: RemovedDownloads | null;
}

/** `GET sample-data/consent`. */
export async function consentStatus(req: SeederRequest): Promise<ConsentResult> {
  await assertCanUseSeeder(req.site, req.actor);
  return { consent: await readConsent(req.site), removed: null };
}

/** Consent decides for the whole site whether anything is fetched: `manage_options` itself, no step-up. */

/**
 * `POST sample-data/consent` with `state` granted or declined. Needs `manage_options`. Declining
 * (revoking) removes every downloaded file: generators then fall back to the built-in defaults.
 */
export async function setConsent(req: SeederRequest, body: unknown): Promise<ConsentResult> {
  const { site } = req;
  await assertAccess(site, req.actor, CONSENT_ACCESS);
  const actor = req.actor!;
  const input = asObject(body);
  onlyKeys(input, ['state']);
  if (input.state !== 'granted' && input.state !== 'declined') {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): state', { params: { state: 'must be "granted" or "declined"' } });
  }
  const state = input.state;
  return recipesOf(site).exclusive(async () => {
    const consent = await writeConsent(site, state, actor);
    return { consent, removed: state === 'declined' ? await removeDownloads(site) : null };
  });
}

/**
 * `POST recipes/run` with `{recipe, size?, locale?, platform?, seed?}`: the whole plan in one request,
 * through `runRecipe` (what `panel seeder recipe run` calls). Only the body's shape is checked here;
 * the runner checks the size, the seed, the locale, the recipe (404) and the platform (400/409).
 */
export async function runRecipeFromBody(req: SeederRequest, body: unknown): Promise<RecipeRunReport> {
  // Access first, as everywhere: an operator without the capability learns nothing about the body.
  await assertCanUseSeeder(req.site, req.actor);
  const input = asObject(body);
  onlyKeys(input, ['recipe', 'size', 'locale', 'platform', 'seed']);
  const problems: Record<string, string> = {};
  if (typeof input.recipe !== 'string' || input.recipe === '') problems.recipe = 'must be a recipe id';
  if (input.platform !== undefined && (typeof input.platform !== 'string' || input.platform === '')) problems.platform = 'must be a platform id or "auto"';
  if (Object.keys(problems).length) {
    throw new PanelError('validation.invalid', `Invalid parameter(s): ${Object.keys(problems).sort().join(', ')}`, { params: problems });
  }
  return runRecipe(req, { recipe: input.recipe as string, size: input.size, locale: input.locale, platform: input.platform, seed: input.seed });
}
