/**
 * Hook-name resolution and the typed builders of dynamic names. Nobody outside hooks/ writes a
 * dynamic hook name as a string: they call generationResultHook('order') and get the typed name.
 */
import { HOOK_CATALOGUE, HOOK_FAMILIES, type HookFamily, type HookSpec } from './catalogue.ts';
import { HookError } from './errors.ts';

/** A resource segment: lowercase words joined by single underscores (`shipping_plan`). */
const RESOURCE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export type ResolvedHook =
  | { readonly name: string; readonly spec: HookSpec; readonly family?: undefined }
  | { readonly name: string; readonly spec: HookFamily; readonly family: HookFamily; readonly resource: string };

/** Finds a name's declaration: a static catalogue entry first, then the families in order. */
export function resolveHook(name: unknown): ResolvedHook | undefined {
  if (typeof name !== 'string') return undefined;
  if (Object.hasOwn(HOOK_CATALOGUE, name)) {
    return { name, spec: HOOK_CATALOGUE[name as keyof typeof HOOK_CATALOGUE] };
  }
  for (const family of HOOK_FAMILIES) {
    const { prefix, suffix } = family;
    if (name.length <= prefix.length + suffix.length || !name.startsWith(prefix) || !name.endsWith(suffix)) continue;
    const resource = name.slice(prefix.length, name.length - suffix.length);
    if (RESOURCE.test(resource)) return { name, spec: family, family, resource };
  }
  return undefined;
}

function familyName(pattern: string, resource: string): string {
  const family = HOOK_FAMILIES.find((f) => f.pattern === pattern)!;
  const name = `${family.prefix}${resource}${family.suffix}`;
  const resolved = resolveHook(name);
  // A static name of the same shape (the deprecated shipping-method result) is the same hook: allowed.
  const ok = resolved && (resolved.family === family || (!resolved.family && resolved.spec.kind === family.kind));
  if (!ok) {
    throw new HookError('HOOK_UNKNOWN', `"${resource}" is not a valid resource segment for hook family ${pattern}.`, {
      hook: name,
    });
  }
  return name;
}

/** `seeder_<resource>_generation_result`: the result filter of one writer. */
export function generationResultHook<R extends string>(resource: R): `seeder_${R}_generation_result` {
  return familyName('seeder_<resource>_generation_result', resource) as `seeder_${R}_generation_result`;
}

/** `seeder_canonical_entity_<resource>`: runs after `seeder_canonical_entity`. */
export function canonicalEntityHook<R extends string>(resource: R): `seeder_canonical_entity_${R}` {
  return familyName('seeder_canonical_entity_<resource>', resource) as `seeder_canonical_entity_${R}`;
}

/** `seeder_rest_params_<resource>`: runs after `seeder_rest_params`. */
export function restParamsHook<R extends string>(resource: R): `seeder_rest_params_${R}` {
  return familyName('seeder_rest_params_<resource>', resource) as `seeder_rest_params_${R}`;
}
