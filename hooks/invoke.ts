/**
 * Calling one tap under the bus's error rules: whatever a tap throws becomes HOOK_TAP_FAILED naming
 * the hook and the plugin (original error as `cause`); a filter tap's `undefined` is an error, never a
 * silent pass-through (tapable's waterfall would otherwise keep the previous value).
 */
import { HookError } from './errors.ts';

/** Storage type of a tap: any function; the catalogue types check the real signature at the call site of add*. */
export type TapFn = (...args: never[]) => unknown;

/** One registration: immutable, so a compiled hook and a call in flight can never see it change. */
export interface TapRecord {
  readonly fn: TapFn;
  readonly priority: number;
  /** Registration order within the bus, for ties. */
  readonly seq: number;
  readonly plugin: string;
}

export type HookKind = 'filter' | 'action';

const call = (kind: HookKind, tap: TapRecord, value: unknown, args: readonly unknown[]): unknown => {
  const fn = tap.fn as (...a: readonly unknown[]) => unknown;
  return kind === 'filter' ? fn(value, ...args) : fn(...args);
};

function tapFailed(hook: string, tap: TapRecord, error: unknown): HookError {
  const reason = error instanceof Error ? error.message : String(error);
  return new HookError('HOOK_TAP_FAILED', `Tap of plugin "${tap.plugin}" on hook "${hook}" threw: ${reason}`, {
    hook,
    plugin: tap.plugin,
    cause: error,
  });
}

function checkFilterResult(hook: string, kind: HookKind, tap: TapRecord, result: unknown): unknown {
  if (kind === 'filter' && result === undefined) {
    throw new HookError(
      'HOOK_FILTER_RETURNED_UNDEFINED',
      `Tap of plugin "${tap.plugin}" on filter "${hook}" returned undefined; a filter tap must return the value.`,
      { hook, plugin: tap.plugin },
    );
  }
  return result;
}

const isThenable = (x: unknown): x is PromiseLike<unknown> =>
  (typeof x === 'object' || typeof x === 'function') && x !== null && typeof (x as { then?: unknown }).then === 'function';

/** Runs a tap in a synchronous call. Returns the filtered value (filters) or the input value (actions). */
export function invokeSync(hook: string, kind: HookKind, tap: TapRecord, value: unknown, args: readonly unknown[]): unknown {
  let result: unknown;
  try {
    result = call(kind, tap, value, args);
  } catch (error) {
    throw tapFailed(hook, tap, error);
  }
  if (isThenable(result)) {
    // An async tap in a sync call would run unawaited and its failure would be lost: refuse it loudly.
    // Its eventual rejection is already reported by this error, so it must not also crash the process.
    Promise.resolve(result).catch(() => {});
    throw new HookError(
      'HOOK_TAP_RETURNED_PROMISE',
      `Tap of plugin "${tap.plugin}" on hook "${hook}" returned a promise, but the hook was called synchronously.`,
      { hook, plugin: tap.plugin },
    );
  }
  return kind === 'filter' ? checkFilterResult(hook, kind, tap, result) : value;
}

/** Runs a tap in an asynchronous call: awaits it, same error rules. */
export async function invokeAsync(
  hook: string,
  kind: HookKind,
  tap: TapRecord,
  value: unknown,
  args: readonly unknown[],
): Promise<unknown> {
  let result: unknown;
  try {
    result = await call(kind, tap, value, args);
  } catch (error) {
    throw tapFailed(hook, tap, error);
  }
  return kind === 'filter' ? checkFilterResult(hook, kind, tap, result) : value;
}
