/**
 * The typed catalogue: every hook the panel and the Seeder document, declared once.
 *
 * - `FilterCatalogue` / `ActionCatalogue` give each name its value and argument types; the template
 *   index signatures cover the dynamic families (`seeder_<resource>_generation_result`, ...).
 * - `HOOK_CATALOGUE` (static names) and `HOOK_FAMILIES` (dynamic families) are the frozen runtime
 *   declarations: kind, sync/async, lifecycle `once`, since, and a one-line docblock. The `satisfies`
 *   clauses tie them to the interfaces, so a hook cannot be declared in one and missing in the other.
 *
 * Plugins tap; only the hook's owner calls it. Code outside hooks/ never spells a dynamic name: it uses
 * the helpers in hook-names.ts.
 */
import type {
  AdminPayload,
  CanonicalEntity,
  EntityContext,
  GenerationContext,
  GenerationResult,
  McpAbilityContext,
  McpAbilityDefinition,
  PlatformRegistration,
  RecipeManifest,
  RestParams,
  RestParamsContext,
  SeederInfo,
  SiteRef,
} from './catalogue-types.ts';

/** Filters: `value` runs through the taps, `args` are passed along unchanged. `async: true` lets taps return promises. */
export interface FilterCatalogue {
  [name: `seeder_${string}_generation_result`]: { value: GenerationResult; args: [context: GenerationContext] };
  seeder_shipping_method_generation_result: { value: GenerationResult; args: [context: GenerationContext] };
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
  seeder_admin_payload: { value: AdminPayload; args: [] };
  seeder_sample_data_source: { value: string; args: [locale: string] };
  seeder_hide_foreign_admin_notices: { value: boolean; args: [] };
  seeder_purge_order: { value: string[]; args: [] };
  rest_index: { value: string[]; args: [] };
}

/** Actions: taps receive `args`; nothing is returned. */
export interface ActionCatalogue {
  panel_init: { args: [site: SiteRef] };
  plugins_loaded: { args: [site: SiteRef] };
  seeder_loaded: { args: [seeder: SeederInfo] };
  plugin_activated: { args: [slug: string] };
  plugin_deactivated: { args: [slug: string] };
}

export type FilterName = keyof FilterCatalogue & string;
export type ActionName = keyof ActionCatalogue & string;
export type HookName = FilterName | ActionName;

type ModeOf<E> = E extends { async: true } ? 'async' : 'sync';

export type FilterValue<N extends FilterName> = FilterCatalogue[N]['value'];
export type FilterArgs<N extends FilterName> = FilterCatalogue[N]['args'];
export type ActionArgs<N extends ActionName> = ActionCatalogue[N]['args'];

export type FilterFn<N extends FilterName> = (
  value: FilterValue<N>,
  ...args: FilterArgs<N>
) => ModeOf<FilterCatalogue[N]> extends 'async' ? FilterValue<N> | Promise<FilterValue<N>> : FilterValue<N>;

export type ActionFn<N extends ActionName> = (
  ...args: ActionArgs<N>
) => ModeOf<ActionCatalogue[N]> extends 'async' ? void | Promise<void> : void;

/** Names that may be called through the synchronous API (applyFilters, doAction). */
export type SyncFilterName = {
  [K in keyof FilterCatalogue]: FilterCatalogue[K] extends { async: true } ? never : K;
}[keyof FilterCatalogue] &
  string;
export type SyncActionName = {
  [K in keyof ActionCatalogue]: ActionCatalogue[K] extends { async: true } ? never : K;
}[keyof ActionCatalogue] &
  string;

/** The runtime declaration of one hook (or of one dynamic family). */
export interface HookSpec {
  readonly kind: 'filter' | 'action';
  /** `async` hooks may have promise-returning taps and must be called through the Async API. */
  readonly mode: 'sync' | 'async';
  /** A one-time lifecycle action: a tap added after it fired runs at once with the arguments it fired with. */
  readonly once: boolean;
  readonly since: string;
  /** Purpose and arguments, one line. */
  readonly doc: string;
}

// Only the literal keys of a catalogue interface (template index signatures are the dynamic families).
type StaticKeys<T> = keyof { [K in keyof T as {} extends Record<K, 1> ? never : K]: 1 };
type StaticSpecs = {
  [K in StaticKeys<FilterCatalogue>]: HookSpec & { kind: 'filter'; mode: ModeOf<FilterCatalogue[K]>; once: false };
} & {
  [K in StaticKeys<ActionCatalogue>]: HookSpec & { kind: 'action'; mode: ModeOf<ActionCatalogue[K]> };
};

