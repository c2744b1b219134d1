/**
 * The Seeder's OpenAPI 3.1 document, generated from the same declarations the controllers use: the
 * resource list and each endpoint's parameter schema. Served at `.../seeder/v1/openapi.json`; the
 * tests validate every Seeder response against it.
 */
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { SYNONYMS } from '../generators/schema.ts';
import { builtinDrivers } from '../drivers/builtin.ts';
import { CLEANUP_PARAMETERS } from '../controllers/cleanup.ts';
import { endpointSchema } from '../controllers/params.ts';
import type { Site } from '../panel/site.ts';
import { SEEDER_VERSION } from '../controllers/version.ts';
import { GENERATE_RECIPE_NOTE, RECIPE_COMPONENT_SCHEMAS, recipePaths } from './recipe-openapi.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string): Schema => ({ type: [type, 'null'] });
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), additional = false): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: additional,
});

const resourceEnum: Schema = { type: 'string', enum: [...RESOURCE_NAMES] };
/** A resource as a request may name it: its canonical name or its REST base. */
const resourceSpellings: Schema = { type: 'string', enum: [...new Set([...RESOURCE_NAMES, ...RESOURCES.map((r) => r.base)])] };

function capabilityCell(): Schema {
  return {
    oneOf: [
      obj({ status: { const: 'supported' } }),
      obj({ status: { const: 'supported_except' }, fields: { type: 'array', items: str }, reason: str }),
      obj({ status: { const: 'unsupported' }, reason: str }),
      obj({ status: { const: 'missing_extension' }, extension: obj({ slug: str, label: str }), reason: str }),
    ],
  };
}

/**
 * Request body of a resource's preview/generate: its parameter schema with the drivers' platform
 * fields, plus the synonyms that still work.
 */
function paramsSchema(resource: ResourceName, site: Site | undefined): Schema {
  // A site's document shows its locales and its active stores' platform fields; the generic one, the built-in drivers'.
  const schema = (site ? endpointSchema(site, resource) : endpointSchema(undefined, resource, builtinDrivers())) as Schema;
  const { $schema: _s, $id: _i, ...rest } = schema;
  const properties = { ...(rest.properties as Record<string, Schema>) };
  for (const syn of SYNONYMS) {
    if (syn.resources.includes(resource)) {
      properties[syn.name] = { deprecated: true, description: `Earlier name of ${syn.replacement}; still accepted.` };
    }
  }
  return { ...rest, properties };
}

const COMPONENT_SCHEMAS: Record<string, Schema> = {
  Error: obj({ code: str, message: str, request_id: { type: 'string', pattern: '^req_[A-Za-z0-9_-]{16,}$' }, details: { type: 'object' } }, ['code', 'message', 'request_id']),
  ErrorResponse: obj({ error: ref('Error') }),
  Resource: resourceEnum,
  CreatedItem: obj({ id: str, key: str, summary: str }),
  PreviewResult: obj({
    resource: resourceEnum,
    seed: str,
    seed_generated: bool,
    locale: str,
    platform: nullable('string'),
    count: int,
    rows: { type: 'array', items: { type: 'object' } },
  }),
  GenerateResult: {
    ...obj({
      resource: resourceEnum,
      platform: str,
      run_id: str,
      seed: str,
      seed_generated: bool,
      locale: str,
      requested: int,
      created: { type: 'array', items: ref('CreatedItem') },
      created_count: int,
      failed: int,
      errors: { type: 'array', items: str },
      ignored_parameters: { type: 'array', items: str },
    }),
    // Result filters may add fields.
    additionalProperties: true,
  },
  CapabilityCell: capabilityCell(),
  Extension: obj({ slug: str, label: str, active: bool, version: nullable('string') }),
  Platform: obj({
    id: str,
    label: str,
    exists: bool,
    active: bool,
    version: nullable('string'),
    extensions: { type: 'array', items: ref('Extension') },
    capabilities: obj(Object.fromEntries(RESOURCE_NAMES.map((r) => [r, ref('CapabilityCell')]))),
  }),
  Target: obj({ stored: nullable('string'), resolved: nullable('string'), ambiguous: bool, candidates: { type: 'array', items: str } }),
  PlatformsResult: obj({ platforms: { type: 'array', items: ref('Platform') }, active: { type: 'array', items: str }, target: ref('Target') }),
  LookupResult: obj({
    resource: resourceEnum,
    platform: nullable('string'),
    searchable: bool,
    items: { type: 'array', items: obj({ id: str, label: str, resource: resourceEnum }) },
  }),
  LedgerSummary: obj({
    total: int,
    by_resource: { type: 'array', items: obj({ resource: str, platform: str, count: int }) },
    runs: { type: 'array', items: obj({ run_id: nullable('string'), count: int, first_at: str, last_at: str }) },
  }),
  LedgerRow: obj({ id: int, platform: str, resource: str, record_id: str, run_id: nullable('string'), created_at: str, delete_error: nullable('string') }),
  LedgerPage: obj({ data: { type: 'array', items: ref('LedgerRow') }, next_cursor: nullable('string'), has_more: bool }),
  CleanupResult: obj({
    deleted: int,
    remaining: int,
    by_resource: { type: 'object', additionalProperties: int },
    errors: { type: 'array', items: str },
    left_alone: int,
    refused: int,
    forgot: bool,
  }),
  AccessSettings: obj({ capability: str, allowed_roles: { type: 'array', items: str }, roles: { type: 'array', items: str } }),
  McpSettings: obj({ enabled: bool, preview_tools: bool, generate_tools: bool }),
  ...RECIPE_COMPONENT_SCHEMAS,
};

