/**
 * Where the rate limits and sign-in throttles keep their counters: one table in the panel database,
 * `auth_rate_limits`, shared by every panel process on that database, so a budget spent on one
 * process is spent on all and a throttle tripped on one blocks the others.
 *
 * rate-limiter-flexible's own SQL stores do the counting (RateLimiterSQLite on better-sqlite3,
 * RateLimiterMySQL on mysql2, both through the panel's knex pool): one atomic upsert per consume.
 * The table is made by the auth migrations (schema.ts, with limit-table.ts), never lazily by a
 * limiter, so it exists before the first request and is upgraded like the other tables; its three
 * columns are the ones and in the order the library's statements expect (`INSERT ... VALUES (key, points, expire)`).
 */
import type { Knex } from 'knex';
import { RateLimiterMySQL, RateLimiterSQLite, type RateLimiterAbstract, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { isMysql } from '../../lib/insert-rows.ts';
import { LIMITS_TABLE } from './limit-table.ts';

/** Expired rows older than this are deleted (a row past its expiry counts as absent anyway). */
const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

export interface StoreLimiterOptions {
  keyPrefix: string;
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** Refuse in memory, without asking the database, once a key has consumed this many points (see RequestLimiter). */
  inMemoryBlockOnConsumed?: number;
  /** Answers instead of the database when the database fails. */
  insuranceLimiter?: RateLimiterAbstract;
}

/** A limiter whose counters live in the panel database (SQLite or MySQL/MariaDB, by the knex client). */
export function storeLimiter(db: Knex, options: StoreLimiterOptions): RateLimiterStoreAbstract {
  const common = {
    ...options,
    storeClient: db,
    storeType: 'knex',
    tableName: LIMITS_TABLE,
    // Made by the migrations; expired rows are swept by `ExpirySweeper`, not by the library's timer,
    // whose promise has no catch (a closed database would be an unhandled rejection).
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
  if (isMysql(db)) {
    const database = (db.client.config.connection as { database?: string } | undefined)?.database;
    if (!database) throw new Error('The panel database connection names no database; the shared rate limits need one.');
    return new RateLimiterMySQL({ ...common, dbName: database });
  }
  return new RateLimiterSQLite(common);
}

/** Deletes long-expired counters, at most once per five minutes per process, in the background. */
export class ExpirySweeper {
  readonly #db: Knex;
  #last = 0;

  constructor(db: Knex) {
    this.#db = db;
  }

  maybeSweep(): void {
    const now = Date.now();
    if (now - this.#last < SWEEP_EVERY_MS && now >= this.#last) return;
    this.#last = now;
    // Housekeeping only: a failure (a busy or closed database) is retried at the next sweep.
    this.#db(LIMITS_TABLE).where('expire', '<', now - SWEEP_AFTER_MS).delete().catch(() => undefined);
  }
}