function filter<M extends 'sync' | 'async' = 'sync'>(doc: string, mode?: M) {
  return Object.freeze({ kind: 'filter', mode: (mode ?? 'sync') as M, once: false, since: '0.1.0', doc } as const);
}
function action(doc: string, once: boolean) {
  return Object.freeze({ kind: 'action', mode: 'sync', once, since: '0.1.0', doc } as const);
}

/** Every hook with a fixed name. */
export const HOOK_CATALOGUE: Readonly<StaticSpecs> = Object.freeze({
  seeder_shipping_method_generation_result: filter(
    'Deprecated old name of the shipping plan result filter; fires after it with its result (see deprecations.ts). (result, context)',
  ),
  seeder_recipes: filter('Register recipes from another plugin without a download. (manifests)', 'async'),
  seeder_recipe_directories: filter("Where a recipe's words live. (directories, recipeId)"),
  seeder_recipes_source: filter('Repoint the recipe archive. (url)'),
  seeder_platforms: filter('Register a platform driver. (registrations)'),
  // No surface argument on purpose: REST, CLI, MCP and admin share one capability, so access cannot be widened for one surface.
  seeder_capability: filter('Who may use the plugin: the capability required (default manage_options). (capability)'),
  seeder_canonical_entity: filter(
    'Every canonical entity, before its resource-specific filter. (entity, context)',
  ),
  seeder_rest_params: filter(
    'Request parameters of every resource, before the resource-specific filter and validation. (params, context)',
  ),
  seeder_locales: filter('The locale list. (locales)'),
  seeder_locale: filter('The locale resolved for a request, after fallback. (locale, requested)'),
  seeder_mcp_ability_definition: filter('One MCP tool definition. (definition, context)'),
  seeder_admin_payload: filter('The data the admin screen boots with. (payload)'),
  seeder_sample_data_source: filter('Repoint sample data for a locale. (url, locale)'),
  seeder_hide_foreign_admin_notices: filter(
    "Whether other plugins' notices are hidden on the Seeder screen; return false to show them. (hide)",
  ),
  seeder_purge_order: filter('Resources in deletion order, children before parents. (resources)'),
  rest_index: filter("The namespaces a site's REST root lists. (namespaces)"),
  panel_init: action('The site is initialised, before plugins load. (site)', true),
  plugins_loaded: action("The site's active plugins are applied. (site)", true),
  seeder_loaded: action('The Seeder has registered its hooks, drivers and recipes. (seeder)', true),
  plugin_activated: action('A plugin was activated on the site. (slug)', false),
  plugin_deactivated: action('A plugin was deactivated on the site; its taps are already gone. (slug)', false),
} satisfies StaticSpecs);

/** A dynamic family: names `${prefix}<resource>${suffix}`, kept in a tapable HookMap keyed by resource. */
export interface HookFamily extends HookSpec {
  readonly pattern: string;
  readonly prefix: string;
  readonly suffix: string;
  /** The generic filter that runs before this resource-specific one, if any. */
  readonly generic?: 'seeder_canonical_entity' | 'seeder_rest_params';
}

/**
 * Dynamic families. Order is resolution order: the prefix-only families come first, so a name such as
 * `seeder_rest_params_x_generation_result` is a rest-params hook; hook-names.ts refuses to build a
 * generation-result name that would resolve elsewhere.
 */
export const HOOK_FAMILIES: readonly HookFamily[] = Object.freeze(
  [
    {
      ...filter("A resource's canonical entity, after seeder_canonical_entity. (entity, context)"),
      pattern: 'seeder_canonical_entity_<resource>',
      prefix: 'seeder_canonical_entity_',
      suffix: '',
      generic: 'seeder_canonical_entity',
    } as const,
    {
      ...filter("A resource's request parameters, after seeder_rest_params. (params, context)"),
      pattern: 'seeder_rest_params_<resource>',
      prefix: 'seeder_rest_params_',
      suffix: '',
      generic: 'seeder_rest_params',
    } as const,
    {
      ...filter("Result filter every writer offers, named from the writer's resource. (result, context)"),
      pattern: 'seeder_<resource>_generation_result',
      prefix: 'seeder_',
      suffix: '_generation_result',
    } as const,
  ].map((f) => Object.freeze(f)),
);

/** Generic filters that have resource-specific counterparts. */
export type GenericFilterName = NonNullable<HookFamily['generic']>;
