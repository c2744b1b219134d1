/** The hook bus's public API, re-exported by name. */
export { HookBus } from './bus.ts';
export type { Disposer, HookBusOptions, HookCaller, ScopedHooks, TapHooks, TapOptions } from './bus.ts';
export { actionSpec, filterSpec, HOST_HOOKS } from './catalogue.ts';
export type {
  ActionArgs,
  ActionCatalogue,
  ActionFn,
  ActionName,
  Deprecation,
  FilterArgs,
  FilterCatalogue,
  FilterFn,
  FilterName,
  FilterValue,
  HookDeclaration,
  HookFamily,
  HookName,
  HookSpec,
  HookSpecs,
  SiteRef,
  StaticKeys,
  SyncActionName,
  SyncFilterName,
} from './catalogue.ts';
export { DeclarationTable, familyHookName } from './declarations.ts';
export type { ResolvedHook } from './declarations.ts';
export { HOOK_ERROR_CODES, HookError } from './errors.ts';
export type { HookErrorCode, HookErrorDetails } from './errors.ts';
