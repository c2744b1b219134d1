/**
 * The Seeder's OpenAPI 3.1 document, generated from the endpoint table (controllers/endpoints.ts):
 * every route, its inputs, its answers and every status it can produce; the response shapes are
 * the components below. Served at `.../seeder/v1/openapi.json`; the
 * tests validate every Seeder response against it.
 */
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { SYNONYMS } from '../generators/schema.ts';
import { builtinDrivers } from '../drivers/builtin.ts';
import { endpointSchema } from '../controllers/params.ts';
import type { Site } from '../panel/site.ts';
import { SEEDER_VERSION } from '../controllers/version.ts';
import { LOCALE_DATA_SCHEMA, PREVIEW_RESULT_SCHEMA } from '../controllers/preview-schema.ts';
import { RECIPE_COMPONENT_SCHEMAS } from './recipe-openapi.ts';
import { acceptsIdempotencyKey, ENDPOINTS, resourceSummary, ROUTE_ERRORS, type Endpoint, type EndpointAnswer } from '../controllers/endpoints.ts';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  REPLAYED_HEADER,
} from '../controllers/idempotency.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import { bool, int, nullable, obj, ref, str, type Schema } from '../lib/schema-builders.ts';


const resourceEnum: Schema = { type: 'string', enum: [...RESOURCE_NAMES] };

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

const LOCALE_DATA: Schema = LOCALE_DATA_SCHEMA;

/** A ledger row's fields: `LedgerRow`, and the first fields of `GeneratedRecord` (a ledger row with its record). */
const LEDGER_ROW: Record<string, Schema> = {
  id: int,
  platform: str,
  resource: str,
  record_id: str,
  run_id: nullable('string'),
  created_at: str,
  delete_error: nullable('string'),
  files: { type: 'array', items: str, description: "Files the record brought in the site's uploads folder (its pictures), as paths under `/sites/{site_id}/uploads/`; cleanup removes them with the record." },
};

