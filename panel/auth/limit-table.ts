/**
 * The table the rate limits and sign-in throttles count in, `auth_rate_limits` (limit-store.ts uses
 * it), as the auth migrations make it (schema.ts). Kept apart from the limiters so that the
 * migrations, which every `panel` command runs, do not load rate-limiter-flexible: about 35 ms of
 * start-up that only a serving process needs.
 */
import type { Knex } from 'knex';
import { isMysql } from '../../lib/insert-rows.ts';

export const LIMITS_TABLE = 'auth_rate_limits';

/** The table, for the auth migration: `key` compared byte for byte (keys hold emails and IPs), `expire` in epoch ms. */
export async function createLimitsTable(db: Knex): Promise<void> {
  const mysql = isMysql(db);
  await db.schema.createTable(LIMITS_TABLE, (t) => {
    const key = t.string('key', 255).notNullable().primary();
    if (mysql) key.collate('utf8mb4_bin');
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable();
  });
}
