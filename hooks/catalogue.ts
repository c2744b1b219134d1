/**
 * Hook declarations, and the host's own hooks.
 *
 * A hook belongs to the module that calls it. The host declares its lifecycle actions and `rest_index`
 * here (HOST_HOOKS); a plugin that offers hooks declares its own catalogue (`Plugin.hooks`), as webpack
 * lets a plugin own its hooks. Each owner does two things, kept in step by the `HookSpecs` type:
 *
 * - types: it augments `FilterCatalogue` / `ActionCatalogue` (`declare module` on this file) with its
 *   names' value and argument types; template index signatures cover dynamic families;
 * - run time: a frozen `HookDeclaration` (kind, sync/async, lifecycle `once`, since, a one-line doc,
 *   its dynamic families and deprecated names). A bus knows only declared names: a tap on anything else
 *   is refused at tap time, naming the nearest declared hook.
 *
 * Plugins tap; only a hook's owner calls it (bus.ts: `declare` returns the owner's caller).
 */

/** The smallest view of a site that lifecycle actions pass (the host's Site satisfies it). */
export interface SiteRef {
  readonly id: string;
  readonly name: string;
}

/** Filters: `value` runs through the taps, `args` are passed along unchanged. `async: true` lets taps return promises. */
export interface FilterCatalogue {
  rest_index: { value: string[]; args: [] };
}

/** Actions: taps receive `args`; nothing is returned. */
export interface ActionCatalogue {
  panel_init: { args: [site: SiteRef] };
  plugins_loaded: { args: [site: SiteRef] };
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

/** A dynamic family: names `${prefix}<resource>${suffix}`, kept in a tapable HookMap keyed by resource. */
export interface HookFamily extends HookSpec {
  readonly pattern: string;
  readonly prefix: string;
  readonly suffix: string;
  /**
   * The segments the family exists for (resources, or platform ids); a name with any other segment is
   * not declared, unless `accepts` says it is.
   */
  readonly resources: readonly string[];
  /**
   * For families whose segment is open (a platform id: third-party drivers come and go): which
   * segments are declared besides `resources`, which then lists the known ones (for listings).
   */
  readonly accepts?: (segment: string) => boolean;
  /** What the variable segment is, for references: `resource` (default), `platform` or `platform_resource`. */
  readonly segment?: 'resource' | 'platform' | 'platform_resource';
  /** The generic filter that runs before this resource-specific one, if any. */
  readonly generic?: string;
}

/** A deprecated name: a facade that keeps firing after its replacement (bus.ts). */
export interface Deprecation {
  /** The old name; still declared, same kind, mode and types as the replacement. */
  readonly old: string;
  readonly replacement: string;
  /** The version that deprecated it. */
  readonly since: string;
  /** The warning code, unique among deprecations and never a HookError code (errors.ts). */
  readonly code: string;
}

/** Everything one owner declares on a bus. */
export interface HookDeclaration {
  /** The owning plugin's slug (`panel` for the host). */
  readonly owner: string;
  /** Hooks with a fixed name. */
  readonly hooks: Readonly<Record<string, HookSpec>>;
  /** Dynamic families, in resolution order. */
  readonly families?: readonly HookFamily[];
  readonly deprecations?: readonly Deprecation[];
}

// Only the literal keys of a catalogue interface (template index signatures are the dynamic families).
export type StaticKeys<T> = keyof { [K in keyof T as {} extends Record<K, 1> ? never : K]: 1 };

/**
 * The runtime specs an owner must give for the names of its catalogue interfaces `F` (filters) and
 * `A` (actions): `satisfies HookSpecs<F, A>` makes a declaration and its types agree.
 */
export type HookSpecs<F, A> = {
  [K in StaticKeys<F>]: HookSpec & { kind: 'filter'; mode: ModeOf<F[K]>; once: false };
} & {
  [K in StaticKeys<A>]: HookSpec & { kind: 'action'; mode: ModeOf<A[K]> };
};

/** A filter's spec (declarations use it; `mode` defaults to sync). */
export function filterSpec<M extends 'sync' | 'async' = 'sync'>(doc: string, mode?: M, since = '0.1.0') {
  return Object.freeze({ kind: 'filter', mode: (mode ?? 'sync') as M, once: false, since, doc } as const);
}

/** An action's spec; `once` makes it a lifecycle action. */
export function actionSpec(doc: string, once: boolean, since = '0.1.0') {
  return Object.freeze({ kind: 'action', mode: 'sync', once, since, doc } as const);
}

type HostSpecs = HookSpecs<Pick<FilterCatalogue, 'rest_index'>, Pick<ActionCatalogue, 'panel_init' | 'plugins_loaded' | 'plugin_activated' | 'plugin_deactivated'>>;

/** The host's own hooks: declared on every site's bus before any plugin is applied. */
export const HOST_HOOKS: HookDeclaration = Object.freeze({
  owner: 'panel',
  hooks: Object.freeze({
    rest_index: filterSpec("The namespaces a site's REST root lists. (namespaces)"),
    panel_init: actionSpec('The site is initialised, before plugins load. (site)', true),
    plugins_loaded: actionSpec("The site's active plugins are applied. (site)", true),
    plugin_activated: actionSpec('A plugin was activated on the site. (slug)', false),
    plugin_deactivated: actionSpec('A plugin was deactivated on the site; its taps are already gone. (slug)', false),
  } satisfies HostSpecs),
});
