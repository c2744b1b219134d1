/**
 * The hook bus: WordPress semantics (priorities, removable taps, didAction, deprecated names,
 * generic-before-specific filters) on tapable hooks. One bus per site.
 *
 * Decisions:
 * - Snapshot: a call collects the compiled hooks of every name it will run (the name, its deprecated
 *   aliases, the generic and the specific) before running any tap; changes made during the call apply
 *   from the next call.
 * - Deprecation warnings are emitted at TAP time, once per code per bus: the warning can name the
 *   plugin that uses the old name, it is emitted whether or not the owner ever fires the hook, and a
 *   bus where nobody taps the old name never warns.
 * - Dedupe (as WordPress): the same fn at the same priority on the same name is one tap; a second add
 *   returns a disposer of that one tap, which keeps its first plugin name and position.
 * - Lifecycle (`once`) actions are synchronous and fire once per bus (a second firing is
 *   HOOK_LIFECYCLE_REFIRED); a tap added after the firing runs at once with the fired arguments. If that
 *   late run throws, the tap is removed again and the error is thrown from add*, since the caller never
 *   received a disposer for it.
 */
import { HookMap } from 'tapable';
import type {
  ActionArgs,
  ActionFn,
  ActionName,
  FilterArgs,
  FilterFn,
  FilterName,
  FilterValue,
  HookDeclaration,
  HookFamily,
  HookName,
  SyncActionName,
  SyncFilterName,
} from './catalogue.ts';
import { DeclarationTable, type ResolvedHook } from './declarations.ts';
import { HookError } from './errors.ts';
import { invokeSync, type HookKind, type TapFn, type TapRecord } from './invoke.ts';
import { Slot, type AsyncRunner, type SyncRunner } from './slot.ts';

/** Removes the tap it was returned for; true if it removed something (false once already removed). */
export type Disposer = () => boolean;

export interface TapOptions {
  /** Integer, lower runs first; ties run in registration order. Default 10. */
  priority?: number;
  /** The tapping plugin's name, used in error messages. Default 'anonymous'. */
  plugin?: string;
}

export interface HookBusOptions {
  /** Receives deprecation warnings. Default: process.emitWarning as a DeprecationWarning with the code. */
  warn?: (code: string, message: string) => void;
}

/** What everyone but a hook's owner gets: tap, untap, ask. Calling stays with the owner (HookCaller). */
export interface TapHooks {
  addFilter<N extends FilterName>(name: N, fn: FilterFn<N>, opts?: TapOptions | number): Disposer;
  addAction<N extends ActionName>(name: N, fn: ActionFn<N>, opts?: TapOptions | number): Disposer;
  /** As WordPress's remove_filter: fn and priority must both match. */
  removeFilter<N extends FilterName>(name: N, fn: FilterFn<N>, priority?: number): boolean;
  removeAction<N extends ActionName>(name: N, fn: ActionFn<N>, priority?: number): boolean;
  /** Without fn: whether the name has any tap. With fn: whether fn is tapped on it (at any priority). */
  hasFilter<N extends FilterName>(name: N, fn?: FilterFn<N>): boolean;
  hasAction<N extends ActionName>(name: N, fn?: ActionFn<N>): boolean;
  /** Whether some owner on this bus declares the name (a plugin may tap another's hooks only when it is there). */
  isDeclared(name: string): boolean;
  /** A view whose taps name `plugin` and can all be removed at once. */
  scope(plugin: string): ScopedHooks;
}

/** A plugin's tap view: taps name the plugin; `dispose()` removes every tap made through it. */
export interface ScopedHooks extends Omit<TapHooks, 'addFilter' | 'addAction' | 'scope'> {
  readonly plugin: string;
  addFilter<N extends FilterName>(name: N, fn: FilterFn<N>, opts?: Omit<TapOptions, 'plugin'> | number): Disposer;
  addAction<N extends ActionName>(name: N, fn: ActionFn<N>, opts?: Omit<TapOptions, 'plugin'> | number): Disposer;
  /** Removes all taps made through this scope (on plugin deactivation); returns how many it removed. */
  dispose(): number;
}

