/**
 * API tokens: `svc_{env}_` plus 32 random bytes as unpadded base64url (43 characters). The
 * plaintext is returned once, at creation; the database keeps its SHA-256 (a 256-bit secret needs
 * no slow hash), a non-secret hint, and the token's life: created, expires, last used, revoked.
 * base64url contains `_` and `-`, so a token is parsed by one anchored regex, never by splitting.
 */
import type { Knex } from 'knex';
import { PanelError } from '../errors.ts';
import { iso, type Clock } from './clock.ts';
import { randomId, randomSecret, sha256 } from './secrets.ts';
import type { Role } from '../roles.ts';

/**
 * `env` is lowercase letters and digits; the secret is 42 base64url characters and a last one that
 * carries the final 4 bits of the 32 bytes (its 2 low bits are zero in a canonical encoding).
 */
export const TOKEN_PATTERN = /^svc_([a-z0-9]{1,16})_([A-Za-z0-9_-]{42}[AEIMQUYcgkosw048])$/;
export const ENV_PATTERN = /^[a-z0-9]{1,16}$/;

export const TOKEN_DEFAULT_TTL_MS = 90 * 24 * 60 * 60_000;
/** last_used_at is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** The same instant one calendar year later (a token lives at most that long). */
export function oneYearAfter(ms: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.getTime();
}

export function generateToken(env: string): string {
  if (!ENV_PATTERN.test(env)) throw new Error(`The deployment label (PANEL_ENV) "${env}" must be 1 to 16 lowercase letters or digits.`);
  return `svc_${env}_${randomSecret(32)}`;
}

export function parseToken(value: string): { env: string; secret: string } | undefined {
  const m = TOKEN_PATTERN.exec(value);
  return m ? { env: m[1], secret: m[2] } : undefined;
}

/** A reminder of which token this is, safe to show: `svc_dev_…abcd`. */
export function tokenHint(token: string): string {
  const parsed = parseToken(token);
  return parsed ? `svc_${parsed.env}_…${parsed.secret.slice(-4)}` : 'svc_…';
}

export interface TokenRecord {
  id: string;
  operator_id: number;
  name: string;
  hint: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

export interface TokenView {
  id: string;
  name: string;
  hint: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  status: 'active' | 'expired';
}

export interface AuthenticatedToken {
  token: TokenRecord;
  operator: { id: number; email: string; role: Role };
}

function toRecord(r: Record<string, unknown>): TokenRecord {
  return {
    id: String(r.id),
    operator_id: Number(r.operator_id),
    name: String(r.name),
    hint: String(r.hint),
    created_at: String(r.created_at),
    expires_at: String(r.expires_at),
    last_used_at: r.last_used_at == null ? null : String(r.last_used_at),
  };
}

export class Tokens {
  readonly env: string;
  readonly #db: () => Knex;
  readonly #clock: Clock;

  constructor(db: () => Knex, clock: Clock, env: string) {
    if (!ENV_PATTERN.test(env)) throw new Error(`The deployment label (PANEL_ENV) "${env}" must be 1 to 16 lowercase letters or digits.`);
    this.#db = db;
    this.#clock = clock;
    this.env = env;
  }

  view(record: TokenRecord): TokenView {
    const { operator_id: _owner, ...rest } = record;
    return { ...rest, status: Date.parse(record.expires_at) <= this.#clock.now() ? 'expired' : 'active' };
  }

  /** Resolves the expiry: default 90 days; must be in the future and at most a year away. */
  expiryFor(expiresAt: string | undefined): string {
    const now = this.#clock.now();
    if (expiresAt === undefined) return iso(now + TOKEN_DEFAULT_TTL_MS);
    const at = Date.parse(expiresAt);
    if (!Number.isFinite(at) || at <= now) {
      throw new PanelError('validation.invalid', 'Invalid parameter(s): expires_at. It must be in the future.', {
        field: 'expires_at',
        errors: [{ field: 'expires_at', in: 'body', message: 'must be in the future', rule: 'future' }],
      });
    }
    if (at > oneYearAfter(now)) {
      throw new PanelError('validation.invalid', 'Invalid parameter(s): expires_at. A token lives at most one year.', {
        field: 'expires_at',
        errors: [{ field: 'expires_at', in: 'body', message: 'must be at most one year away', rule: 'max_lifetime' }],
      });
    }
    return iso(at);
  }

  async create(operatorId: number, input: { name: string; expiresAt?: string }): Promise<{ token: string; record: TokenRecord }> {
    const expires_at = this.expiryFor(input.expiresAt);
    const token = generateToken(this.env);
    const row = {
      id: randomId('tok_'),
      operator_id: operatorId,
      name: input.name,
      token_hash: sha256(token),
      hint: tokenHint(token),
      created_at: iso(this.#clock.now()),
      expires_at,
      last_used_at: null,
      revoked_at: null,
    };
    await this.#db()('auth_tokens').insert(row);
    return { token, record: toRecord(row) };
  }

  /**
   * The token's owner, when the token is well-formed, of this deployment, known, not revoked, not
   * expired and its operator not disabled. The format is checked before any database access.
   */
  async authenticate(value: string): Promise<AuthenticatedToken | undefined> {
    const parsed = parseToken(value);
    if (!parsed || parsed.env !== this.env) return undefined;
    const r = await this.#db()('auth_tokens as t')
      .join('operators as o', 'o.id', 't.operator_id')
      .where('t.token_hash', sha256(value))
      .whereNull('t.revoked_at')
      .first('t.*', 'o.email', 'o.role', 'o.disabled');
    if (!r || Boolean(Number(r.disabled))) return undefined;
    const record = toRecord(r);
    const now = this.#clock.now();
    if (Date.parse(record.expires_at) <= now) return undefined;
    if (record.last_used_at === null || now - Date.parse(record.last_used_at) >= TOUCH_EVERY_MS) {
      record.last_used_at = iso(now);
      await this.#db()('auth_tokens').where({ id: record.id }).update({ last_used_at: record.last_used_at });
    }
    return { token: record, operator: { id: record.operator_id, email: String(r.email), role: r.role as Role } };
  }

  /** The operator's tokens that are not revoked, as a query for the keyset paginator. */
  liveQuery(operatorId: number): Knex.QueryBuilder {
    return this.#db()('auth_tokens')
      .where({ operator_id: operatorId })
      .whereNull('revoked_at')
      .select('id', 'operator_id', 'name', 'hint', 'created_at', 'expires_at', 'last_used_at');
  }

  async list(operatorId: number): Promise<TokenRecord[]> {
    return (await this.liveQuery(operatorId).orderBy([{ column: 'created_at' }, { column: 'id' }])).map(toRecord);
  }

  static record(row: Record<string, unknown>): TokenRecord {
    return toRecord(row);
  }

  /** Revokes at once (a soft delete, so the row remains for audit). False when there was nothing to revoke. */
  async revoke(operatorId: number, id: string): Promise<boolean> {
    const n = await this.#db()('auth_tokens')
      .where({ id, operator_id: operatorId })
      .whereNull('revoked_at')
      .update({ revoked_at: iso(this.#clock.now()) });
    return n === 1;
  }
}
