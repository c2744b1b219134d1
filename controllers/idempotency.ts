/**
 * Retries that never write twice: the `Idempotency-Key` of a Seeder write (as Stripe has it). The
 * first answer to a key is stored in the site's database with the caller, the key and a hash of the
 * request, for 24 hours; a retry with the same key and the same request, from any process, gets that
 * answer without running again. The unique index on (caller, key) decides which of two racing
 * requests runs, whatever process each reached.
 *
 * - Same key, another request: 422 `idempotency.mismatch`; nothing runs.
 * - Same key while the first is still running: 409 `idempotency.in_progress` with `Retry-After`.
 * - Refusals (4xx) are answers and are stored; a fault (5xx, or anything uncoded) is not: the row is
 *   deleted, so a retry runs again.
 * - A crashed process leaves its row running. The running process renews a short lease on its row
 *   (every LEASE_MS / 3); a running row whose lease has lapsed may be taken over by a retry. The
 *   trade-off: a process alive but unable to renew for LEASE_MS (a stalled event loop, a database that
 *   refuses writes for a minute) may see its request run a second time by a retry. A row held by a
 *   process of this host that no longer exists (a CLI run killed, then run again) is taken over at once;
 *   hosts are told apart by name, so two machines or containers sharing a host name and a database
 *   must not share a pid space, or a live holder could look dead. Generate writes a batch and its
 *   ledger rows in one transaction, so a crash leaves nothing half-written.
 * - Expired rows are ignored, and deleted when a new key is stored.
 *
 * The caller is the token (a token's keys are its own, as Stripe scopes keys per API key), else the
 * operator (a browser session, whose id changes at every sign-in and step-up, or the CLI's `--user`).
 * Surfaces hand in what identifies the request (`fingerprint`); no surface owns this module.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { HookError } from '../hooks/index.ts';
import { isPanelError, isRefusal, PANEL_ERROR, PanelError, type CodedError, type ErrorDetails } from '../panel/errors.ts';
import type { Migration } from '../panel/plugin.ts';
import type { SeederRequest } from './request.ts';
import { retryTransient } from '../panel/transient.ts';
import './error-codes.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that was stored earlier and is replayed. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_TABLE = 'seeder_idempotency_keys';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII, 1 to 255 characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;
const KEY_RE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** How long a stored answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a running row holds its key without being renewed; after that a retry may take it over. */
export const LEASE_MS = 60_000;
/** What a 409 `idempotency.in_progress` asks the client to wait before retrying. */
export const RETRY_AFTER_SECONDS = 2;

export const IDEMPOTENCY_MIGRATIONS: Migration[] = [
  {
    id: '0003-idempotency-keys',
    async up(db) {
      await db.schema.createTable(IDEMPOTENCY_TABLE, (t) => {
        t.increments('id').primary();
        // `token:<id>` or `operator:<id>`.
        t.string('caller', 64).notNullable();
        // Binary collation on MySQL: keys "a" and "A" are two keys.
        t.string('idem_key', IDEMPOTENCY_KEY_MAX_LENGTH).notNullable().collate('utf8mb4_bin');
        t.string('request_hash', 64).notNullable();
        t.string('state', 16).notNullable();
        // Which claim of the row is running it, so a run that lost its lease cannot overwrite the one that took over.
        t.string('owner', 32).notNullable();
        // `<host name>:<pid>` of the process running it, so a retry on the same host can tell that it died.
        t.string('holder', 128).notNullable();
        t.integer('status').nullable();
        t.text('response', 'mediumtext').nullable();
        t.string('created_at', 32).notNullable();
        t.string('lease_until', 32).notNullable();
        t.string('expires_at', 32).notNullable();
        t.unique(['caller', 'idem_key']);
        t.index(['expires_at']);
      });
    },
  },
];

/** An answer as stored and replayed: a success (status and body) or a refusal (status and error). */
export interface StoredAnswer {
  status: number;
  body?: unknown;
  error?: { code: string; message: string; details?: ErrorDetails; headers?: Record<string, string> };
}

export interface IdempotentResult {
  status: number;
  body: unknown;
  /** True when the answer was stored by an earlier request and nothing ran now. */
  replayed: boolean;
}

/** Who owns a key: the token, else the operator. */
export function idempotencyCaller(req: SeederRequest): string {
  const actor = req.actor;
  if (!actor) throw new PanelError('auth.unauthenticated', 'Sign in to use an Idempotency-Key.');
  return actor.via === 'token' && actor.tokenId ? `token:${actor.tokenId}` : `operator:${actor.operatorId}`;
}

