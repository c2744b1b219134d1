/**
 * The response shapes of recipes and sample data, merged into the Seeder document by rest/openapi.ts.
 * Shapes mirror controllers/recipes.ts; the tests validate every response against them.
 */
import { LOCALE_CODES } from '../generators/locales.ts';
import { RESOURCE_NAMES } from '../generators/resources.ts';
import { MAX_COUNT_PER_REQUEST } from '../generators/schema.ts';
import { CONSENT_STATES, RECIPE_SIZES, WORD_FIELDS } from '../controllers/recipes.ts';
import { bool, int, obj, ref, str, type Schema } from '../lib/schema-builders.ts';

/** Null or this schema (recipe answers name whole schemas as nullable, not only types). */
const nullable = (schema: Schema): Schema => ({ oneOf: [{ type: 'null' }, schema] });
const list = (items: Schema): Schema => ({ type: 'array', items });
const sizes = (): Schema => obj(Object.fromEntries(RECIPE_SIZES.map((s) => [s, int])));

export const RECIPE_COMPONENT_SCHEMAS: Record<string, Schema> = {
  RecipePriceBand: { ...obj({ currency: str, min: int, max: int }), description: 'Integer minor units of currency (1999 is 19.99).' },
  RecipeStep: obj({
    resource: { type: 'string', enum: [...RESOURCE_NAMES] },
    base: { ...str, description: 'The REST segment: POST /{base}/generate.' },
    label: str,
    counts: sizes(),
    count: { ...int, description: 'The count at the requested size.' },
    requests: { ...int, description: `Generate requests of at most ${MAX_COUNT_PER_REQUEST} records that count takes.` },
    parameters: { type: 'object', description: 'Send these with every request of the step, besides count, seed, locale, platform, recipe and recipe_run.' },
    supported: { type: ['boolean', 'null'], description: 'Whether the platform can hold the resource; null when no platform resolved.' },
    status: { enum: ['supported', 'supported_except', 'unsupported', 'missing_extension', null] },
    reason: { type: ['string', 'null'], description: "The driver's reason when unsupported (or what it ignores)." },
    extension: nullable(obj({ slug: str, label: str })),
  }),
  Recipe: obj({
    id: str,
    name: str,
    description: { type: ['string', 'null'] },
    version: { type: ['string', 'null'] },
    origin: { enum: ['synced', 'bundled', 'plugin'] },
    locales: list(str),
    locale: obj({
      requested: str,
      vocabulary_locale: { type: ['string', 'null'], description: 'The locale whose words are used, after the fallback rule.' },
      ships_vocabulary: { ...bool, description: 'Whether the requested locale itself ships words.' },
    }),
    price_band: nullable(ref('RecipePriceBand')),
    totals: { ...sizes(), description: 'Records per size over the supported steps.' },
    plan: list(ref('RecipeStep')),
    vocabulary: {
      type: 'object',
      propertyNames: { enum: [...WORD_FIELDS] },
      description: 'The recipe words used for the requested locale.',
    },
  }),
  InvalidRecipe: obj({ source: str, id: { type: ['string', 'null'] }, reason: str }),
  RecipesResult: obj({
    platform: { type: ['string', 'null'] },
    platform_note: { type: ['string', 'null'], description: 'Why no platform resolved, when none did.' },
    size: { enum: [...RECIPE_SIZES] },
    locale: str,
    recipes: list(ref('Recipe')),
    invalid: { ...list(ref('InvalidRecipe')), description: 'Manifests that were dropped when loaded, with the reason.' },
  }),
  RecipeSummary: obj({ id: str, name: str, version: { type: ['string', 'null'] }, locales: list(str) }),
  RecipesStatus: obj({
    consent: { enum: [...CONSENT_STATES] },
    source: { ...str, description: 'Where a sync would download from (seeder_recipes_source); nothing is fetched.' },
    local: nullable(obj({ sha256: str, size_bytes: int, synced_at: str, source: str, recipes: list(ref('RecipeSummary')) })),
    bundled: list(ref('RecipeSummary')),
  }),
  RecipesSync: obj({
    changed: { ...bool, description: 'False when the download is the copy already in use.' },
    forced: bool,
    removed_previous: { ...bool, description: 'With force: whether a local copy was deleted first.' },
    source: str,
    sha256: str,
    size_bytes: int,
    synced_at: str,
    recipes: list(ref('RecipeSummary')),
    invalid: list(ref('InvalidRecipe')),
  }),
  RecipeStepReport: obj({
    resource: { type: 'string', enum: [...RESOURCE_NAMES] },
    requested: int,
    created: int,
    failed: int,
    skipped: bool,
    reason: { type: ['string', 'null'], description: "Why the step was skipped (the driver's or the generator's words)." },
    errors: list(str),
  }),
  RecipeRunReport: obj({
    recipe: str,
    name: str,
    size: { enum: [...RECIPE_SIZES] },
    locale: str,
    vocabulary_locale: { type: ['string', 'null'], description: 'The locale whose recipe words were used, after the fallback rule.' },
    platform: str,
    run_id: { ...str, description: 'Every record of the run carries it: DELETE /generated?run_id=<it>, repeated until remaining is 0, undoes the run.' },
    seed: str,
    steps: list(ref('RecipeStepReport')),
    created: int,
    failed: int,
    skipped: int,
    failure_causes: { ...list(str), description: "The failed rows grouped by cause, one line each (`resource (N failed): the store's words`, ids and values elided)." },
  }),
  ConsentRecord: obj({ state: { enum: [...CONSENT_STATES] }, decided_at: { type: ['string', 'null'] }, decided_by: { type: ['string', 'null'] } }),
  SampleDataFile: obj({ locale: { type: 'string', enum: [...LOCALE_CODES] }, bytes: int, downloaded_at: str }),
  SampleDataStatus: obj({ consent: ref('ConsentRecord'), files: list(ref('SampleDataFile')) }),
  SampleDataSync: obj({
    downloaded: list(obj({ locale: str, bytes: int, fields: list(str) })),
    failed: list(obj({ locale: str, error: str })),
  }),
  SampleDataConsent: obj({
    consent: ref('ConsentRecord'),
    removed: { ...nullable(obj({ sample_data_files: int, recipe_archive: bool })), description: 'What declining removed.' },
  }),
};
