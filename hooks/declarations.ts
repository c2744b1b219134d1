/**
 * The names a bus knows: the declarations of the host and of each plugin that owns hooks. Resolution
 * looks a name up here (a fixed name first, then the families in declaration order), so a tap on a
 * name nobody declares (a typo, a resource that does not exist) is refused with the nearest name.
 */
import { nearest } from '../lib/nearest.ts';
import type { Deprecation, HookDeclaration, HookFamily, HookSpec } from './catalogue.ts';
import { HookError } from './errors.ts';

/** A resource segment: lowercase words joined by single underscores (`shipping_plan`). */
const RESOURCE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export type ResolvedHook =
  | { readonly name: string; readonly spec: HookSpec; readonly owner: string; readonly family?: undefined }
  | { readonly name: string; readonly spec: HookFamily; readonly owner: string; readonly family: HookFamily; readonly resource: string };

export class DeclarationTable {
  readonly #declarations: HookDeclaration[] = [];
  /**
   * Names already resolved to a fixed name or to a family resource it lists (per-item hooks resolve the same
   * few names for every entity). Only those: what a family's `accepts` answers may change. Cleared on `add`.
   */
  readonly #known = new Map<string, ResolvedHook>();

  /** Adds an owner's declaration; a name or family another owner declared is refused. Idempotent per declaration. */
  add(declaration: HookDeclaration): void {
    if (this.#declarations.includes(declaration)) return;
    for (const name of Object.keys(declaration.hooks)) {
      const taken = this.#staticOwner(name);
      if (taken !== undefined) {
        throw new HookError('HOOK_DECLARED_TWICE', `Hook "${name}" of plugin "${declaration.owner}" is already declared by "${taken}".`, { hook: name, plugin: declaration.owner });
      }
    }
    for (const family of declaration.families ?? []) {
      if (family.resources.some((r) => !RESOURCE.test(r))) {
        throw new HookError('HOOK_INVALID_TAP', `Hook family ${family.pattern} of plugin "${declaration.owner}" lists an invalid resource segment.`, { hook: family.pattern, plugin: declaration.owner });
      }
      const taken = this.#declarations.find((d) => d.families?.some((f) => f.pattern === family.pattern));
      if (taken) {
        throw new HookError('HOOK_DECLARED_TWICE', `Hook family ${family.pattern} of plugin "${declaration.owner}" is already declared by "${taken.owner}".`, { hook: family.pattern, plugin: declaration.owner });
      }
    }
    this.#declarations.push(declaration);
    this.#known.clear();
  }


  /** A name's declaration, or undefined when no owner declares it. */
  resolve(name: unknown): ResolvedHook | undefined {
    if (typeof name !== 'string') return undefined;
    const known = this.#known.get(name);
    if (known) return known;
    for (const d of this.#declarations) {
      if (Object.hasOwn(d.hooks, name)) {
        const fixed: ResolvedHook = { name, spec: d.hooks[name], owner: d.owner };
        this.#known.set(name, fixed);
        return fixed;
      }
    }
    for (const d of this.#declarations) {
      for (const family of d.families ?? []) {
        const resource = familyResource(family, name);
        if (resource !== undefined && RESOURCE.test(resource)) {
          const listed = family.resources.includes(resource);
          if (!listed && family.accepts?.(resource) !== true) return undefined;
          const resolved: ResolvedHook = { name, spec: family, owner: d.owner, family, resource };
          if (listed) this.#known.set(name, resolved);
          return resolved;
        }
      }
    }
    return undefined;
  }

  /** Every declared name, the families expanded per resource (for suggestions and listings). */
  *names(): Iterable<string> {
    for (const d of this.#declarations) yield* Object.keys(d.hooks);
    for (const d of this.#declarations) for (const f of d.families ?? []) for (const r of f.resources) yield `${f.prefix}${r}${f.suffix}`;
  }

  /** The HOOK_UNKNOWN error for a name nobody declares, with the nearest declared name. */
  unknown(name: unknown): HookError {
    const text = String(name);
    const hint = typeof name === 'string' ? nearest(name, this.names()) : undefined;
    return new HookError('HOOK_UNKNOWN', `Hook "${text}" is not declared by the panel or any active plugin${hint ? `; did you mean "${hint}"?` : '.'}`, { hook: text });
  }

  /** The family whose names run after `generic` (the resource-specific counterpart). */
  familyOfGeneric(generic: string): HookFamily | undefined {
    for (const d of this.#declarations) for (const f of d.families ?? []) if (f.generic === generic) return f;
    return undefined;
  }

  /** The deprecated aliases that fire after `name`, in declaration order. */
  aliasesOf(name: string): readonly Deprecation[] {
    return this.#declarations.flatMap((d) => (d.deprecations ?? []).filter((x) => x.replacement === name));
  }

  /** The deprecation row of `name`, if it is a deprecated name. */
  deprecationOf(name: string): Deprecation | undefined {
    for (const d of this.#declarations) {
      const row = d.deprecations?.find((x) => x.old === name);
      if (row) return row;
    }
    return undefined;
  }

  #staticOwner(name: string): string | undefined {
    return this.#declarations.find((d) => Object.hasOwn(d.hooks, name))?.owner;
  }
}

function familyResource(family: HookFamily, name: string): string | undefined {
  const { prefix, suffix } = family;
  if (name.length <= prefix.length + suffix.length || !name.startsWith(prefix) || !name.endsWith(suffix)) return undefined;
  return name.slice(prefix.length, name.length - suffix.length);
}

/**
 * A family's name for one resource, checked against its declaration: owners build dynamic names with
 * this (through typed helpers), never by hand. A resource the family does not list is HOOK_UNKNOWN.
 */
export function familyHookName(declaration: HookDeclaration, pattern: string, resource: string): string {
  const family = declaration.families?.find((f) => f.pattern === pattern);
  if (!family) throw new HookError('HOOK_UNKNOWN', `Plugin "${declaration.owner}" declares no hook family ${pattern}.`, { hook: pattern });
  const name = `${family.prefix}${resource}${family.suffix}`;
  const table = new DeclarationTable();
  table.add(declaration);
  const resolved = table.resolve(name);
  // A fixed name of the same shape (a deprecated one) is the same hook: allowed.
  const ok = resolved && (resolved.family === family || (!resolved.family && resolved.spec.kind === family.kind));
  if (!ok) throw new HookError('HOOK_UNKNOWN', `"${resource}" is not a resource of hook family ${pattern}.`, { hook: name });
  return name;
}
