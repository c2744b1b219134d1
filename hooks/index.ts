/** The hook bus's public API, re-exported by name. */
export { HookBus } from './bus.ts';
export type { Disposer, HookBusOptions, ScopedHooks, TapOptions } from './bus.ts';
export { HOOK_CATALOGUE, HOOK_FAMILIES } from './catalogue.ts';
export type {
  ActionArgs,
  ActionCatalogue,
  ActionFn,
  ActionName,
  FilterArgs,
  FilterCatalogue,
  FilterFn,
  FilterName,
  FilterValue,
  GenericFilterName,
  HookFamily,
  HookName,
  HookSpec,
  SyncActionName,
  SyncFilterName,
} from './catalogue.ts';
export type {
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
export { DEPRECATIONS } from './deprecations.ts';
export type { Deprecation } from './deprecations.ts';
export { HOOK_ERROR_CODES, HookError } from './errors.ts';
export type { HookErrorCode, HookErrorDetails } from './errors.ts';
export { canonicalEntityHook, generationResultHook, restParamsHook } from './hook-names.ts';
