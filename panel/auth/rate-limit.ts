/**
 * Request rate limits (rate-limiter-flexible, fixed windows): per session and per API token for
 * authenticated requests, per IP for anonymous ones. The counters are in the panel database
 * (limit-store.ts), so every panel process on it spends from the same budget. Every response that passes the
 * identity layer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, where
 * Reset is whole seconds until the window resets (delta-seconds, like Retry-After, so clients need
 * no synchronised clock). Past the limit the answer is 429 `rate_limit.exceeded` with Retry-After.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { PanelError } from '../errors.ts';
import { ExpirySweeper, storeLimiter } from './limit-store.ts';

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

export interface RequestLimitPolicy {
  /** Per session or per token. */
  authenticated: LimitRule;
  /** Per IP, for requests without a session or token. */
  anonymous: LimitRule;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimitPolicy = {
  authenticated: { points: 300, durationSeconds: 60 },
  anonymous: { points: 60, durationSeconds: 60 },
};

/** Whole seconds, at least 1 (a header of 0 would invite an immediate retry storm). */
export function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export function limitHeaders(limit: number, remaining: number, msBeforeReset: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, remaining)),
    'X-RateLimit-Reset': String(wholeSeconds(msBeforeReset)),
  };
}

/** The headers of a 429: the limit's state plus Retry-After, which never points before the window's end. */
export function retryHeaders(limit: number, remaining: number, msBeforeReset: number): Record<string, string> {
  return { ...limitHeaders(limit, remaining, msBeforeReset), 'Retry-After': String(wholeSeconds(msBeforeReset)) };
}

export type LimitKey = { kind: keyof RequestLimitPolicy; key: string };

export class RequestLimiter {
  readonly policy: RequestLimitPolicy;
  readonly #limiters: Record<keyof RequestLimitPolicy, RateLimiterStoreAbstract>;
  readonly #sweeper: ExpirySweeper;

  /**
   * Each consume is one upsert in the panel database. In front of it, this process remembers a key
   * whose budget it saw spent and refuses it in memory until the window ends: the shared counter
   * only grows within a window, so that refusal is one the database would give too, and the front
   * never lets more through than the shared budget (it only saves the write).
   *
   * When the database fails (unreachable, locked past its busy timeout), the request is counted by
   * an in-memory limiter of the same policy instead (rate-limiter-flexible's insurance limiter): the
   * panel keeps answering, with a per-process budget, until the database answers again. The sign-in
   * throttles do the opposite (throttle.ts).
   */
  constructor(db: Knex, policy: RequestLimitPolicy = DEFAULT_REQUEST_LIMITS) {
    this.policy = policy;
    const limiter = (keyPrefix: string, rule: LimitRule) =>
      storeLimiter(db, {
        keyPrefix,
        points: rule.points,
        duration: rule.durationSeconds,
        inMemoryBlockOnConsumed: rule.points,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.durationSeconds }),
      });
    this.#limiters = { authenticated: limiter('req_auth', policy.authenticated), anonymous: limiter('req_anon', policy.anonymous) };
    this.#sweeper = new ExpirySweeper(db);
  }

  /** Spends one request of the key's budget and sets the headers; throws 429 when it is spent. */
  async consume({ kind, key }: LimitKey, res: Response): Promise<void> {
    const rule = this.policy[kind];
    this.#sweeper.maybeSweep();
    try {
      const r = await this.#limiters[kind].consume(key, 1);
      for (const [name, value] of Object.entries(limitHeaders(rule.points, r.remainingPoints, r.msBeforeNext))) res.setHeader(name, value);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const headers = retryHeaders(rule.points, 0, e.msBeforeNext);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      throw new PanelError(
        'rate_limit.exceeded',
        `Rate limit of ${rule.points} requests per ${rule.durationSeconds} seconds exceeded. Retry after ${headers['Retry-After']} seconds.`,
        { scope: kind === 'authenticated' ? 'credential' : 'ip', limit: rule.points, window_seconds: rule.durationSeconds },
        headers,
      );
    }
  }
}