const COMPONENT_SCHEMAS: Record<string, Schema> = {
  Error: obj({ code: str, message: str, request_id: { type: 'string', pattern: '^req_[A-Za-z0-9_-]{16,}$' }, details: { type: 'object' } }, ['code', 'message', 'request_id']),
  ErrorResponse: obj({ error: ref('Error') }),
  Resource: resourceEnum,
  CreatedItem: obj({ id: str, key: str, summary: str }),
  PreviewResult: PREVIEW_RESULT_SCHEMA,
  GenerateResult: {
    ...obj({
      resource: resourceEnum,
      platform: str,
      run_id: str,
      seed: str,
      seed_generated: bool,
      locale: str,
      locale_data: LOCALE_DATA,
      requested: int,
      created: { type: 'array', items: ref('CreatedItem') },
      created_count: int,
      failed: int,
      errors: { type: 'array', items: str },
      ignored_parameters: { type: 'array', items: str },
      message: str,
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
    runs: {
      type: 'array',
      items: obj({
        run_id: nullable('string'),
        count: int,
        first_at: str,
        last_at: str,
        parts: { type: 'array', items: obj({ resource: str, platform: str, count: int }) },
        made_by: { ...nullable('string'), description: 'Who ran it: the operator\'s email, or an API token\'s name and its owner\'s email; null for runs made before this was kept.' },
        recipe: { ...obj({ slug: str, size: nullable('string') }), type: ['object', 'null'], description: 'The recipe and size of a recipe run; null for other runs.' },
      }),
    },
  }),
  LedgerRow: obj(LEDGER_ROW),
  LedgerPage: obj({ data: { type: 'array', items: ref('LedgerRow') }, next_cursor: nullable('string'), has_more: bool }),
  GeneratedRecord: obj({
    ...LEDGER_ROW,
    fields: { type: ['object', 'null'], additionalProperties: true, description: "The record's key fields as the store holds them; null when the store no longer has it." },
    admin_url: { ...nullable('string'), description: "A path in the store's own admin screens; null when the store declares none." },
    money: {
      type: 'object',
      additionalProperties: obj({ amount_minor: int, currency: str }),
      description: 'The amounts of money among `fields`, by field: minor units (cents, yen) and the currency, from the store\'s driver; empty when it says none.',
    },
    locale: { ...nullable('string'), description: 'The locale the record\'s run was made in (money is written for it); null for runs made before it was kept.' },
  }),
  GeneratedRecordPage: obj({ data: { type: 'array', items: ref('GeneratedRecord') }, next_cursor: nullable('string'), has_more: bool }),
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
  McpSettings: {
    ...obj({
      enabled: bool,
      preview_tools: bool,
      generate_tools: bool,
      stored: { ...obj({ enabled: bool, preview_tools: bool, generate_tools: bool }), description: 'What an administrator saved (POST mcp-settings).' },
      decided_by_plugins: { type: 'array', items: { enum: ['enabled', 'preview_tools', 'generate_tools'] }, description: 'The switches a seeder_mcp_settings filter holds at another value than the stored one.' },
    }),
    description: 'The MCP switches in effect (after the seeder_mcp_settings filter: what the MCP server offers), what is stored, and which a plugin decides.',
  },
  ...RECIPE_COMPONENT_SCHEMAS,
};

/** The rule of the settings only an administrator changes (controllers/access.ts, assertCanChangeSettings). */
const STEP_UP_RULE =
  'Needs the manage_options capability on the site itself: a role allowed to use the Seeder is not enough. ' +
  'A cookie session also needs a full sign-in within the last 5 minutes (step-up); a bearer token is not asked to step up.';

const STEP_UP_403 =
  'auth.forbidden (details.capability: "manage_options") without manage_options; auth.step_up_required (details.max_age_seconds, ' +
  'details.step_up_url) for a cookie session whose last full sign-in is older than that: POST /api/v1/auth/step-up with the password, then retry.';

function answerSchema(schema: NonNullable<EndpointAnswer['schema']>): Schema {
  if (typeof schema === 'string') return ref(schema);
  const oneOf = (schema as { oneOf?: unknown }).oneOf;
  if (Array.isArray(oneOf) && oneOf.every((s) => typeof s === 'string')) return { oneOf: oneOf.map((s: string) => ref(s)) };
  return schema as Schema;
}

const TTL_HOURS = IDEMPOTENCY_TTL_MS / 3_600_000;

/** The header parameter of a write (controllers/idempotency.ts). */
const IDEMPOTENCY_PARAMETER: Schema = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    `Makes a retry safe: the first answer to a key (success or 4xx refusal) is stored for ${TTL_HOURS} hours, per caller (a token's keys are its own; ` +
    `a signed-in operator's are theirs), and a retry with the same key and the same request, on any server, gets that answer without writing again, ` +
    `with the header ${REPLAYED_HEADER}: true. A 5xx is not stored: a retry runs again. Choose a new key (a UUID) for each new request.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
};

const IDEMPOTENCY_ERRORS: Record<string, string> = {
  409: '`idempotency.in_progress`: a request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer.',
  422: '`idempotency.mismatch`: this Idempotency-Key was used for another request (nothing ran); `validation.invalid` naming Idempotency-Key: the key is not 1 to 255 printable ASCII characters.',
};

const REPLAYED: Schema = {
  [REPLAYED_HEADER]: { description: 'true when this answer was stored for the Idempotency-Key by an earlier request and nothing ran now.', schema: { type: 'string', enum: ['true'] } },
};

/** Every status the entry can answer: its answers, its own errors and those of every route. */
function responses(e: Endpoint): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const idempotent = acceptsIdempotencyKey(e);
  for (const [status, a] of Object.entries(e.answers)) {
    out[status] = {
      description: a.description,
      ...(idempotent ? { headers: REPLAYED } : {}),
      ...(a.schema ? { content: { 'application/json': { schema: answerSchema(a.schema) } } } : {}),
    };
  }
  const errors: Record<string, string | null> = Object.fromEntries(ROUTE_ERRORS.map((s) => [String(s), null]));
  for (const [status, text] of Object.entries(e.errors ?? {})) errors[status] = text;
  if (e.access.rule === 'manage_options' && e.access.stepUp) errors['403'] = STEP_UP_403;
  if (idempotent) for (const [status, text] of Object.entries(IDEMPOTENCY_ERRORS)) errors[status] = [errors[status], text].filter(Boolean).join(' ');
  for (const [status, text] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
    if (out[status]) continue;
    out[status] = { description: text ?? `Error (${status})`, content: { 'application/json': { schema: ref('ErrorResponse') } } };
  }
  return out;
}

const parameter = (name: string, schema: JSONSchema, required: boolean): Schema => {
  const { description, ...rest } = schema;
  return { name, in: 'query', required, ...(description ? { description } : {}), schema: rest };
};

/** The OpenAPI operation of an entry (for one resource, on a per-resource entry). */
function operation(e: Endpoint, resource?: (typeof RESOURCES)[number]): Schema {
  const op: Schema = { operationId: resource ? `${e.operationId}_${resource.name}` : e.operationId, summary: resource ? resourceSummary(e, resource) : e.summary };
  const description = [e.description, e.access.rule === 'manage_options' && e.access.stepUp ? STEP_UP_RULE : undefined].filter(Boolean).join(' ');
  if (description) op.description = description;
  if (e.query) {
    const required = new Set(e.query.required ?? []);
    op.parameters = Object.entries(e.query.properties).map(([name, s]) => parameter(name, s, required.has(name) && !e.queryOrBody));
  }
  if (acceptsIdempotencyKey(e)) op.parameters = [...((op.parameters as Schema[] | undefined) ?? []), IDEMPOTENCY_PARAMETER];
  const bodySchema = e.body === 'resource-parameters' ? ref(`Params_${resource!.name}`) : e.body ?? (e.queryOrBody ? e.query : undefined);
  if (bodySchema) {
    const { $id: _id, ...schema } = bodySchema as Schema;
    op.requestBody = { required: e.bodyRequired === true, content: { 'application/json': { schema } } };
  }
  if (e.access.rule === 'own' && e.served === 'mcp') op.security = [{ bearerAuth: [] }];
  op.responses = responses(e);
  return op;
}

export function seederOpenApi(site?: Site): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const add = (path: string, method: string, op: Schema) => ((paths[path] ??= {})[method] = op);
  for (const e of ENDPOINTS) {
    if (e.perResource) for (const r of RESOURCES) add(e.path.replace('{base}', r.base), e.method, operation(e, r));
    else add(e.path, e.method, operation(e));
  }

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
        'Product and variation pictures (parameter `images`) are written to the site\'s uploads folder and served to the site\'s members',
        'at `/sites/{site_id}/uploads/{path}` (the paths are in the ledger rows\' `files`), as `image/svg+xml` with `X-Content-Type-Options: nosniff`',
        'and `Content-Security-Policy: default-src \'none\'; style-src \'unsafe-inline\'; sandbox`.',
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
