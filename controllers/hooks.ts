/**
 * The Seeder's hook catalogue. The Seeder owns these hooks: it declares them on a site's bus when it
 * is applied (`SeederPlugin.hookCatalogue`), calls them through its own caller (`seederHooks(site)`),
 * and other plugins tap them. Nothing in hooks/ knows them.
 *
 * Types: the interfaces of hooks/catalogue.ts are augmented below; the result filters and the admin
 * payload filter are typed where their values are defined (controllers/generate.ts, admin/page.ts),
 * so this module imports no module that calls a hook. `satisfies` ties the runtime specs to the types.
 */
import {
  actionSpec,
  filterSpec,
  familyHookName,
  type ActionCatalogue,
  type FilterCatalogue,
  type HookCaller,
  type HookDeclaration,
  type HookSpecs,
  type StaticKeys,
} from '../hooks/index.ts';
import type { CapabilityMatrix, LookupItem, PlatformField, SeederDriver } from '../drivers/contract.ts';
import { RESOURCE_NAMES } from '../generators/resources.ts';
import type { Site } from '../panel/site.ts';
import type { RecipeManifestInput } from '../recipes/types.ts';

/** The request a generation result belongs to. */
export type GenerationContext = {
  resource: string;
  platform: string;
  params: Record<string, unknown>;
} & Record<string, unknown>;

/** A canonical entity as a generator builds it, before a driver maps it to a store's spelling. */
export type CanonicalEntity = Record<string, unknown>;

/** Which row of which request an entity is. */
export type EntityContext = {
  resource: string;
  /** Row index within the request (randomness is seeded per row). */
  index: number;
  params: Record<string, unknown>;
} & Record<string, unknown>;

/** Parameters of a preview or generate request after synonyms are mapped, before validation. */
export type RestParams = Record<string, unknown>;

export type RestParamsContext = {
  resource: string;
  action: 'preview' | 'generate';
} & Record<string, unknown>;

/**
 * A recipe manifest as another plugin registers it through `seeder_recipes` (and as manifest files
 * hold it): id, name, locales, price band, plan, optional inline words (`RecipeManifestInput` in
 * recipes/types.ts; format in recipes/README.md). Every manifest is validated when loaded and a broken
 * one is dropped with a logged reason, so only `id` is required at the type level.
 */
export type RecipeManifest = Pick<RecipeManifestInput, 'id'> & Partial<Omit<RecipeManifestInput, 'id'>>;

/** A platform driver registration (the driver contract of drivers/contract.ts). */
export type PlatformRegistration = SeederDriver;

/**
 * An MCP tool definition offered for one resource (mcp/tools.ts), as listed to MCP clients: a filter
 * may change the description, title, annotations or input schema, or rename the tool.
 */
export type McpAbilityDefinition = {
  /** `preview-<base>` or `generate-<base>`. */
  name: string;
  title?: string;
  description: string;
  /** JSON Schema (draft 2020-12) of the arguments, derived from the endpoint's parameter schema. */
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
  /** MCP tool annotations (hints to clients). */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
} & Record<string, unknown>;

export type McpAbilityContext = {
  /** Canonical resource name (`product_category`). */
  resource: string;
  mode: 'preview' | 'generate';
} & Record<string, unknown>;

/** Which platform a per-platform filter runs for (`seeder_platform_supports_<id>`, `seeder_platform_fields_<id>`). */
export type PlatformHookContext = { platform: string } & Record<string, unknown>;

/** Which record `seeder_platform_admin_url_<id>` gives the store's screen for. */
export type PlatformAdminUrlContext = { platform: string; resource: string; record_id: string } & Record<string, unknown>;

/** What `seeder_platform_search_<id>` is asked for. */
export type PlatformSearchContext = { platform: string; resource: string; search: string; limit: number } & Record<string, unknown>;

/** The request `seeder_target_platform` decides the target of: the raw parameters as sent. */
export type TargetPlatformContext = { resource: string; action: 'preview' | 'generate'; raw: Readonly<Record<string, unknown>> } & Record<string, unknown>;

