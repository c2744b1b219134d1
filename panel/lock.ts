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
 * - Held for `ttlMs` and renewed every third of it while the work runs, so a long migration keeps it; a
 *   holder that died leaves a row that expires, and the next process takes it over (an UPDATE that only
 *   matches an expired row, checked by its affected rows).
 * - Released by DELETE of the row the holder owns (owner = host:pid:random).
 * - Re-entrant within one async flow (AsyncLocalStorage): work that holds a lock may call code that
 *   takes the same lock on the same database, instead of waiting for itself.
 *
 * Expiry is compared with each process's clock (epoch milliseconds), so the clocks of the machines must
 * agree to well within `ttlMs` (60 s by default); NTP does that.
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
  /** How long a holder keeps the lock without renewing it (default 60 s); renewed every third of it. */
  ttlMs?: number;
}

/** The locks this async flow holds, by database and name. */
const held = new AsyncLocalStorage<ReadonlyMap<Knex, ReadonlySet<string>>>();

const PROCESS_OWNER = `${os.hostname()}:${process.pid}`;

export async function ensureLocksTable(db: Knex): Promise<void> {
  await ensureTable(db, LOCKS_TABLE, (t) => {
    t.string('name', 64).primary();
    t.string('owner', 191).notNullable();
    t.bigInteger('expires_at').notNullable();
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
      .update({ expires_at: Date.now() + ttlMs })
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
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await db(LOCKS_TABLE).insert({ name, owner, expires_at: Date.now() + ttlMs });
      return;
    } catch (e) {
      if (!isDuplicateKey(e) && !isContention(e)) throw e;
    }
    // Held: take it over if its holder stopped renewing it (a process that died).
    const now = Date.now();
    const taken = await db(LOCKS_TABLE).where({ name }).andWhere('expires_at', '<', now).update({ owner, expires_at: now + ttlMs }).catch((e: unknown) => {
      if (isContention(e)) return 0;
      throw e;
    });
    if (taken === 1) return;
    if (Date.now() >= deadline) {
      const holder = await db(LOCKS_TABLE).where({ name }).first('owner', 'expires_at');
      const who = holder ? `${holder.owner} (until ${new Date(Number(holder.expires_at)).toISOString()})` : 'another process';
      throw new Error(
        `Waited ${Math.round(waitMs / 1000)} s for the lock "${name}" in table ${LOCKS_TABLE}, held by ${who}. ` +
          'If that process is gone, the lock expires by itself; otherwise let it finish (it is running migrations or the first start).',
      );
    }
    // Jittered, growing to about a second: three processes starting together do not poll in step.
    const pause = Math.min(1000, 50 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
  }
}

/** The write lost a race inside the database (a Galera certification failure, SQLite's busy timeout): try again. */
function isContention(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code.startsWith('SQLITE_BUSY');
}
