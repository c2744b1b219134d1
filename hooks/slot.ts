/**
 * The registry of one hook name and its compiled tapable hook.
 *
 * tapable cannot remove a tap, so the taps live here, as an immutable array
 * sorted by (priority, registration order). Every change replaces the array and drops the compiled
 * hooks; the next call compiles a fresh tapable hook from the array (lazily, so a plugin adding ten
 * taps in a row costs one compilation). A call keeps the hook it started with, which gives snapshot
 * semantics for free: taps added or removed during a call apply from the next call.
 */
import { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook, SyncWaterfallHook } from 'tapable';
import { invokeAsync, invokeSync, type HookKind, type TapRecord } from './invoke.ts';

/** A compiled call: (value, args) -> value. Actions pass the value through untouched. */
export type SyncRunner = (value: unknown, args: readonly unknown[]) => unknown;
export type AsyncRunner = (value: unknown, args: readonly unknown[]) => Promise<unknown>;

type Args = readonly unknown[];

const byPriorityThenSeq = (a: TapRecord, b: TapRecord) => a.priority - b.priority || a.seq - b.seq;

export class Slot {
  #taps: readonly TapRecord[] = Object.freeze([]);
  #sync: SyncRunner | undefined;
  #async: AsyncRunner | undefined;

  constructor(
    readonly name: string,
    readonly kind: HookKind,
  ) {}

  get taps(): readonly TapRecord[] {
    return this.#taps;
  }

  add(tap: TapRecord): void {
    this.#replace([...this.#taps, tap]);
  }

  /** Removes exactly this record; false when it is no longer registered. */
  remove(tap: TapRecord): boolean {
    if (!this.#taps.includes(tap)) return false;
    this.#replace(this.#taps.filter((t) => t !== tap));
    return true;
  }

  #replace(taps: TapRecord[]): void {
    this.#taps = Object.freeze(taps.sort(byPriorityThenSeq));
    this.#sync = undefined;
    this.#async = undefined;
  }

  /** The current compiled synchronous call (SyncWaterfallHook for filters, SyncHook for actions). */
  sync(): SyncRunner {
    return (this.#sync ??= this.#compileSync());
  }

  /** The current compiled asynchronous call (AsyncSeriesWaterfallHook / AsyncSeriesHook). */
  async(): AsyncRunner {
    return (this.#async ??= this.#compileAsync());
  }

  // Taps are given to tapable with stage = priority in our sorted order; tapable orders by stage and
  // keeps insertion order for equal stages, so its order is ours. The extra arguments travel as one
  // array because a tapable hook's arity is fixed when it is constructed.
  #compileSync(): SyncRunner {
    const { name, kind } = this;
    if (kind === 'filter') {
      const hook = new SyncWaterfallHook<[unknown, Args]>(['value', 'args'], name);
      for (const tap of this.#taps) {
        hook.tap({ name: tap.plugin, stage: tap.priority }, (value, args) => invokeSync(name, kind, tap, value, args));
      }
      return (value, args) => hook.call(value, args);
    }
    const hook = new SyncHook<[Args]>(['args'], name);
    for (const tap of this.#taps) {
      hook.tap({ name: tap.plugin, stage: tap.priority }, (args) => void invokeSync(name, kind, tap, undefined, args));
    }
    return (value, args) => {
      hook.call(args);
      return value;
    };
  }

  #compileAsync(): AsyncRunner {
    const { name, kind } = this;
    if (kind === 'filter') {
      const hook = new AsyncSeriesWaterfallHook<[unknown, Args]>(['value', 'args'], name);
      for (const tap of this.#taps) {
        hook.tapPromise({ name: tap.plugin, stage: tap.priority }, (value, args) => invokeAsync(name, kind, tap, value, args));
      }
      return (value, args) => hook.promise(value, args);
    }
    const hook = new AsyncSeriesHook<[Args]>(['args'], name);
    for (const tap of this.#taps) {
      hook.tapPromise({ name: tap.plugin, stage: tap.priority }, async (args) => {
        await invokeAsync(name, kind, tap, undefined, args);
      });
    }
    return async (value, args) => {
      await hook.promise(args);
      return value;
    };
  }
}