/** The calls of the hooks one owner declared (`HookBus.declare`); a name it does not own is HOOK_NOT_OWNER. */
export interface HookCaller {
  readonly owner: string;
  applyFilters<N extends SyncFilterName>(name: N, value: FilterValue<N>, ...args: FilterArgs<N>): FilterValue<N>;
  applyFiltersAsync<N extends FilterName>(name: N, value: FilterValue<N>, ...args: FilterArgs<N>): Promise<FilterValue<N>>;
  /** Runs `generic`, then its resource-specific counterpart for `specific` (one snapshot for both). */
  applyFiltersGenericThenSpecific<G extends SyncFilterName>(generic: G, specific: string, value: FilterValue<G>, ...args: FilterArgs<G>): FilterValue<G>;
  applyFiltersGenericThenSpecificAsync<G extends FilterName>(generic: G, specific: string, value: FilterValue<G>, ...args: FilterArgs<G>): Promise<FilterValue<G>>;
  doAction<N extends SyncActionName>(name: N, ...args: ActionArgs<N>): void;
  doActionAsync<N extends ActionName>(name: N, ...args: ActionArgs<N>): Promise<void>;
  didAction(name: ActionName): number;
  /** Whether calling `name` would run any tap, counting deprecated aliases, so costly arguments can be skipped. */
  isUsed(name: HookName): boolean;
}

const DEFAULT_PRIORITY = 10;

const defaultWarn = (code: string, message: string): void => {
  process.emitWarning(message, { type: 'DeprecationWarning', code });
};

function checkPriority(hook: string, priority: unknown): number {
  if (typeof priority !== 'number' || !Number.isSafeInteger(priority)) {
    throw new HookError('HOOK_INVALID_PRIORITY', `Priority for hook "${hook}" must be an integer, got ${String(priority)}.`, {
      hook,
    });
  }
  return priority;
}

function checkPlugin(plugin: unknown, hook?: string): string {
  if (typeof plugin !== 'string' || plugin === '') {
    throw new HookError('HOOK_INVALID_TAP', `Plugin name${hook ? ` for hook "${hook}"` : ''} must be a non-empty string.`, {
      hook,
    });
  }
  return plugin;
}

export class HookBus {
  readonly #warn: (code: string, message: string) => void;
  readonly #table = new DeclarationTable();
  readonly #slots = new Map<string, Slot>();
  /** One tapable HookMap per dynamic family, keyed by resource. */
  readonly #families = new Map<HookFamily, HookMap<Slot>>();
  readonly #fireCounts = new Map<string, number>();
  /** Arguments a lifecycle action fired with, for taps added later. */
  readonly #lifecycleArgs = new Map<string, readonly unknown[]>();
  readonly #warned = new Set<string>();
  #seq = 0;

  constructor(opts: HookBusOptions = {}) {
    this.#warn = opts.warn ?? defaultWarn;
  }

  // ---- declarations ----

  /**
   * Declares an owner's hooks on this bus and returns the owner's caller. Declaring the same
   * declaration again returns a caller for it again; a name another owner declared is HOOK_DECLARED_TWICE.
   */
  declare(declaration: HookDeclaration): HookCaller {
    this.#table.add(declaration);
    const { owner } = declaration;
    const own = <N extends string>(name: N): N => {
      const resolved = this.#resolve(undefined, name);
      if (resolved.owner !== owner) {
        throw new HookError('HOOK_NOT_OWNER', `Hook "${resolved.name}" is declared by "${resolved.owner}"; only its owner calls it, "${owner}" may only tap it.`, { hook: resolved.name, plugin: owner });
      }
      return name;
    };
    return Object.freeze({
      owner,
      applyFilters: (name, value, ...args) => this.applyFilters(own(name), value, ...args),
      applyFiltersAsync: (name, value, ...args) => this.applyFiltersAsync(own(name), value, ...args),
      applyFiltersGenericThenSpecific: (generic, specific, value, ...args) => this.applyFiltersGenericThenSpecific(own(generic), specific, value, ...args),
      applyFiltersGenericThenSpecificAsync: (generic, specific, value, ...args) => this.applyFiltersGenericThenSpecificAsync(own(generic), specific, value, ...args),
      doAction: (name, ...args) => this.doAction(own(name), ...args),
      doActionAsync: (name, ...args) => this.doActionAsync(own(name), ...args),
      didAction: (name) => this.didAction(own(name)),
      isUsed: (name) => this.isUsed(own(name)),
    } satisfies HookCaller);
  }

