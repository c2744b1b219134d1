/**
 * The auth module's one source of time. Production reads `Date.now()`; tests either pass a
 * ManualClock or fake `Date` with sinon (`useFakeTimers({ toFake: ['Date'] })`), which also moves
 * the rate limiter's windows, since rate-limiter-flexible reads `Date.now()` itself.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  #ms: number;

  constructor(start: number | Date = Date.now()) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#ms;
  }

  set(ms: number | Date): void {
    this.#ms = typeof ms === 'number' ? ms : ms.getTime();
  }

  advance(ms: number): void {
    this.#ms += ms;
  }
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
