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
import type { SeederDriver } from '../drivers/contract.ts';
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