/** The key as sent, checked: 422 `validation.invalid` naming the header when it is not 1 to 255 printable ASCII characters. */
export function checkIdempotencyKey(key: string): string {
  if (!KEY_RE.test(key)) {
    throw new PanelError('validation.invalid', `Invalid parameter(s): ${IDEMPOTENCY_HEADER}`, {
      params: { [IDEMPOTENCY_HEADER]: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a UUID, for example)` },
      field: IDEMPOTENCY_HEADER,
      in: 'header',
    });
  }
  return key;
}

/** JSON with every object's keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of what identifies a request (method, operation, path parameters, query and body). */
export function requestHash(fingerprint: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}

const iso = (ms: number) => new Date(ms).toISOString();

/** This process, as a running row names its holder. */
const HOLDER = `${os.hostname()}:${process.pid}`.slice(0, 128);

/** Whether the holder is a process of this host that no longer exists (crashed or killed). */
function holderIsGone(holder: string): boolean {
  const at = holder.lastIndexOf(':');
  const pid = Number(holder.slice(at + 1));
  if (holder.slice(0, at) !== os.hostname() || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ER_DUP_ENTRY' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

/** A stored refusal, raised again: coded by shape (panel/errors.ts), so a code another process registered needs no registry here. */
function storedRefusal(stored: NonNullable<StoredAnswer['error']>, status: number): CodedError {
  const e = new Error(stored.message) as Error & Record<string | symbol, unknown>;
  e.name = 'PanelError';
  Object.assign(e, { [PANEL_ERROR]: true, code: stored.code, status, details: stored.details, headers: { ...stored.headers, [REPLAYED_HEADER]: 'true' } });
  return e as unknown as CodedError;
}

function replay(row: Record<string, unknown>): IdempotentResult {
  const answer = JSON.parse(String(row.response)) as StoredAnswer;
  if (answer.error) throw storedRefusal(answer.error, Number(row.status));
  return { status: Number(row.status), body: answer.body, replayed: true };
}

/** A coded refusal the handler raised, unwrapped from a hook tap that threw it. */
function refusalOf(e: unknown): CodedError | undefined {
  if (e instanceof HookError && isPanelError(e.cause)) e = e.cause;
  return isRefusal(e) ? e : undefined;
}

/** Claims (caller, key) for this request: 'mine' to run it, or the row of an earlier one. */
async function claim(db: Knex, caller: string, key: string, hash: string, owner: string): Promise<Record<string, unknown> | 'mine'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = Date.now();
    try {
      await db(IDEMPOTENCY_TABLE).insert({
        caller,
        idem_key: key,
        request_hash: hash,
        state: 'running',
        owner,
        holder: HOLDER,
        status: null,
        response: null,
        created_at: iso(now),
        lease_until: iso(now + LEASE_MS),
        expires_at: iso(now + IDEMPOTENCY_TTL_MS),
      });
      return 'mine';
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    const row = (await db(IDEMPOTENCY_TABLE).where({ caller, idem_key: key }).first()) as Record<string, unknown> | undefined;
    if (!row) continue; // deleted meanwhile (a failed run, or expiry): try again
    if (String(row.expires_at) <= iso(now)) {
      await db(IDEMPOTENCY_TABLE).where({ id: row.id, expires_at: row.expires_at }).delete();
      continue;
    }
    if (row.request_hash !== hash) return row;
    if (row.state === 'running' && (String(row.lease_until) <= iso(now) || holderIsGone(String(row.holder)))) {
      // The process that ran it stopped renewing, or is gone: take the row over, unless another retry just did.
      const taken = await db(IDEMPOTENCY_TABLE)
        .where({ id: row.id, owner: row.owner, state: 'running' })
        .update({ owner, holder: HOLDER, lease_until: iso(now + LEASE_MS), expires_at: iso(now + IDEMPOTENCY_TTL_MS) });
      if (taken === 1) return 'mine';
      continue;
    }
    return row;
  }
  throw new Error(`Could not claim idempotency key for ${caller}`);
}

/**
 * Runs `run` once per (caller, key): the first request runs it and stores its answer; a retry with
 * the same key and fingerprint gets the stored answer (`replayed`; a stored refusal is thrown again
 * with `Idempotent-Replayed: true` among its headers). Without a key it just runs.
 */
export async function runIdempotent(
  req: SeederRequest,
  key: string | undefined,
  fingerprint: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentResult> {
  if (key === undefined) return { ...(await run()), replayed: false };
  checkIdempotencyKey(key);
  const caller = idempotencyCaller(req);
  const hash = requestHash(fingerprint);
  const db = req.site.db;
  const owner = crypto.randomBytes(12).toString('base64url');
  // Each a single statement or two; run again when the database aborts them (a Galera conflict, SQLite busy).
  const found = await retryTransient(() => claim(db, caller, key, hash, owner));
  if (found !== 'mine') {
    if (found.request_hash !== hash) {
      throw new PanelError(
        'idempotency.mismatch',
        `This ${IDEMPOTENCY_HEADER} was used for another request; a key names one request only. Send this one with a new key.`,
        { header: IDEMPOTENCY_HEADER, first_used_at: String(found.created_at) },
      );
    }
    if (found.state === 'running') {
      throw new PanelError(
        'idempotency.in_progress',
        `A request with this ${IDEMPOTENCY_HEADER} is still running; retry in ${RETRY_AFTER_SECONDS} seconds to get its answer.`,
        { header: IDEMPOTENCY_HEADER, retry_after_seconds: RETRY_AFTER_SECONDS },
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    return replay(found);
  }

  const mine = db(IDEMPOTENCY_TABLE).where({ caller, idem_key: key, owner });
  // Renew the lease while running, so only a stopped process's row can be taken over.
  const renew = setInterval(() => {
    mine.clone().update({ lease_until: iso(Date.now() + LEASE_MS) }).catch(() => {});
  }, LEASE_MS / 3);
  renew.unref();
  const store = async (status: number, answer: StoredAnswer) => {
    clearInterval(renew);
    await retryTransient(async () => mine.clone().update({ state: 'done', status, response: JSON.stringify(answer) }));
  };
  let answer: { status: number; body: unknown };
  try {
    answer = await run();
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal) {
      await store(refusal.status, {
        status: refusal.status,
        error: { code: refusal.code, message: refusal.message, ...(refusal.details ? { details: refusal.details } : {}), ...(refusal.headers ? { headers: refusal.headers } : {}) },
      });
    } else {
      // A fault is not an answer: free the key so that a retry runs again.
      clearInterval(renew);
      await mine.clone().delete().catch(() => {});
    }
    throw e;
  }
  await store(answer.status, { status: answer.status, body: answer.body });
  // Expired keys go when new ones come (indexed by expires_at).
  await db(IDEMPOTENCY_TABLE).where('expires_at', '<=', iso(Date.now())).delete().catch(() => {});
  return { ...answer, replayed: false };
}
