/**
 * The Seeder's endpoint table: every route of `.../seeder/v1/`, declared once as data. Each entry
 * names its method and path, its inputs as JSON Schema (path, query, body), its answers per status,
 * who may call it (and whether a cookie session must step up) and the controller call it makes with
 * a plain object. rest/mount.ts mounts and validates from it, rest/openapi.ts documents it, and the
 * CLI, MCP and the admin read their limits from it (`inputLimits`). No surface owns it.
 *
 * Preview and generate are one entry per action over every resource (`perResource`): their body is
 * the resource's parameter schema on the site (controllers/params.ts, endpointSchema), validated by
 * the pipeline after `seeder_rest_params` so that filters still see and rewrite what was sent.
 */
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { BASE_PARAMETERS, SEED_MAX_LENGTH } from '../generators/schema.ts';
import { LOCALE_CODES } from '../generators/locales.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import { ROLES } from '../panel/roles.ts';
import { MAX_SAMPLE_DATA_LOCALES, RECIPE_SIZES } from '../recipes/types.ts';
import type { AccessRule } from './access.ts';
import { cleanup, CLEANUP_INPUT } from './cleanup.ts';
import { generate, preview } from './generate.ts';
import { LEDGER_QUERY, listGenerated } from './generated.ts';
import { generatedRecords, RECORDS_QUERY } from './records.ts';
import { PLATFORM_ID_MAX_LENGTH, RUN_ID_MAX_LENGTH } from './ledger.ts';
import { inputSchema, type InputSchema } from './input.ts';
import { lookup, platforms, setPlatformTarget } from './platforms.ts';
import { CONSENT_ACCESS } from './access.ts';

/** The recipe and sample-data controllers (downloads, archives, the runner) load on first use of one of their routes. */
const recipes = () => import('./recipes.ts');
import type { SeederRequest } from './request.ts';
import { accessSettings, DEFAULT_MCP_SETTINGS, mcpSettingsView, updateAccess, updateMcpSettings } from './settings.ts';

export type HttpMethod = 'get' | 'post' | 'delete';

/**
 * An answer of an endpoint: its body's schema and what it means. The schema is a component of the
 * document by name (the response shapes live with the document, rest/openapi.ts), one of several
 * components, or an inline schema.
 */
export interface EndpointAnswer {
  schema?: string | { oneOf: readonly string[] } | Record<string, unknown>;
  description: string;
}

/** What a handler receives: the resolved path parameters and the checked parameters (query, body, or both merged). */
export interface EndpointCall {
  resource?: ResourceName;
  params: Record<string, unknown>;
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** Relative to `.../seeder/v1`; `{base}` is a resource's REST base on a per-resource entry. */
  path: string;
  summary: string;
  description?: string;
  /** One operation per resource, `{base}` its REST base; the body is that resource's parameter schema. */
  perResource?: boolean;
  /** The query string's parameters. */
  query?: InputSchema;
  /** The JSON body's parameters (for a per-resource entry: 'resource-parameters'). */
  body?: InputSchema | 'resource-parameters';
  bodyRequired?: boolean;
  /** The parameters may travel in the query string or a JSON body (the body wins); `query` declares them. */
  queryOrBody?: boolean;
  /** The success answer(s), by status. */
  answers: Record<number, EndpointAnswer>;
  /** Error statuses of this endpoint besides those every route can answer (ROUTE_ERRORS), with their meaning where it helps. */
  errors?: Record<number, string | null>;
  access: AccessRule;
  /** The controller call; absent when the surface serves the endpoint itself (`served`). */
  handler?: (req: SeederRequest, call: EndpointCall) => Promise<unknown>;
  /** Served by a surface module rather than a controller (the document itself, the MCP endpoint); REST mounts it. */
  served?: 'openapi' | 'mcp';
  /** A POST that writes nothing (its parameters are a JSON body): not a write, so it takes no Idempotency-Key. */
  safe?: true;
}

/**
 * Whether the entry is a write, and so takes an `Idempotency-Key` (controllers/idempotency.ts): every
 * POST and DELETE a controller serves, but for those that write nothing (`safe`). REST mounting and
 * the OpenAPI document derive from this.
 */
export function acceptsIdempotencyKey(e: Endpoint): boolean {
  return e.method !== 'get' && e.handler !== undefined && !e.served && e.safe !== true;
}

/**
 * Statuses every route can answer: 400 (a malformed path, or a body that is not JSON or not UTF-8) and
 * 415 come from the host's HTTP shell; 401/403 from the credentials (a token without the `seeder`
 * scope is 403); 404 for a site the caller cannot see; 422 for a parameter the route does not take;
 * 429 from rate limiting; 500 for a fault that is not the request's; 503 `server.busy` when the database
 * stayed busy (deadlocks, lock waits) through every retry of a write, which then wrote nothing, and
 * `server.unavailable` when it cannot be reached.
 */