/** The Seeder's MCP switches as `seeder_mcp_settings` decides them (controllers/settings.ts). */
export type McpSwitches = { enabled: boolean; preview_tools: boolean; generate_tools: boolean } & Record<string, unknown>;

/** One MCP tool the site offers, as `seeder_mcp_abilities` lists them (before each definition's own filter). */
export type McpAbility = { name: string; resource: string; mode: 'preview' | 'generate' } & Record<string, unknown>;

/**
 * A parameter a plugin adds to a resource's preview and generate (`seeder_parameters_<resource>`): its
 * name (snake case, not a parameter the resource has), a JSON Schema with a description and an optional
 * default. It is validated, documented (OpenAPI, CLI flags, MCP input schemas, the admin form) and
 * reaches the parameter filters with the other parameters.
 */
export type ParameterDeclaration = { name: string; schema: Record<string, unknown> & { description: string } };

/**
 * A `panel seeder` subcommand another plugin adds (`seeder_cli_commands`), built from an endpoint
 * declaration: its name and summary, its parameters' JSON Schema (flags are derived from it), and what
 * it runs with the parsed parameters. The answer is printed as `--format` says (json or table).
 */
export type CliCommandDeclaration = {
  name: string;
  summary: string;
  params?: { type: 'object'; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  run: (params: Record<string, unknown>, context: { site: Site }) => unknown | Promise<unknown>;
};

/** What `seeder_loaded` passes. */
export type SeederInfo = { version: string } & Record<string, unknown>;

declare module '../hooks/catalogue.ts' {
  interface FilterCatalogue {
    seeder_recipes: { value: RecipeManifest[]; args: []; async: true };
    seeder_recipe_directories: { value: string[]; args: [recipeId: string] };
    seeder_recipes_source: { value: string; args: [] };
    seeder_platforms: { value: PlatformRegistration[]; args: [] };
    seeder_capability: { value: string; args: [] };
    seeder_canonical_entity: { value: CanonicalEntity; args: [context: EntityContext] };
    [name: `seeder_canonical_entity_${string}`]: { value: CanonicalEntity; args: [context: EntityContext] };
    seeder_rest_params: { value: RestParams; args: [context: RestParamsContext] };
    [name: `seeder_rest_params_${string}`]: { value: RestParams; args: [context: RestParamsContext] };
    seeder_locales: { value: string[]; args: [] };
    seeder_locale: { value: string; args: [requested: string] };
    seeder_mcp_ability_definition: { value: McpAbilityDefinition; args: [context: McpAbilityContext] };
    seeder_sample_data_source: { value: string; args: [locale: string] };
    seeder_hide_foreign_admin_notices: { value: boolean; args: [] };
    seeder_purge_order: { value: string[]; args: [] };
    [name: `seeder_platform_supports_${string}`]: { value: CapabilityMatrix; args: [context: PlatformHookContext] };
    [name: `seeder_platform_fields_${string}`]: { value: PlatformField[]; args: [context: PlatformHookContext] };
    [name: `seeder_platform_search_${string}`]: { value: LookupItem[]; args: [context: PlatformSearchContext] };
    [name: `seeder_platform_admin_url_${string}`]: { value: string | null; args: [context: PlatformAdminUrlContext] };
    seeder_target_platform: { value: string | null; args: [context: TargetPlatformContext] };
    [name: `seeder_generation_params_${string}`]: { value: Record<string, unknown>; args: [context: RestParamsContext] };
    [name: `seeder_parameters_${string}`]: { value: ParameterDeclaration[]; args: [] };
    seeder_mcp_settings: { value: McpSwitches; args: [] };
    seeder_mcp_abilities: { value: McpAbility[]; args: [] };
    seeder_cli_commands: { value: CliCommandDeclaration[]; args: [] };
  }
  interface ActionCatalogue {
    seeder_loaded: { args: [seeder: SeederInfo] };
  }
}

type SeederOnly<T> = Pick<T, Extract<StaticKeys<T>, `seeder_${string}`>>;
type SeederSpecs = HookSpecs<SeederOnly<FilterCatalogue>, SeederOnly<ActionCatalogue>>;

const GENERATION_RESULT = 'seeder_<resource>_generation_result';
const CANONICAL_ENTITY = 'seeder_canonical_entity_<resource>';
const REST_PARAMS = 'seeder_rest_params_<resource>';
const PLATFORM_SUPPORTS = 'seeder_platform_supports_<platform>';
const PLATFORM_FIELDS = 'seeder_platform_fields_<platform>';
const PLATFORM_SEARCH = 'seeder_platform_search_<platform>';
const PLATFORM_ADMIN_URL = 'seeder_platform_admin_url_<platform>';
const GENERATION_PARAMS = 'seeder_generation_params_<resource>';
const PARAMETERS = 'seeder_parameters_<resource>';
const GENERATED_ITEM = 'seeder_generated_item_<resource>';
const BEFORE_GENERATE_ITEM = 'seeder_before_generate_item_<resource>';
const AFTER_GENERATE_ITEM = 'seeder_after_generate_item_<resource>';
const AFTER_BATCH_GENERATE = 'seeder_after_batch_generate_<resource>';
const BEFORE_WRITE = 'seeder_before_write_<platform>_<resource>';
const AFTER_WRITE = 'seeder_after_write_<platform>_<resource>';

/** A platform segment: any id (third-party drivers come and go), so any well-formed segment is declared. */
const anyPlatform = () => true;
/** A `<platform>_<resource>` segment: anything ending in `_<resource>` of a known resource. */
const platformThenResource = (segment: string) => RESOURCE_NAMES.some((r) => segment.length > r.length + 1 && segment.endsWith(`_${r}`));

function family(pattern: string, spec: ReturnType<typeof filterSpec> | ReturnType<typeof actionSpec>, extra: { segment?: 'resource' | 'platform' | 'platform_resource'; accepts?: (s: string) => boolean } = {}) {
  const [prefix, suffix] = pattern.split(/<platform>_<resource>|<platform>|<resource>/) as [string, string];
  return Object.freeze({ ...spec, pattern, prefix, suffix, resources: extra.segment === 'platform' || extra.segment === 'platform_resource' ? [] : RESOURCE_NAMES, ...extra });
}

/** Every hook the Seeder offers. */
export const SEEDER_HOOKS: HookDeclaration = Object.freeze({
  owner: 'seeder',
  hooks: Object.freeze({
    seeder_shipping_method_generation_result: filterSpec(
      'Deprecated old name of the shipping plan result filter; fires after it with its result. (result, context)',
    ),
    seeder_recipes: filterSpec('Register recipes from another plugin without a download. (manifests)', 'async'),
    seeder_recipe_directories: filterSpec("Where a recipe's words live. (directories, recipeId)"),
    seeder_recipes_source: filterSpec('Repoint the recipe archive. (url)'),
    seeder_platforms: filterSpec('Register a platform driver. (registrations)'),
    // No surface argument on purpose: REST, CLI, MCP and admin share one capability, so access cannot be widened for one surface.
    seeder_capability: filterSpec('Who may use the plugin: the capability required (default manage_options). (capability)'),
    seeder_canonical_entity: filterSpec('Every canonical entity, before its resource-specific filter. (entity, context)'),
    seeder_rest_params: filterSpec('Request parameters of every resource, before the resource-specific filter and validation. (params, context)'),
    seeder_locales: filterSpec('The locale list. (locales)'),
    seeder_locale: filterSpec('The locale resolved for a request, after fallback. (locale, requested)'),
    seeder_mcp_ability_definition: filterSpec('One MCP tool definition. (definition, context)'),
    seeder_admin_payload: filterSpec('The data the admin screen boots with. (payload)'),
    seeder_sample_data_source: filterSpec('Repoint sample data for a locale. (url, locale)'),
    seeder_hide_foreign_admin_notices: filterSpec("Whether other plugins' notices are hidden on the Seeder screen; return false to show them. (hide)"),
    seeder_purge_order: filterSpec('Resources in deletion order, children before parents. (resources)'),
    seeder_loaded: actionSpec('The Seeder has registered its hooks, drivers and recipes. (seeder)', true),
    seeder_target_platform: filterSpec(
      'The platform a preview or generate writes to, from the raw request (null: the stored target, else the only active store); the answer is still validated. (platform, context)',
      'sync',
      '0.2.0',
    ),
    seeder_rest_response: filterSpec('The final generate response, after the result filter, on every surface; counts and status stay what was written. (response, context)', 'sync', '0.2.0'),
    seeder_rest_message: filterSpec("The generate response's message. (message, context)", 'sync', '0.2.0'),
    seeder_mcp_settings: filterSpec('The MCP switches in effect (enabled, preview_tools, generate_tools), after the stored settings; the MCP server, GET mcp-settings and the settings screen follow them (the latter two also show what is stored). (settings)', 'sync', '0.2.0'),
    seeder_mcp_abilities: filterSpec('The MCP tools offered (name, resource, mode), before each definition is filtered; remove one to withdraw it. (abilities)', 'sync', '0.2.0'),
    seeder_cli_commands: filterSpec('Add `panel seeder` subcommands, each built from an endpoint declaration (name, summary, params schema, run). (commands)', 'sync', '0.2.0'),
  } satisfies SeederSpecs),
  // Resolution order: the prefix-only families first, so `seeder_rest_params_x_generation_result` is a rest-params name.
  families: Object.freeze([
    Object.freeze({
      ...filterSpec("A resource's canonical entity, after seeder_canonical_entity. (entity, context)"),
      pattern: CANONICAL_ENTITY,
      prefix: 'seeder_canonical_entity_',
      suffix: '',
      resources: RESOURCE_NAMES,
      generic: 'seeder_canonical_entity',
    }),
    Object.freeze({
      ...filterSpec("A resource's request parameters, after seeder_rest_params. (params, context)"),
      pattern: REST_PARAMS,
      prefix: 'seeder_rest_params_',
      suffix: '',
      resources: RESOURCE_NAMES,
      generic: 'seeder_rest_params',
    }),
    Object.freeze({
      ...filterSpec("Result filter every writer offers, named from the writer's resource: once per batch, after the write, only when something was written; counts and status stay what was written. (result, context)"),
      pattern: GENERATION_RESULT,
      prefix: 'seeder_',
      suffix: '_generation_result',
      resources: RESOURCE_NAMES,
    }),
    family(PLATFORM_SUPPORTS, filterSpec("A platform's capability matrix: override a cell, or declare that an extension satisfies a requirement. (matrix, context)", 'sync', '0.2.0'), { segment: 'platform', accepts: anyPlatform }),
    family(PLATFORM_FIELDS, filterSpec("A platform's fields (parameters only it understands): add or remove some. (fields, context)", 'sync', '0.2.0'), { segment: 'platform', accepts: anyPlatform }),
    family(PLATFORM_SEARCH, filterSpec("The records a platform's lookup found. (items, context)", 'sync', '0.2.0'), { segment: 'platform', accepts: anyPlatform }),
    family(
      PLATFORM_ADMIN_URL,
      filterSpec("Where the store's own screens show a record (a path on the panel's origin), or null; the Records view links to it. (url, context)", 'sync', '0.2.0'),
      { segment: 'platform', accepts: anyPlatform },
    ),
    family(GENERATION_PARAMS, filterSpec("A resource's parameters after validation, before generation (preview and generate); validated again. (params, context)", 'sync', '0.2.0')),
    family(PARAMETERS, filterSpec('Parameters a plugin adds to a resource: name, JSON Schema with description and default. (declarations)', 'sync', '0.2.0')),
    family(GENERATED_ITEM, filterSpec('Each created item after the write, once per item; a falsy return drops it from the response, never from the ledger. (item, context)', 'sync', '0.2.0')),
    family(BEFORE_GENERATE_ITEM, { ...actionSpec('Each entity of a generate, before its batch is written. (entity, context)', false, '0.2.0') }),
    family(AFTER_GENERATE_ITEM, { ...actionSpec('Each created item, after its batch committed. (item, entity, context)', false, '0.2.0') }),
    family(AFTER_BATCH_GENERATE, { ...actionSpec("A generate's batch, after it committed and the result filters ran. (result, context)", false, '0.2.0') }),
    family(BEFORE_WRITE, { ...actionSpec("Before a driver's writer writes entities, inside the transaction; every write attempt. (entities, context)", false, '0.2.0') }, { segment: 'platform_resource', accepts: platformThenResource }),
    family(AFTER_WRITE, { ...actionSpec("After a driver's writer wrote, or failed to write, entities: with the ids, or the error. (entities, outcome, context)", false, '0.2.0') }, { segment: 'platform_resource', accepts: platformThenResource }),
  ]),
  deprecations: Object.freeze([
    Object.freeze({
      old: 'seeder_shipping_method_generation_result',
      replacement: 'seeder_shipping_plan_generation_result',
      since: '0.1.0',
      code: 'SEEDER_DEP_SHIPPING_METHOD_RESULT',
    }),
  ]),
});

/** `seeder_<resource>_generation_result`: the result filter of one writer. */
export function generationResultHook<R extends string>(resource: R): `seeder_${R}_generation_result` {
  return familyHookName(SEEDER_HOOKS, GENERATION_RESULT, resource) as `seeder_${R}_generation_result`;
}

/** `seeder_canonical_entity_<resource>`: runs after `seeder_canonical_entity`. */
export function canonicalEntityHook<R extends string>(resource: R): `seeder_canonical_entity_${R}` {
  return familyHookName(SEEDER_HOOKS, CANONICAL_ENTITY, resource) as `seeder_canonical_entity_${R}`;
}

/** `seeder_rest_params_<resource>`: runs after `seeder_rest_params`. */
export function restParamsHook<R extends string>(resource: R): `seeder_rest_params_${R}` {
  return familyHookName(SEEDER_HOOKS, REST_PARAMS, resource) as `seeder_rest_params_${R}`;
}

/** A platform id as a hook name segment: snake case (`toy-store` -> `toy_store`). */
export function platformSegment(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

const named = (pattern: string, segment: string) => familyHookName(SEEDER_HOOKS, pattern, segment);

/** The Seeder's per-resource and per-platform hook names, checked against the catalogue. */
export const hookNames = {
  platformSupports: (platform: string) => named(PLATFORM_SUPPORTS, platformSegment(platform)) as `seeder_platform_supports_${string}`,
  platformFields: (platform: string) => named(PLATFORM_FIELDS, platformSegment(platform)) as `seeder_platform_fields_${string}`,
  platformSearch: (platform: string) => named(PLATFORM_SEARCH, platformSegment(platform)) as `seeder_platform_search_${string}`,
  platformAdminUrl: (platform: string) => named(PLATFORM_ADMIN_URL, platformSegment(platform)) as `seeder_platform_admin_url_${string}`,
  generationParams: (resource: string) => named(GENERATION_PARAMS, resource) as `seeder_generation_params_${string}`,
  parameters: (resource: string) => named(PARAMETERS, resource) as `seeder_parameters_${string}`,
  generatedItem: (resource: string) => named(GENERATED_ITEM, resource) as `seeder_generated_item_${string}`,
  beforeGenerateItem: (resource: string) => named(BEFORE_GENERATE_ITEM, resource) as `seeder_before_generate_item_${string}`,
  afterGenerateItem: (resource: string) => named(AFTER_GENERATE_ITEM, resource) as `seeder_after_generate_item_${string}`,
  afterBatchGenerate: (resource: string) => named(AFTER_BATCH_GENERATE, resource) as `seeder_after_batch_generate_${string}`,
  beforeWrite: (platform: string, resource: string) => named(BEFORE_WRITE, `${platformSegment(platform)}_${resource}`) as `seeder_before_write_${string}`,
  afterWrite: (platform: string, resource: string) => named(AFTER_WRITE, `${platformSegment(platform)}_${resource}`) as `seeder_after_write_${string}`,
};

const callers = new WeakMap<Site, HookCaller>();

/** Keeps the Seeder's caller for a site (the plugin does this when it is applied). */
export function bindSeederHooks(site: Site, caller: HookCaller): () => void {
  callers.set(site, caller);
  return () => callers.delete(site);
}

/** The Seeder's caller of its hooks on a site where it is active. */
export function seederHooks(site: Site): HookCaller {
  const caller = callers.get(site);
  if (!caller) throw new Error(`The Seeder is not active on site "${site.id}".`);
  return caller;
}