  /** Whether some owner declares `name` on this bus. */
  isDeclared(name: string): boolean {
    return this.#table.resolve(name) !== undefined;
  }

  /** The tap view of this bus (what a site hands out): no calls. */
  taps(): TapHooks {
    return Object.freeze({
      addFilter: (name, fn, opts) => this.addFilter(name, fn, opts),
      addAction: (name, fn, opts) => this.addAction(name, fn, opts),
      removeFilter: (name, fn, priority) => this.removeFilter(name, fn, priority),
      removeAction: (name, fn, priority) => this.removeAction(name, fn, priority),
      hasFilter: (name, fn) => this.hasFilter(name, fn),
      hasAction: (name, fn) => this.hasAction(name, fn),
      isDeclared: (name) => this.isDeclared(name),
      scope: (plugin) => this.scope(plugin),
    } satisfies TapHooks);
  }

  // ---- registration ----

  addFilter<N extends FilterName>(name: N, fn: FilterFn<N>, opts?: TapOptions | number): Disposer {
    return this.#add('filter', name, fn, opts);
  }

  addAction<N extends ActionName>(name: N, fn: ActionFn<N>, opts?: TapOptions | number): Disposer {
    return this.#add('action', name, fn, opts);
  }

  /** As WordPress's remove_filter: fn and priority must both match. */
  removeFilter<N extends FilterName>(name: N, fn: FilterFn<N>, priority: number = DEFAULT_PRIORITY): boolean {
    return this.#remove('filter', name, fn, priority);
  }

  removeAction<N extends ActionName>(name: N, fn: ActionFn<N>, priority: number = DEFAULT_PRIORITY): boolean {
    return this.#remove('action', name, fn, priority);
  }

  /** Without fn: whether the name has any tap. With fn: whether fn is tapped on it (at any priority). */
  hasFilter<N extends FilterName>(name: N, fn?: FilterFn<N>): boolean {
    return this.#has('filter', name, fn);
  }

  hasAction<N extends ActionName>(name: N, fn?: ActionFn<N>): boolean {
    return this.#has('action', name, fn);
  }

  /**
   * Whether calling `name` would run any tap, counting its deprecated aliases (unlike hasFilter), so an
   * owner can skip building costly arguments when nobody listens.
   */
  isUsed(name: HookName): boolean {
    const resolved = this.#resolve(undefined, name);
    return this.#expand(resolved).some((n) => (this.#peek(n)?.taps.length ?? 0) > 0);
  }

  /** A view of this bus whose taps name `plugin` and can all be removed at once. */
  scope(plugin: string): ScopedHooks {
    checkPlugin(plugin);
    const disposers = new Set<Disposer>();
    const track = (dispose: Disposer): Disposer => {
      disposers.add(dispose);
      return () => {
        disposers.delete(dispose);
        return dispose();
      };
    };
    const options = (opts: Omit<TapOptions, 'plugin'> | number | undefined): TapOptions =>
      typeof opts === 'number' ? { priority: opts, plugin } : { ...opts, plugin };
    return Object.freeze({
      plugin,
      addFilter: <N extends FilterName>(name: N, fn: FilterFn<N>, opts?: Omit<TapOptions, 'plugin'> | number) =>
        track(this.addFilter(name, fn, options(opts))),
      addAction: <N extends ActionName>(name: N, fn: ActionFn<N>, opts?: Omit<TapOptions, 'plugin'> | number) =>
        track(this.addAction(name, fn, options(opts))),
      removeFilter: <N extends FilterName>(name: N, fn: FilterFn<N>, priority?: number) => this.removeFilter(name, fn, priority),
      removeAction: <N extends ActionName>(name: N, fn: ActionFn<N>, priority?: number) => this.removeAction(name, fn, priority),
      hasFilter: <N extends FilterName>(name: N, fn?: FilterFn<N>) => this.hasFilter(name, fn),
      hasAction: <N extends ActionName>(name: N, fn?: ActionFn<N>) => this.hasAction(name, fn),
      isDeclared: (name: string) => this.isDeclared(name),
      dispose: () => {
        let removed = 0;
        for (const dispose of disposers) if (dispose()) removed++;
        disposers.clear();
        return removed;
      },
    });
  }

  // ---- calls (the bus's holder: the host; owners call through their HookCaller) ----

