/**
 * Server-side sessions. The cookie carries 32 random bytes; the row keeps only their SHA-256, so a
 * database leak exposes no live session. Sessions end when idle for too long or at their absolute
 * end; the token is replaced (rotated) on sign-in, on MFA completion and on step-up, and a rotation
 * is guarded by the old token's hash so two concurrent rotations of one token cannot both win.
 */
import { isTransient } from '../transient.ts';
import type { Knex } from 'knex';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import { randomId, randomSecret, sha256 } from './secrets.ts';

export type SessionState = 'full' | 'mfa_pending';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
  /** Time allowed between the password and the second factor. */
  mfaPendingMs: number;
  /** Wrong second-factor codes allowed per pending sign-in; the last one ends it. */
  mfaMaxAttempts: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  mfaPendingMs: 5 * 60_000,
  mfaMaxAttempts: 5,
};

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionRow {
  id: string;
  operator_id: number;
  state: SessionState;
  created_at: string;
  last_seen_at: string;
  last_full_auth_at: string | null;
  expires_at: string;
  mfa_attempts: number;
}

/** A session with the operator it belongs to (one query per request). */
export interface ResolvedSession extends SessionRow {
  email: string;
  owner: boolean;
}

export interface IssuedSession {
  session: SessionRow;
  /** The secret for the cookie; never stored. */
  token: string;
}

function toRow(r: Record<string, unknown>): SessionRow {
  return {
    id: String(r.id),
    operator_id: Number(r.operator_id),
    state: r.state === 'full' ? 'full' : 'mfa_pending',
    created_at: String(r.created_at),
    last_seen_at: String(r.last_seen_at),
    last_full_auth_at: r.last_full_auth_at == null ? null : String(r.last_full_auth_at),
    expires_at: String(r.expires_at),
    mfa_attempts: Number(r.mfa_attempts ?? 0),
  };
}

export class Sessions {
  readonly policy: SessionPolicy;
  readonly #db: () => Knex;
  readonly #clock: Clock;

  constructor(db: () => Knex, clock: Clock, policy: SessionPolicy = DEFAULT_SESSION_POLICY) {
    this.#db = db;
    this.#clock = clock;
    this.policy = policy;
  }

  async create(operatorId: number, state: SessionState, ip?: string): Promise<IssuedSession> {
    const now = this.#clock.now();
    const token = randomSecret(32);
    const row = {
      id: randomId('ses_'),
      token_hash: sha256(token),
      operator_id: operatorId,
      state,
      created_at: iso(now),
      last_seen_at: iso(now),
      last_full_auth_at: state === 'full' ? iso(now) : null,
      expires_at: iso(now + (state === 'full' ? this.policy.absoluteMs : this.policy.mfaPendingMs)),
      mfa_attempts: 0,
      ip: ip?.slice(0, 64) ?? null,
    };
    await this.#db()('auth_sessions').insert(row);
    return { session: toRow(row), token };
  }

  /** The live session for a cookie value, with its operator; expired or idle sessions are deleted. */
  async resolve(token: string): Promise<ResolvedSession | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const r = await this.#db()('auth_sessions as s')
      .join('operators as o', 'o.id', 's.operator_id')
      .where('s.token_hash', sha256(token))
      .first('s.*', 'o.email', 'o.owner', 'o.disabled');
    if (!r) return undefined;
    const row = toRow(r);
    const now = this.#clock.now();
    const idleFor = now - Date.parse(row.last_seen_at);
    if (Boolean(Number(r.disabled)) || Date.parse(row.expires_at) <= now || idleFor > this.policy.idleMs) {
      await this.delete(row.id);
      return undefined;
    }
    if (idleFor >= TOUCH_EVERY_MS) {
      row.last_seen_at = iso(now);
      // As a token's last use: a concurrent touch by another process (a Galera conflict) leaves its time, and the request goes on.
      await this.#db()('auth_sessions')
        .where({ id: row.id })
        .update({ last_seen_at: row.last_seen_at })
        .catch((e: unknown) => {
          if (!isTransient(e)) throw e;
        });
    }
    return { ...row, email: String(r.email), owner: Boolean(Number(r.owner)) };
  }

  /**
   * Replaces the session's token (and applies `changes`). Returns undefined when the session was
   * rotated or deleted in the meantime by a concurrent request holding the same token.
   */
  async rotate(session: SessionRow, oldToken: string, changes: Partial<Pick<SessionRow, 'state' | 'last_full_auth_at' | 'expires_at' | 'mfa_attempts'>> = {}): Promise<IssuedSession | undefined> {
    const token = randomSecret(32);
    const now = iso(this.#clock.now());
    const updated = await this.#db()('auth_sessions')
      .where({ id: session.id, token_hash: sha256(oldToken) })
      .update({ ...changes, token_hash: sha256(token), last_seen_at: now });
    if (updated !== 1) return undefined;
    return { session: { ...session, ...changes, last_seen_at: now }, token };
  }

  /** Upgrades a session to a full authentication that happened now (MFA completion, step-up). */
  async upgrade(session: SessionRow, oldToken: string): Promise<IssuedSession | undefined> {
    const now = this.#clock.now();
    const expires = session.state === 'full' ? session.expires_at : iso(now + this.policy.absoluteMs);
    return this.rotate(session, oldToken, { state: 'full', last_full_auth_at: iso(now), expires_at: expires, mfa_attempts: 0 });
  }

  /** Counts a wrong second-factor code; ends the pending session at the limit. Returns attempts left. */
  async recordMfaFailure(session: SessionRow): Promise<number> {
    await this.#db()('auth_sessions').where({ id: session.id }).increment('mfa_attempts', 1);
    const row = await this.#db()('auth_sessions').where({ id: session.id }).first('mfa_attempts');
    const used = Number(row?.mfa_attempts ?? this.policy.mfaMaxAttempts);
    if (used >= this.policy.mfaMaxAttempts) {
      await this.delete(session.id);
      return 0;
    }
    return this.policy.mfaMaxAttempts - used;
  }

  /** Seconds the cookie should live: until the session's absolute end. */
  maxAgeSeconds(session: SessionRow): number {
    return Math.max(0, Math.floor((Date.parse(session.expires_at) - this.#clock.now()) / 1000));
  }

  /** The operator's full sessions that have not ended, as a query for the keyset paginator. */
  liveQuery(operatorId: number): Knex.QueryBuilder {
    return this.#db()('auth_sessions')
      .where({ operator_id: operatorId, state: 'full' })
      .where('expires_at', '>', iso(this.#clock.now()))
      .select('id', 'created_at', 'last_seen_at', 'expires_at');
  }

  /** Ends one of the operator's sessions; false when it has no such session. */
  async deleteOwn(operatorId: number, id: string): Promise<boolean> {
    return (await this.#db()('auth_sessions').where({ operator_id: operatorId, id }).delete()) > 0;
  }

  async delete(id: string): Promise<void> {
    await this.#db()('auth_sessions').where({ id }).delete();
  }

  /** Signs an operator out everywhere (or everywhere but one session). */
  async deleteForOperator(operatorId: number, exceptId?: string): Promise<number> {
    const q = this.#db()('auth_sessions').where({ operator_id: operatorId });
    if (exceptId) q.whereNot({ id: exceptId });
    return q.delete();
  }
}