function errorResponses(...statuses: number[]): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const s of statuses) {
    out[String(s)] = { description: `Error (${s})`, content: { 'application/json': { schema: ref('ErrorResponse') } } };
  }
  return out;
}

function ok(status: number, schema: string, description: string): Record<string, Schema> {
  return { [String(status)]: { description, content: { 'application/json': { schema: ref(schema) } } } };
}

function body(schema: Schema, required = false): Schema {
  return { required, content: { 'application/json': { schema } } };
}

/** 400 (a malformed path, or a body that is not JSON or not UTF-8) and 415 come from the host's HTTP shell, on any route. */
const COMMON_ERRORS = [400, 401, 403, 404, 415, 422, 429, 500];

/** The rule of the settings only an administrator changes (controllers/access.ts, assertCanChangeSettings). */
const ADMIN_SETTING_RULE =
  'Needs the manage_options capability on the site itself: a role allowed to use the Seeder is not enough. ' +
  'A cookie session also needs a full sign-in within the last 5 minutes (step-up); a bearer token is not asked to step up.';

/** The common errors, with the two refusals of ADMIN_SETTING_RULE spelled out under 403. */
function adminSettingErrors(): Record<string, Schema> {
  const out = errorResponses(...COMMON_ERRORS);
  out['403'] = {
    ...out['403'],
    description:
      'auth.forbidden (details.capability: "manage_options") without manage_options; auth.step_up_required (details.max_age_seconds, ' +
      'details.step_up_url) for a cookie session whose last full sign-in is older than that: POST /api/v1/auth/step-up with the password, then retry.',
  };
  return out;
}

/** What generate's error statuses mean (the Seeder's error table is rest/error-codes.ts). */
const GENERATE_ERRORS: Record<string, string> = {
  '400': '`<resource>.unsupported` (the store cannot hold the resource; the message names what would enable it), `platform.unknown`, `platform.inactive`, `platform.none`.',
  '409':
    '`generation.conflict`: nothing was written because the rows are already there: the same seed wrote them before (`details.run_ids` names the runs; undo them with DELETE generated?run_id=..., or use another seed), ' +
    'or, with `run_ids` empty, the store holds records with the same unique values (an SKU, a slug, an email). ' +
    '`generation.missing_prerequisite`: another resource must be generated first (`details.generate_first`). ' +
    '`platform.required`: several stores are active and no target is set.',
  '500': '`generation.failed`: nothing could be written, for a reason that is not the request\'s.',
};

function withDescriptions(responses: Record<string, Schema>, descriptions: Record<string, string>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, descriptions[status] ? { ...r, description: descriptions[status] } : r]));
}