export const ROUTE_ERRORS = [400, 401, 403, 404, 415, 422, 429, 500, 503] as const;

const SEEDER: AccessRule = { rule: 'seeder' };

/** A resource as a request may name it: its canonical name or its REST base. */
const RESOURCE_SPELLINGS: JSONSchema = { type: 'string', enum: [...new Set([...RESOURCE_NAMES, ...RESOURCES.map((r) => r.base)])] };

const GENERATE_ERRORS: Record<number, string> = {
  400: '`<resource>.unsupported` (the store cannot hold the resource; the message names what would enable it), `platform.unknown`, `platform.inactive`, `platform.none`.',
  409:
    '`generation.conflict`: nothing was written because the rows are already there: the same seed wrote them before (`details.run_ids` names the runs; undo them with DELETE generated?run_id=..., or use another seed), ' +
    'or, with `run_ids` empty, the store holds records with the same unique values (an SKU, a slug, an email). ' +
    '`generation.missing_prerequisite`: another resource must be generated first (`details.generate_first`). ' +
    '`platform.required`: several stores are active and no target is set.',
  500: "`generation.failed`: nothing could be written, for a reason that is not the request's.",
};

const RUN_BY_REST =
  'POST /recipes/run runs a whole recipe in one request. A client can also run one itself, one generate request per step chunk: for each step with supported true, in the order given, ' +
  `POST /{base}/generate with the step parameters plus count (at most ${BASE_PARAMETERS.count.maximum} per request, \`requests\` requests in all), locale, ` +
  `platform, recipe (the recipe id) and the same recipe_run id for the whole run (any string you choose, at most ${RUN_ID_MAX_LENGTH} characters). ` +
  'DELETE /generated?run_id=<that id> then undoes the run.';

const id: JSONSchema = { type: 'string', minLength: 1 };
/** A platform (driver) id as a request names it. */
const platformId: JSONSchema = { type: 'string', maxLength: PLATFORM_ID_MAX_LENGTH };

