/**
 * The hook bus's coded errors. One registry of codes: a code is never reused for another meaning,
 * and deprecation warning codes (declared with each owner's hooks) never collide with these.
 */

/** Every error code the bus throws, with what it means. */
export const HOOK_ERROR_CODES = Object.freeze({
  /** A hook name no owner declares (or a dynamic name whose resource its family does not list). */
  HOOK_UNKNOWN: 'Hook name is not declared',
  /** A plugin declared a hook name (or family) another owner already declared. */
  HOOK_DECLARED_TWICE: 'Hook is already declared by another owner',
  /** A hook called through a caller that does not own it: only a hook's owner calls it. */
  HOOK_NOT_OWNER: 'Only the owner of a hook calls it',
  /** A filter name used as an action, or the reverse. */
  HOOK_WRONG_KIND: 'Hook is a filter where an action was expected, or the reverse',
  /** A priority that is not a safe integer. */
  HOOK_INVALID_PRIORITY: 'Priority must be an integer',
  /** A tap that is not a function, or an empty plugin name. */
  HOOK_INVALID_TAP: 'Tap must be a function with a non-empty plugin name',
  /** A tap threw (or rejected); `cause` holds the original error. */
  HOOK_TAP_FAILED: 'A tap threw',
  /** A filter tap returned undefined instead of a value. */
  HOOK_FILTER_RETURNED_UNDEFINED: 'A filter tap returned undefined',
  /** A tap returned a promise where the hook was called synchronously: it would have run unawaited. */
  HOOK_TAP_RETURNED_PROMISE: 'A tap returned a promise in a synchronous call',
  /** A hook declared async was called through the synchronous API. */
  HOOK_ASYNC_ONLY: 'Hook is async; use the Async variant',
  /** A one-time lifecycle action was fired a second time. */
  HOOK_LIFECYCLE_REFIRED: 'Lifecycle action fired twice',
});

export type HookErrorCode = keyof typeof HOOK_ERROR_CODES;

export interface HookErrorDetails {
  /** The hook's name, when the error concerns one hook. */
  hook?: string;
  /** The tapping plugin, when the error concerns one tap. */
  plugin?: string;
  cause?: unknown;
}

export class HookError extends Error {
  override readonly name = 'HookError';
  readonly code: HookErrorCode;
  readonly hook: string | undefined;
  readonly plugin: string | undefined;

  constructor(code: HookErrorCode, message: string, details: HookErrorDetails = {}) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.code = code;
    this.hook = details.hook;
    this.plugin = details.plugin;
  }
}
