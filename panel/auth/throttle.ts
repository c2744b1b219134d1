/**
 * Sign-in throttles (NIST 800-63B 5.2.2, ASVS 6.1.1/6.3.1), written down here as the policy:
 * - 10 consecutive failures for one (account, IP) pair block that pair for 15 minutes; a success resets it;
 * - 100 failures from one IP within 24 hours block the IP for an hour.
 * Wrong passwords, TOTP codes, recovery codes, step-up and current-password checks all count, so
 * none of those endpoints is a free oracle. Blocks are temporary, so an attacker cannot lock a real
 * operator out for good, and the pair counter means an attacker's IP does not block the owner's.
 *
 * The counters are in the panel database (limit-store.ts), shared by every panel process on it: ten
 * guesses spread over several processes block the pair on all of them. When the database fails, the
 * throttle fails closed: the error propagates (500 `server.internal`) and the attempt is neither
 * checked against a password nor counted, so a broken store never becomes an unthrottled oracle.
 */
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { PanelError } from '../errors.ts';
import { storeLimiter } from './limit-store.ts';
import { retryHeaders } from './rate-limit.ts';

export interface ThrottleRule {
  points: number;
  durationSeconds: number;
  blockSeconds: number;
}

export interface ThrottlePolicy {
  accountIp: ThrottleRule;
  ip: ThrottleRule;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountIp: { points: 10, durationSeconds: 60 * 60, blockSeconds: 15 * 60 },
  ip: { points: 100, durationSeconds: 24 * 60 * 60, blockSeconds: 60 * 60 },
};

interface Counter {
  rule: ThrottleRule;
  limiter: RateLimiterStoreAbstract;
}

function counter(db: Knex, prefix: string, rule: ThrottleRule): Counter {
  return { rule, limiter: storeLimiter(db, { keyPrefix: prefix, points: rule.points, duration: rule.durationSeconds }) };
}

export class SignInThrottle {
  readonly #pair: Counter;
  readonly #ip: Counter;

  constructor(db: Knex, policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY) {
    this.#pair = counter(db, 'signin_pair', policy.accountIp);
    this.#ip = counter(db, 'signin_ip', policy.ip);
  }

  static #pairKey(account: string, ip: string): string {
    return `${account.trim().toLowerCase()}|${ip}`;
  }

  /** Throws 429 `rate_limit.exceeded` (with Retry-After) while the pair or the IP is blocked. */
  async assertAllowed(account: string | undefined, ip: string): Promise<void> {
    const checks: Array<[Counter, string]> = [[this.#ip, ip]];
    if (account !== undefined) checks.unshift([this.#pair, SignInThrottle.#pairKey(account, ip)]);
    for (const [c, key] of checks) {
      const res = await c.limiter.get(key);
      // The store's `get` skips expired rows; the time check stays so that a row expiring right now is not a block.
      if (res && res.msBeforeNext > 0 && res.consumedPoints >= c.rule.points) {
        throw new PanelError(
          'rate_limit.exceeded',
          'Too many failed sign-in attempts. Wait before trying again.',
          { scope: 'sign_in', retry_after_seconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) },
          retryHeaders(c.rule.points, 0, res.msBeforeNext),
        );
      }
    }
  }

  /** Counts a failure; the failure that reaches a limit starts that limit's block. */
  async fail(account: string | undefined, ip: string): Promise<void> {
    const hits: Array<[Counter, string]> = [[this.#ip, ip]];
    if (account !== undefined) hits.unshift([this.#pair, SignInThrottle.#pairKey(account, ip)]);
    for (const [c, key] of hits) {
      let res: RateLimiterRes;
      try {
        res = await c.limiter.penalty(key, 1);
      } catch (e) {
        if (e instanceof RateLimiterRes) res = e;
        else throw e;
      }
      // The upsert is atomic, so of concurrent failures (on any process) exactly one sees the limit reached.
      if (res.consumedPoints === c.rule.points) {
        // Hold the counter at the limit for the block's length.
        await c.limiter.set(key, c.rule.points, c.rule.blockSeconds);
      }
    }
  }

  /** A success resets the pair's consecutive-failure count (the IP's daily count stays). */
  async succeed(account: string, ip: string): Promise<void> {
    await this.#pair.limiter.delete(SignInThrottle.#pairKey(account, ip));
  }
}
