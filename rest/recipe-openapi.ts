/**
 * The OpenAPI pieces of recipes and sample data, merged into the Seeder document by rest/openapi.ts.
 * Shapes mirror controllers/recipes.ts; the tests validate every response against them.
 */
import { LOCALE_CODES } from '../generators/locales.ts';
import { RESOURCE_NAMES } from '../generators/resources.ts';
import { MAX_COUNT_PER_REQUEST } from '../generators/schema.ts';
import { CONSENT_STATES, RECIPE_SIZES, WORD_FIELDS } from '../controllers/recipes.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ oneOf: [{ type: 'null' }, schema] });
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const list = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
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

type Responses = (status: number, schema: string, description: string) => Record<string, Schema>;
type Errors = (...statuses: number[]) => Record<string, Schema>;

const RUN_BY_REST =
  'POST /recipes/run runs a whole recipe in one request. A client can also run one itself, one generate request per step chunk: for each step with supported true, in the order given, ' +
  `POST /{base}/generate with the step parameters plus count (at most ${MAX_COUNT_PER_REQUEST} per request, \`requests\` requests in all), locale, ` +
  'platform, recipe (the recipe id) and the same recipe_run id for the whole run (any string you choose, at most 64 characters). ' +
  'DELETE /generated?run_id=<that id> then undoes the run.';

/** The paths of recipes and sample data. */
export function recipePaths(ok: Responses, errors: Errors, common: readonly number[]): Record<string, Schema> {
  const body = (schema: Schema, required = false): Schema => ({ required, content: { 'application/json': { schema } } });
  return {
    '/recipes': {
      get: {
        operationId: 'recipes',
        description: `Each recipe with its plan annotated against the platform (explicit, else the resolved one). ${RUN_BY_REST}`,
        parameters: [
          { name: 'locale', in: 'query', required: false, schema: str, description: 'Locale to show words for (fallback rule applies).' },
          { name: 'platform', in: 'query', required: false, schema: str },
          { name: 'size', in: 'query', required: false, schema: { enum: [...RECIPE_SIZES], default: 'small' } },
        ],
        responses: { ...ok(200, 'RecipesResult', 'Recipes annotated against the resolved platform.'), ...errors(400, ...common) },
      },
    },
    '/recipes/status': {
      get: { operationId: 'recipes_status', responses: { ...ok(200, 'RecipesStatus', 'What is on disk; fetches nothing.'), ...errors(...common) } },
    },
    '/recipes/run': {
      post: {
        operationId: 'recipes_run',
        description:
          `Runs a recipe's plan in dependency order through the generate pipeline, each step in requests of at most ${MAX_COUNT_PER_REQUEST}, all under one run id ` +
          "(what `panel seeder recipe run` does). A step the platform cannot hold is skipped with the driver's reason; a step whose prerequisites " +
          'are missing is skipped with the generator\'s reason. Without platform the site-wide target is used (409 platform.required when several ' +
          'stores are active and none is chosen). DELETE /generated?run_id=<run_id>, repeated until remaining is 0, undoes the run. ' +
          'A seed already run on the store is 409 generation.conflict naming the earlier run: undo it, or use another seed.',
        requestBody: body(
          obj(
            {
              recipe: { ...str, description: 'The recipe id (GET /recipes); an unknown one is 404 recipes.not_found.' },
              size: { enum: [...RECIPE_SIZES], default: 'small' },
              locale: { ...str, description: "Locale of the words and the records; defaults to the recipe's first locale (fallback rule applies)." },
              platform: { ...str, description: "Driver id of the store to write to; defaults to the site's target." },
              seed: { type: ['string', 'integer'], description: 'Same seed, same run; a fresh one is chosen and reported when absent.' },
            },
            ['recipe'],
          ),
          true,
        ),
        responses: { ...ok(201, 'RecipeRunReport', 'What each step created, skipped or failed, and the run id.'), ...errors(400, 409, ...common) },
      },
    },
    '/recipes/sync': {
      post: {
        operationId: 'recipes_sync',
        description:
          'Downloads the recipe archive (about 90 KB) from seeder_recipes_source; needs sample-data consent. With force the local copy is deleted first rather than replaced. ' +
          'A refused or failed download leaves the previous copy in use. force may also travel in the query string.',
        parameters: [{ name: 'force', in: 'query', required: false, schema: bool }],
        requestBody: body(obj({ force: bool }, [])),
        responses: { ...ok(200, 'RecipesSync', 'What was downloaded.'), ...errors(409, 502, ...common) },
      },
    },
    '/sample-data': {
      get: { operationId: 'sample_data_status', responses: { ...ok(200, 'SampleDataStatus', 'Consent and downloaded files; fetches nothing.'), ...errors(...common) } },
    },
    '/sample-data/sync': {
      post: {
        operationId: 'sample_data_sync',
        description: 'Downloads per-locale sample vocabulary from seeder_sample_data_source (a plain GET that carries nothing about the site); needs consent.',
        requestBody: body(obj({ locales: list({ type: 'string', enum: [...LOCALE_CODES] }) }, [])),
        responses: { ...ok(200, 'SampleDataSync', 'What was downloaded, and what failed.'), ...errors(409, 502, ...common) },
      },
    },
    '/sample-data/consent': {
      get: { operationId: 'sample_data_consent', responses: { ...ok(200, 'SampleDataConsent', 'The site-wide decision.'), ...errors(...common) } },
      post: {
        operationId: 'set_sample_data_consent',
        description: 'Grants or declines sample-data downloads for the site; needs manage_options. Declining (revoking) removes every downloaded file.',
        requestBody: body(obj({ state: { enum: ['granted', 'declined'] } }), true),
        responses: { ...ok(200, 'SampleDataConsent', 'The updated decision and what was removed.'), ...errors(...common) },
      },
    },
  };
}

/** The generate description's note on recipes (rest/openapi.ts adds it to every generate operation). */
export const GENERATE_RECIPE_NOTE =
  'recipe names a recipe whose words to use (an unknown id is ignored); recipe_run groups the ledger rows of one run. See GET /recipes for running a whole recipe.';
