/**
 * A named lock shared by every process on one database: a row in `panel_locks` (name, owner, expiry).
 *
 * Why a row: it works the same on SQLite, MySQL, MariaDB and a Galera cluster. `GET_LOCK` is held on one
 * node only (Galera does not replicate it), and SQLite has no named locks; a row with a primary key is
 * replicated, and the key decides who holds it. On Galera, two nodes inserting the row at once both
 * succeed locally and one fails at commit (a deadlock error): that loser waits like any other.
 *
 * - Taken by INSERT; a duplicate key means held: wait (a jittered poll) up to `waitMs`, then fail naming
 *   the lock and its holder.
 * - Held while its holder renews it: every third of `ttlMs` the holder adds one to the row's `beat`. A
 *   waiter that sees the same owner and beat for a whole `ttlMs`, by its own monotonic clock, takes the
 *   lock over (an UPDATE that matches only that owner and beat, checked by its affected rows): a holder
 *   that died stops beating.
 * - Released by DELETE of the row the holder owns (owner = host:pid:random).
 * - Re-entrant within one async flow (AsyncLocalStorage): work that holds a lock may call code that
 *   takes the same lock on the same database, instead of waiting for itself.
 *
 * No clock is compared between processes or machines: each waiter measures only how long it has
 * watched a beat stand still, so machines whose clocks disagree (no NTP, a VM resumed) still agree on
 * who holds the lock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { ensureTable, isDuplicateKey } from './tables.ts';

export const LOCKS_TABLE = 'panel_locks';

export interface LockOptions {
  /** How long to wait for another holder before failing (default 60 s). */
  waitMs?: number;
  /**
   * How long a beat must stand still before a waiter takes the lock over (default 60 s); a holder beats
   * every third of its own `ttlMs`.
   */
  ttlMs?: number;
}

/** The locks this async flow holds, by database and name. */
const held = new AsyncLocalStorage<ReadonlyMap<Knex, ReadonlySet<string>>>();

const PROCESS_OWNER = `${os.hostname()}:${process.pid}`;

export async function ensureLocksTable(db: Knex): Promise<void> {
  await ensureTable(db, LOCKS_TABLE, (t) => {
    t.string('name', 64).primary();
    t.string('owner', 191).notNullable();
    t.bigInteger('beat').notNullable().defaultTo(0);
  });
}

/** Runs `fn` holding the lock `name` on `db`; other processes (and other flows of this one) wait for it. */
export async function withLock<T>(db: Knex, name: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const mine = held.getStore();
  if (mine?.get(db)?.has(name)) return fn();
  const ttlMs = options.ttlMs ?? 60_000;
  const owner = `${PROCESS_OWNER}:${crypto.randomBytes(6).toString('hex')}`;
  await ensureLocksTable(db);
  await acquire(db, name, owner, ttlMs, options.waitMs ?? 60_000);
  let lost = false;
  const renewal = setInterval(() => {
    db(LOCKS_TABLE)
      .where({ name, owner })
      .increment('beat', 1)
      .then((n: number) => {
        if (n === 0 && !lost) {
          lost = true;
          process.emitWarning(`The lock "${name}" (${owner}) expired and was taken over while its work was still running.`);
        }
      })
      .catch(() => undefined);
  }, Math.max(10, Math.floor(ttlMs / 3)));
  renewal.unref();
  const next = new Map(mine ?? []);
  next.set(db, new Set([...(mine?.get(db) ?? []), name]));
  try {
    return await held.run(next, fn);
  } finally {
    clearInterval(renewal);
    await db(LOCKS_TABLE).where({ name, owner }).delete();
  }
}

async function acquire(db: Knex, name: string, owner: string, ttlMs: number, waitMs: number): Promise<void> {
  const started = performance.now();
  /** The holder's owner and beat as last seen, and since when (this process's monotonic clock). */
  let seen: { owner: string; beat: number; since: number } | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      await db(LOCKS_TABLE).insert({ name, owner, beat: 0 });
      return;
    } catch (e) {
      if (!isDuplicateKey(e) && !isContention(e)) throw e;
    }
    const now = performance.now();
    const row = (await db(LOCKS_TABLE).where({ name }).first('owner', 'beat')) as { owner: string; beat: unknown } | undefined;
    if (row) {
      const beat = Number(row.beat);
      if (!seen || seen.owner !== row.owner || seen.beat !== beat) seen = { owner: row.owner, beat, since: now };
      else if (now - seen.since >= ttlMs) {
        // Its holder stopped beating (a process that died): take it over, unless another waiter just did.
        const taken = await db(LOCKS_TABLE)
          .where({ name, owner: row.owner, beat })
          .update({ owner, beat: 0 })
          .catch((e: unknown) => {
            if (isContention(e)) return 0;
            throw e;
          });
        if (taken === 1) return;
      }
    }
    if (now - started >= waitMs) {
      const who = seen ? `${seen.owner} (its beat unchanged for ${Math.round((now - seen.since) / 1000)} s)` : 'another process';
      throw new Error(
        `Waited ${Math.round(waitMs / 1000)} s for the lock "${name}" in table ${LOCKS_TABLE}, held by ${who}. ` +
          'If that process is gone, the lock is taken over once its beat stands still; otherwise let it finish (it is running migrations or the first start).',
      );
    }
    // Jittered, growing to about a second: three processes starting together do not poll in step.
    const pause = Math.min(1000, 50 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, waitMs - (performance.now() - started)))));
  }
}

/** The write lost a race inside the database (a Galera certification failure, SQLite's busy timeout): try again. */
function isContention(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code.startsWith('SQLITE_BUSY');
}