export const ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'preview',
    method: 'post',
    path: '/{base}/preview',
    perResource: true,
    summary: 'Preview {label}: what generate would write; touches nothing.',
    safe: true,
    body: 'resource-parameters',
    bodyRequired: true,
    answers: {
      200: {
        schema: 'PreviewResult',
        description:
          'The rows generate would write, each reference labelled, with their columns (key, label, kind) and where their references point: ' +
          'the store that resolved, or stand-in records made from the seed when none did (preview needs no store).',
      },
    },
    errors: { 400: null, 409: null },
    access: SEEDER,
    handler: (req, { resource, params }) => preview(req, resource!, params),
  },
  {
    operationId: 'generate',
    method: 'post',
    path: '/{base}/generate',
    perResource: true,
    summary: 'Generate {label} and record them in the ledger.',
    description:
      'recipe names a recipe whose words to use (an unknown id is ignored); recipe_run groups the ledger rows of one run. See GET /recipes for running a whole recipe.',
    body: 'resource-parameters',
    bodyRequired: true,
    answers: { 201: { schema: 'GenerateResult', description: 'What was created.' } },
    errors: GENERATE_ERRORS,
    access: SEEDER,
    handler: (req, { resource, params }) => generate(req, resource!, params),
  },
  {
    operationId: 'platforms',
    method: 'get',
    path: '/platforms',
    summary: 'The drivers, their capability matrices and the site-wide target.',
    answers: { 200: { schema: 'PlatformsResult', description: 'Drivers, their matrices and the target.' } },
    access: SEEDER,
    handler: (req) => platforms(req),
  },
  {
    operationId: 'set_target',
    method: 'post',
    path: '/platforms/target',
    summary: 'Store the site-wide target platform ("auto" clears it).',
    body: inputSchema('set_target', { platform: { ...platformId, minLength: 1, description: 'A driver id, or "auto".' } }, ['platform']),
    bodyRequired: true,
    answers: { 200: { schema: 'Target', description: 'The updated target.' } },
    errors: { 400: null },
    access: SEEDER,
    handler: (req, { params }) => setPlatformTarget(req, params),
  },
  {
    operationId: 'lookup',
    method: 'get',
    path: '/lookup',
    summary: 'Existing records of a resource, for pickers.',
    query: inputSchema(
      'lookup',
      {
        resource: { ...RESOURCE_SPELLINGS, description: 'A resource, by its name or its REST base.' },
        search: { type: 'string', description: 'Text the records contain (the first 100 characters are used); empty or absent: the most recent records.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'How many records at most (1 to 50).' },
        platform: platformId,
      },
      ['resource'],
    ),
    answers: { 200: { schema: 'LookupResult', description: 'Existing records; empty when the driver cannot search.' } },
    access: SEEDER,
    handler: (req, { params }) => lookup(req, params),
  },
  {
    operationId: 'ledger',
    method: 'get',
    path: '/generated',
    summary: 'The ledger: a summary, or one page of its rows.',
    query: LEDGER_QUERY,
    answers: { 200: { schema: { oneOf: ['LedgerSummary', 'LedgerPage'] }, description: 'The summary, or with view=rows one page of ledger rows.' } },
    errors: { 400: null },
    access: SEEDER,
    handler: (req, { params }) => listGenerated(req, params),
  },
  {
    operationId: 'generatedRecords',
    method: 'get',
    path: '/generated/records',
    summary: 'The generated records, page by page from the ledger, as the store holds them, with a link to the store\'s own screen.',
    description:
      'Filtered like GET /generated (run_id, resource, platform). Each row is a ledger row with `fields` (the record\'s key fields, read through the store\'s driver; null when the store no longer has it), `admin_url` (a path in the store\'s own admin screens; null when the store declares none), `money` (the amounts among `fields` in minor units with their currency) and `locale` (the locale of its run, which a screen writes the money for).',
    query: RECORDS_QUERY,
    answers: { 200: { schema: 'GeneratedRecordPage', description: 'One page of generated records.' } },
    errors: { 400: null },
    access: SEEDER,
    handler: (req, { params }) => generatedRecords(req, params),
  },
  {
    operationId: 'cleanup',
    method: 'delete',
    path: '/generated',
    summary: 'Delete (or forget) what the ledger names, in batches.',
    description:
      'Batched deletion of what the ledger names; repeat until remaining is 0. Parameters in the query string or a JSON body; ' +
      'an unknown parameter is 422, never ignored. Without platform it covers every store.',
    query: CLEANUP_INPUT,
    queryOrBody: true,
    answers: { 200: { schema: 'CleanupResult', description: 'What was deleted and what remains.' } },
    errors: { 400: null },
    access: SEEDER,
    handler: (req, { params }) => cleanup(req, params),
  },
  {
    operationId: 'get_access',
    method: 'get',
    path: '/access',
    summary: 'Who may use the Seeder.',
    answers: { 200: { schema: 'AccessSettings', description: 'Who may use the Seeder.' } },
    access: SEEDER,
    handler: (req) => accessSettings(req.site),
  },
  {
    operationId: 'set_access',
    method: 'post',
    path: '/access',
    summary: 'Allow roles to use the Seeder besides the capability holders.',
    body: inputSchema('set_access', { allowed_roles: { type: 'array', items: { type: 'string', enum: [...ROLES] } } }, ['allowed_roles']),
    bodyRequired: true,
    answers: { 200: { schema: 'AccessSettings', description: 'The updated access.' } },
    access: { rule: 'manage_options', change: 'Changing Seeder access', stepUp: true },
    handler: (req, { params }) => updateAccess(req.site, params),
  },
  {
    operationId: 'get_mcp_settings',
    method: 'get',
    path: '/mcp-settings',
    summary: 'Which MCP tools are offered.',
    description: 'For every operator who may use the Seeder.',
    answers: { 200: { schema: 'McpSettings', description: 'Which MCP tools are offered: the switches in effect (after seeder_mcp_settings), and under stored what was saved.' } },
    access: SEEDER,
    handler: (req) => mcpSettingsView(req.site),
  },
  {
    operationId: 'set_mcp_settings',
    method: 'post',
    path: '/mcp-settings',
    summary: 'Switch the MCP server and its tools on or off.',
    body: inputSchema('set_mcp_settings', Object.fromEntries(Object.keys(DEFAULT_MCP_SETTINGS).map((k) => [k, { type: 'boolean' }]))),
    bodyRequired: true,
    answers: { 200: { schema: 'McpSettings', description: 'The updated settings.' } },
    access: { rule: 'manage_options', change: 'Changing the MCP settings', stepUp: true },
    handler: (req, { params }) => updateMcpSettings(req.site, params),
  },
  {
    operationId: 'recipes',
    method: 'get',
    path: '/recipes',
    summary: 'The recipes, each plan annotated against the platform.',
    description: `Each recipe with its plan annotated against the platform (explicit, else the resolved one). ${RUN_BY_REST}`,
    query: inputSchema('recipes', {
      locale: { type: 'string', description: 'Locale to show words for (fallback rule applies).' },
      platform: platformId,
      size: { type: 'string', enum: [...RECIPE_SIZES], default: 'small' },
    }),
    answers: { 200: { schema: 'RecipesResult', description: 'Recipes annotated against the resolved platform.' } },
    errors: { 400: null },
    access: SEEDER,
    handler: async (req, { params }) => (await recipes()).listRecipes(req, params),
  },
  {
    operationId: 'recipes_status',
    method: 'get',
    path: '/recipes/status',
    summary: 'The recipe archive on disk; fetches nothing.',
    answers: { 200: { schema: 'RecipesStatus', description: 'What is on disk; fetches nothing.' } },
    access: SEEDER,
    handler: async (req) => (await recipes()).recipesStatus(req),
  },
  {
    operationId: 'recipes_run',
    method: 'post',
    path: '/recipes/run',
    summary: 'Run a whole recipe under one run id.',
    description:
      `Runs a recipe's plan in dependency order through the generate pipeline, each step in requests of at most ${BASE_PARAMETERS.count.maximum}, all under one run id ` +
      "(what `panel seeder recipe run` does). A step the platform cannot hold is skipped with the driver's reason; a step whose prerequisites " +
      "are missing is skipped with the generator's reason. Without platform the site-wide target is used (409 platform.required when several " +
      'stores are active and none is chosen). DELETE /generated?run_id=<run_id>, repeated until remaining is 0, undoes the run. ' +
      'A seed already run on the store is 409 generation.conflict naming the earlier run: undo it, or use another seed.',
    body: inputSchema(
      'recipes_run',
      {
        recipe: { ...id, description: 'The recipe id (GET /recipes); an unknown one is 404 recipes.not_found.' },
        size: { type: 'string', enum: [...RECIPE_SIZES], default: 'small' },
        locale: { type: 'string', description: "Locale of the words and the records; defaults to the recipe's first locale (fallback rule applies)." },
        platform: { ...platformId, minLength: 1, description: "Driver id of the store to write to; defaults to the site's target." },
        seed: { type: ['string', 'integer'], maxLength: SEED_MAX_LENGTH, description: 'Same seed, same run; a fresh one is chosen and reported when absent.' },
      },
      ['recipe'],
    ),
    bodyRequired: true,
    answers: { 201: { schema: 'RecipeRunReport', description: 'What each step created, skipped or failed, and the run id.' } },
    errors: { 400: null, 409: null },
    access: SEEDER,
    handler: async (req, { params }) => (await recipes()).runRecipeFromBody(req, params),
  },
  {
    operationId: 'recipes_sync',
    method: 'post',
    path: '/recipes/sync',
    summary: 'Download the recipe archive (needs sample-data consent).',
    description:
      'Downloads the recipe archive (about 90 KB) from seeder_recipes_source; needs sample-data consent. With force the local copy is deleted first rather than replaced. ' +
      'A refused or failed download leaves the previous copy in use. force may also travel in the query string.',
    query: inputSchema('recipes_sync', { force: { type: 'boolean', default: false } }),
    queryOrBody: true,
    answers: { 200: { schema: 'RecipesSync', description: 'What was downloaded.' } },
    errors: { 409: null, 502: null },
    access: SEEDER,
    handler: async (req, { params }) => (await recipes()).syncRecipes(req, params),
  },
  {
    operationId: 'sample_data_status',
    method: 'get',
    path: '/sample-data',
    summary: 'Sample-data consent and the downloaded files.',
    answers: { 200: { schema: 'SampleDataStatus', description: 'Consent and downloaded files; fetches nothing.' } },
    access: SEEDER,
    handler: async (req) => (await recipes()).sampleDataStatus(req),
  },
  {
    operationId: 'sample_data_sync',
    method: 'post',
    path: '/sample-data/sync',
    summary: 'Download sample vocabulary per locale (needs consent).',
    description: 'Downloads per-locale sample vocabulary from seeder_sample_data_source (a plain GET that carries nothing about the site); needs consent.',
    body: inputSchema('sample_data_sync', {
      locales: { type: 'array', minItems: 1, maxItems: MAX_SAMPLE_DATA_LOCALES, items: { type: 'string', enum: [...LOCALE_CODES] }, default: ['en_US'] },
    }),
    answers: { 200: { schema: 'SampleDataSync', description: 'What was downloaded, and what failed.' } },
    errors: { 409: null, 502: null },
    access: SEEDER,
    handler: async (req, { params }) => (await recipes()).syncSampleDataFor(req, params),
  },
  {
    operationId: 'sample_data_consent',
    method: 'get',
    path: '/sample-data/consent',
    summary: 'The site-wide sample-data decision.',
    answers: { 200: { schema: 'SampleDataConsent', description: 'The site-wide decision.' } },
    access: SEEDER,
    handler: async (req) => (await recipes()).consentStatus(req),
  },
  {
    operationId: 'set_sample_data_consent',
    method: 'post',
    path: '/sample-data/consent',
    summary: 'Grant or decline sample-data downloads for the site.',
    description: 'Grants or declines sample-data downloads for the site; needs manage_options. Declining (revoking) removes every downloaded file.',
    body: inputSchema('set_sample_data_consent', { state: { type: 'string', enum: ['granted', 'declined'] } }, ['state']),
    bodyRequired: true,
    answers: { 200: { schema: 'SampleDataConsent', description: 'The updated decision and what was removed.' } },
    access: CONSENT_ACCESS,
    handler: async (req, { params }) => (await recipes()).setConsent(req, params),
  },
  {
    operationId: 'mcp',
    method: 'post',
    path: '/mcp',
    summary: 'The MCP tools (preview-<base>, generate-<base>) over Streamable HTTP (JSON-RPC, stateless).',
    description: 'Bearer tokens only (a session cookie is refused). Which tools exist follows mcp-settings; with MCP off this answers 404.',
    answers: {
      200: { description: 'A JSON-RPC response.' },
      406: {
        schema: { type: 'object', required: ['jsonrpc', 'error'] },
        description: 'The Accept header does not take both application/json and text/event-stream (Streamable HTTP); the body is a JSON-RPC error.',
      },
    },
    errors: { 415: 'The body is not application/json.' },
    access: { rule: 'own' },
    served: 'mcp',
  },
  {
    operationId: 'openapi',
    method: 'get',
    path: '/openapi.json',
    // Not public: it lists the site's stores, their fields and its locales (anonymous callers get 401 for every site id).
    summary: 'This document, for the site.',
    answers: { 200: { description: 'This document.' } },
    access: { rule: 'own' },
    served: 'openapi',
  },
];