  applyFilters<N extends SyncFilterName>(name: N, value: FilterValue<N>, ...args: FilterArgs<N>): FilterValue<N> {
    return this.#runSync('filter', [name], value, args) as FilterValue<N>;
  }

  async applyFiltersAsync<N extends FilterName>(name: N, value: FilterValue<N>, ...args: FilterArgs<N>): Promise<FilterValue<N>> {
    return (await this.#runAsync('filter', [name], value, args)) as FilterValue<N>;
  }

  /** Runs `generic`, then `${generic}_${specific}` with the generic's result (one snapshot for both). */
  applyFiltersGenericThenSpecific<G extends SyncFilterName>(
    generic: G,
    specific: string,
    value: FilterValue<G>,
    ...args: FilterArgs<G>
  ): FilterValue<G> {
    return this.#runSync('filter', this.#genericPair(generic, specific), value, args) as FilterValue<G>;
  }

  async applyFiltersGenericThenSpecificAsync<G extends FilterName>(
    generic: G,
    specific: string,
    value: FilterValue<G>,
    ...args: FilterArgs<G>
  ): Promise<FilterValue<G>> {
    return (await this.#runAsync('filter', this.#genericPair(generic, specific), value, args)) as FilterValue<G>;
  }

  doAction<N extends SyncActionName>(name: N, ...args: ActionArgs<N>): void {
    this.#runSync('action', [name], undefined, args);
  }

  async doActionAsync<N extends ActionName>(name: N, ...args: ActionArgs<N>): Promise<void> {
    await this.#runAsync('action', [name], undefined, args);
  }

  /** How many times the action has fired on this bus. */
  didAction(name: ActionName): number {
    this.#resolve('action', name);
    return this.#fireCounts.get(name) ?? 0;
  }

  // ---- internals ----

  #resolve(kind: HookKind | undefined, name: unknown): ResolvedHook {
    const resolved = this.#table.resolve(name);
    if (!resolved) throw this.#table.unknown(name);
    if (kind && resolved.spec.kind !== kind) {
      throw new HookError('HOOK_WRONG_KIND', `Hook "${resolved.name}" is ${resolved.spec.kind === 'filter' ? 'a filter' : 'an action'}, not ${kind === 'filter' ? 'a filter' : 'an action'}.`, {
        hook: resolved.name,
      });
    }
    return resolved;
  }

  /** The slot of a name, created on first tap. */
  #slot(resolved: ResolvedHook): Slot {
    if (resolved.family) return this.#familyMap(resolved.family).for(resolved.resource);
    let slot = this.#slots.get(resolved.name);
    if (!slot) this.#slots.set(resolved.name, (slot = new Slot(resolved.name, resolved.spec.kind)));
    return slot;
  }