export function seederOpenApi(site?: Site): Schema {
  const paths: Record<string, Schema> = {};
  for (const r of RESOURCES) {
    const params = ref(`Params_${r.name}`);
    paths[`/${r.base}/preview`] = {
      post: {
        operationId: `preview_${r.name}`,
        summary: `Preview ${r.label.toLowerCase()}: what generate would write; touches nothing.`,
        requestBody: body(params, true),
        responses: { ...ok(200, 'PreviewResult', 'The rows generate would write.'), ...errorResponses(400, 409, ...COMMON_ERRORS) },
      },
    };
    paths[`/${r.base}/generate`] = {
      post: {
        operationId: `generate_${r.name}`,
        summary: `Generate ${r.label.toLowerCase()} and record them in the ledger.`,
        description: GENERATE_RECIPE_NOTE,
        requestBody: body(params, true),
        responses: { ...ok(201, 'GenerateResult', 'What was created.'), ...withDescriptions(errorResponses(400, 409, ...COMMON_ERRORS), GENERATE_ERRORS) },
      },
    };
  }
  paths['/platforms'] = { get: { operationId: 'platforms', responses: { ...ok(200, 'PlatformsResult', 'Drivers, their matrices and the target.'), ...errorResponses(...COMMON_ERRORS) } } };
  paths['/platforms/target'] = {
    post: {
      operationId: 'set_target',
      requestBody: { required: true, content: { 'application/json': { schema: obj({ platform: str }) } } },
      responses: { ...ok(200, 'Target', 'The updated target.'), ...errorResponses(400, ...COMMON_ERRORS) },
    },
  };
  paths['/lookup'] = {
    get: {
      operationId: 'lookup',
      parameters: [
        { name: 'resource', in: 'query', required: true, schema: resourceSpellings, description: 'A resource, by its name or its REST base.' },
        { name: 'search', in: 'query', required: false, schema: str },
        { name: 'platform', in: 'query', required: false, schema: str },
      ],
      responses: { ...ok(200, 'LookupResult', 'Existing records; empty when the driver cannot search.'), ...errorResponses(...COMMON_ERRORS) },
    },
  };
  const cleanupParameters = CLEANUP_PARAMETERS.map((p) => ({ name: p.name, in: 'query', required: false, description: p.description, schema: p.schema }));
  const filterParameters = cleanupParameters.filter((p) => p.name === 'resource' || p.name === 'platform' || p.name === 'run_id');
  paths['/generated'] = {
    get: {
      operationId: 'ledger',
      parameters: [
        { name: 'view', in: 'query', required: false, schema: { type: 'string', enum: ['summary', 'rows'] } },
        ...filterParameters,
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        { name: 'cursor', in: 'query', required: false, schema: str },
      ],
      responses: {
        '200': {
          description: 'The summary, or with view=rows one page of ledger rows.',
          content: { 'application/json': { schema: { oneOf: [ref('LedgerSummary'), ref('LedgerPage')] } } },
        },
        ...errorResponses(400, ...COMMON_ERRORS),
      },
    },
    delete: {
      operationId: 'cleanup',
      description:
        'Batched deletion of what the ledger names; repeat until remaining is 0. Parameters in the query string or a JSON body; ' +
        'an unknown parameter is 422, never ignored. Without platform it covers every store.',
      parameters: cleanupParameters,
      requestBody: body(obj(Object.fromEntries(CLEANUP_PARAMETERS.map((p) => [p.name, p.schema])), [])),
      responses: { ...ok(200, 'CleanupResult', 'What was deleted and what remains.'), ...errorResponses(400, ...COMMON_ERRORS) },
    },
  };
  paths['/access'] = {
    get: { operationId: 'get_access', responses: { ...ok(200, 'AccessSettings', 'Who may use the Seeder.'), ...errorResponses(...COMMON_ERRORS) } },
    post: {
      operationId: 'set_access',
      description: ADMIN_SETTING_RULE,
      requestBody: { required: true, content: { 'application/json': { schema: obj({ allowed_roles: { type: 'array', items: str } }) } } },
      responses: { ...ok(200, 'AccessSettings', 'The updated access.'), ...adminSettingErrors() },
    },
  };
  paths['/mcp-settings'] = {
    get: {
      operationId: 'get_mcp_settings',
      description: 'For every operator who may use the Seeder.',
      responses: { ...ok(200, 'McpSettings', 'Which MCP tools are offered.'), ...errorResponses(...COMMON_ERRORS) },
    },
    post: {
      operationId: 'set_mcp_settings',
      description: ADMIN_SETTING_RULE,
      requestBody: { required: true, content: { 'application/json': { schema: obj({ enabled: bool, preview_tools: bool, generate_tools: bool }, []) } } },
      responses: { ...ok(200, 'McpSettings', 'The updated settings.'), ...adminSettingErrors() },
    },
  };
  Object.assign(paths, recipePaths(ok, errorResponses, COMMON_ERRORS));
  paths['/mcp'] = {
    post: {
      operationId: 'mcp',
      summary: 'The MCP tools (preview-<base>, generate-<base>) over Streamable HTTP (JSON-RPC, stateless).',
      description: 'Bearer tokens only (a session cookie is refused). Which tools exist follows mcp-settings; with MCP off this answers 404.',
      security: [{ bearerAuth: [] }],
      responses: {
        '200': { description: 'A JSON-RPC response.' },
        ...withDescriptions(errorResponses(400, 401, 403, 404, 415, 429, 500), { '415': 'The body is not application/json.' }),
        '406': {
          description: 'The Accept header does not take both application/json and text/event-stream (Streamable HTTP); the body is a JSON-RPC error.',
          content: { 'application/json': { schema: { type: 'object', required: ['jsonrpc', 'error'] } } },
        },
      },
    },
  };
  // Not public: it lists the site's stores, their fields and its locales (anonymous callers get 401 for every site id).
  paths['/openapi.json'] = { get: { operationId: 'openapi', responses: { '200': { description: 'This document.' }, ...errorResponses(401, 404, 429, 500) } } };

  const schemas: Record<string, Schema> = { ...COMPONENT_SCHEMAS };
  for (const r of RESOURCE_NAMES) schemas[`Params_${r}`] = paramsSchema(r, site);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seeder REST API',
      version: SEEDER_VERSION,
      description: [
        'Realistic, reproducible test data for the store platforms of a site, with a ledger for exact cleanup.',
        'Every route needs a session cookie or a bearer token with the `seeder` scope (403 `auth.insufficient_scope` without it);',
        'anonymous requests are 401 for every site id, and a site the caller is no member of (or outside the sites its token',
        'is limited to) is 404 `sites.not_found`, exactly as a site that does not exist.',
      ].join(' '),
    },
    servers: [{ url: site ? `/sites/${site.id}/rest/seeder/v1` : '/sites/{site_id}/rest/seeder/v1' }],
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'svc_session' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'svc_{env}_<43 base64url characters>' },
      },
    },
  };
}