/** The entry of `operationId` (a per-resource entry by its action: `preview`, `generate`). */
export function endpoint(operationId: string): Endpoint {
  const found = ENDPOINTS.find((e) => e.operationId === operationId);
  if (!found) throw new Error(`No Seeder endpoint "${operationId}"`);
  return found;
}

/** The input schema that declares `parameter` of an endpoint (query, or body). */
function declaring(e: Endpoint, parameter: string): JSONSchema | undefined {
  for (const schema of [e.query, e.body]) {
    if (schema && schema !== 'resource-parameters' && schema.properties[parameter]) return schema.properties[parameter];
  }
  if (e.body === 'resource-parameters') return (BASE_PARAMETERS as Record<string, JSONSchema>)[parameter];
  return undefined;
}

/** The bounds and default of one parameter, read from the table: what the CLI, MCP and the admin show. */
export function inputLimits(operationId: string, parameter: string): InputLimits {
  const schema = declaring(endpoint(operationId), parameter);
  if (!schema) throw new Error(`Seeder endpoint "${operationId}" takes no parameter "${parameter}"`);
  const { minimum, maximum, maxLength, maxItems, default: def } = schema;
  return { minimum, maximum, maxLength, maxItems, default: def, enum: schema.enum ?? schema.items?.enum };
}

export interface InputLimits {
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  default?: unknown;
  /** The accepted values (of the items, for a list). */
  enum?: readonly unknown[];
}

/** The limits in a few words for a help text: "1 to 500, default 100". */
export function limitsText(l: InputLimits): string {
  const parts = [
    l.enum ? l.enum.join('|') : '',
    l.minimum !== undefined && l.maximum !== undefined ? `${l.minimum} to ${l.maximum}` : '',
    l.maxLength !== undefined ? `at most ${l.maxLength} characters` : '',
    l.maxItems !== undefined ? `at most ${l.maxItems}` : '',
    l.default !== undefined ? `default ${Array.isArray(l.default) ? l.default.join(',') : String(l.default)}` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/** Every input schema of the table, for a build that compiles their validators ahead of time. */
export function endpointInputSchemas(): InputSchema[] {
  return ENDPOINTS.flatMap((e) => [e.query, e.body]).filter((s): s is InputSchema => typeof s === 'object');
}

/** `{label}` in a per-resource entry's summary is the resource's label. */
export function resourceSummary(e: Endpoint, resource: (typeof RESOURCES)[number]): string {
  return e.summary.replace('{label}', resource.label.toLowerCase());
}
