/**
 * Deprecated hook names. A deprecated name is a facade that keeps firing: when the owner calls the
 * replacement, the bus then calls each old name with the replacement's result (for filters) or the
 * same arguments (for actions). Tapping an old name warns once per code per bus (see bus.ts).
 *
 * Codes are warning codes; they never reuse a HookError code (errors.ts).
 */
import type { HookName } from './catalogue.ts';

export interface Deprecation {
  /** The old name; still declared in the catalogue, same kind, mode and types as the replacement. */
  readonly old: HookName;
  readonly replacement: HookName;
  /** The version that deprecated it. */
  readonly since: string;
  /** The warning code, unique in this table. */
  readonly code: string;
}

export const DEPRECATIONS: readonly Deprecation[] = Object.freeze([
  Object.freeze({
    old: 'seeder_shipping_method_generation_result',
    replacement: 'seeder_shipping_plan_generation_result',
    since: '0.1.0',
    code: 'SEEDER_DEP_SHIPPING_METHOD_RESULT',
  }),
]);

/** The deprecated aliases that fire after `name`, in table order. */
export function deprecatedAliasesOf(name: string): readonly Deprecation[] {
  return DEPRECATIONS.filter((d) => d.replacement === name);
}

/** The table row of a deprecated name, if `name` is one. */
export function deprecationOf(name: string): Deprecation | undefined {
  return DEPRECATIONS.find((d) => d.old === name);
}