  /** The slot of a name if it was ever tapped; never creates one. */
  #peek(name: string): Slot | undefined {
    const resolved = this.#table.resolve(name);
    if (!resolved) return undefined;
    return resolved.family ? this.#families.get(resolved.family)?.get(resolved.resource) : this.#slots.get(name);
  }

  /** The tapable HookMap of a family, keyed by resource; made on first use. */
  #familyMap(family: HookFamily): HookMap<Slot> {
    let map = this.#families.get(family);
    if (!map) {
      map = new HookMap<Slot>((resource: string) => new Slot(`${family.prefix}${resource}${family.suffix}`, family.kind), family.pattern);
      this.#families.set(family, map);
    }
    return map;
  }

  /** The name followed by its deprecated aliases: the names one call of it runs, in order. */
  #expand(resolved: ResolvedHook): string[] {
    return [resolved.name, ...this.#table.aliasesOf(resolved.name).map((d) => d.old)];
  }

  #add(kind: HookKind, name: string, fn: unknown, opts: TapOptions | number | undefined): Disposer {
    const resolved = this.#resolve(kind, name);
    // A bare non-number (say the string '10' from untyped code) is a bad priority, not an options object.
    const o: TapOptions =
      opts === undefined ? {} : typeof opts === 'object' && opts !== null ? opts : { priority: checkPriority(name, opts) };
    const priority = checkPriority(name, o.priority ?? DEFAULT_PRIORITY);
    const plugin = checkPlugin(o.plugin ?? 'anonymous', name);
    if (typeof fn !== 'function') {
      throw new HookError('HOOK_INVALID_TAP', `Tap of plugin "${plugin}" on hook "${name}" is not a function.`, { hook: name, plugin });
    }
    const slot = this.#slot(resolved);
    const existing = slot.taps.find((t) => t.fn === fn && t.priority === priority);
    const tap: TapRecord = existing ?? Object.freeze({ fn: fn as TapFn, priority, seq: this.#seq++, plugin });
    const dispose: Disposer = () => slot.remove(tap);
    if (existing) return dispose;

    slot.add(tap);
    this.#warnIfDeprecated(name, plugin);
    const fired = resolved.spec.once ? this.#lifecycleArgs.get(name) : undefined;
    if (fired) {
      try {
        invokeSync(name, kind, tap, undefined, fired);
      } catch (error) {
        dispose();
        throw error;
      }
    }
    return dispose;
  }

  #remove(kind: HookKind, name: string, fn: unknown, priority: number): boolean {
    this.#resolve(kind, name);
    checkPriority(name, priority);
    const slot = this.#peek(name);
    const tap = slot?.taps.find((t) => t.fn === fn && t.priority === priority);
    return tap ? slot!.remove(tap) : false;
  }

  #has(kind: HookKind, name: string, fn: unknown): boolean {
    this.#resolve(kind, name);
    const taps = this.#peek(name)?.taps ?? [];
    return fn === undefined ? taps.length > 0 : taps.some((t) => t.fn === fn);
  }

  #warnIfDeprecated(name: string, plugin: string): void {
    const dep = this.#table.deprecationOf(name);
    if (!dep || this.#warned.has(dep.code)) return;
    this.#warned.add(dep.code);
    this.#warn(
      dep.code,
      `Hook "${dep.old}" is deprecated since ${dep.since}; use "${dep.replacement}" (tapped by plugin "${plugin}").`,
    );
  }

  #genericPair(generic: string, specific: string): string[] {
    const family = this.#table.familyOfGeneric(generic);
    if (!family) {
      throw new HookError('HOOK_UNKNOWN', `Hook "${generic}" has no resource-specific counterparts.`, { hook: String(generic) });
    }
    return [generic, `${family.prefix}${specific}${family.suffix}`];
  }

  /**
   * Resolves every name of a call, records action firings, and snapshots the compiled hooks, all
   * before any tap runs.
   */
  #prepare(kind: HookKind, names: string[], sync: boolean, args: readonly unknown[]): Slot[] {
    const resolved = names.map((n) => this.#resolve(kind, n));
    for (const r of resolved) {
      if (sync && r.spec.mode === 'async') {
        throw new HookError('HOOK_ASYNC_ONLY', `Hook "${r.name}" is async; call it through the Async variant.`, { hook: r.name });
      }
    }
    if (kind === 'action') for (const r of resolved) this.#recordFiring(r, args);
    return resolved.flatMap((r) => this.#expand(r)).flatMap((n) => {
      const slot = this.#peek(n);
      return slot && slot.taps.length > 0 ? [slot] : [];
    });
  }

  #recordFiring(resolved: ResolvedHook, args: readonly unknown[]): void {
    const { name, spec } = resolved;
    if (spec.once) {
      if (this.#lifecycleArgs.has(name)) {
        throw new HookError('HOOK_LIFECYCLE_REFIRED', `Lifecycle action "${name}" has already fired on this bus.`, { hook: name });
      }
      // Recorded before the taps run, so a tap added by a tap of this very firing runs at once.
      this.#lifecycleArgs.set(name, args);
    }
    this.#fireCounts.set(name, (this.#fireCounts.get(name) ?? 0) + 1);
  }

  #runSync(kind: HookKind, names: string[], value: unknown, args: readonly unknown[]): unknown {
    const runners: SyncRunner[] = this.#prepare(kind, names, true, args).map((s) => s.sync());
    let current = value;
    for (const run of runners) current = run(current, args);
    return current;
  }

  async #runAsync(kind: HookKind, names: string[], value: unknown, args: readonly unknown[]): Promise<unknown> {
    const runners: AsyncRunner[] = this.#prepare(kind, names, false, args).map((s) => s.async());
    let current = value;
    for (const run of runners) current = await run(current, args);
    return current;
  }
}
