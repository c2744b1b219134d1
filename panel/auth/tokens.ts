/**
 * API tokens: `svc_{env}_` plus 32 random bytes as unpadded base64url (43 characters). The
 * plaintext is returned once, at creation; the database keeps its SHA-256 (a 256-bit secret needs
 * no slow hash), a non-secret hint, and the token's life: created, expires, last used, revoked.
 * base64url contains `_` and `-`, so a token is parsed by one anchored regex, never by splitting.
 */
import { isTransient } from '../transient.ts';
import type { Knex } from 'knex';
import type { Actor } from '../actor.ts';
import { PanelError } from '../errors.ts';
import { siteRole } from '../membership.ts';
import { DEFAULT_TOKEN_SCOPES, formatScopes, parseScopes, PERSON_ONLY_SCOPES, type Scope } from '../scopes.ts';
import { iso, type Clock } from './clock.ts';
import { randomId, randomSecret, sha256 } from './secrets.ts';

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
  scopes: Scope[];
  /** The sites the token is limited to; null for every site its owner may use. */
  sites: string[] | null;
  /** The token that created this one; null when a person (or the CLI) did. */
  parent_id: string | null;
}

export interface TokenView {
  id: string;
  name: string;
  hint: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  scopes: Scope[];
  sites: string[] | null;
  /** `session` (a person), `cli`, or the id of the token that created it. */
  created_by: string;
  status: 'active' | 'expired';
}

export interface AuthenticatedToken {
  token: TokenRecord;
  operator: { id: number; email: string; owner: boolean };
}

export interface TokenInput {
  name: string;
  expiresAt?: string;
  /** Default: DEFAULT_TOKEN_SCOPES from a person, the maker's own (less person-only ones) from a token. */
  scopes?: readonly Scope[];
  /** Default: every site the owner may use, or the maker token's sites. */
  sites?: readonly string[];
}

/** Columns of auth_tokens a record is read from. */
const RECORD_COLUMNS = ['id', 'operator_id', 'name', 'hint', 'created_at', 'expires_at', 'last_used_at', 'scopes', 'sites', 'parent_id', 'created_via'];

function toRecord(r: Record<string, unknown>): TokenRecord {
  return {
    id: String(r.id),
    operator_id: Number(r.operator_id),
    name: String(r.name),
    hint: String(r.hint),
    created_at: String(r.created_at),
    expires_at: String(r.expires_at),
    last_used_at: r.last_used_at == null ? null : String(r.last_used_at),
    scopes: parseScopes(r.scopes),
    sites: r.sites == null ? null : (JSON.parse(String(r.sites)) as string[]),
    parent_id: r.parent_id == null ? null : String(r.parent_id),
  };
}

const insufficientScope = (message: string, details: Record<string, unknown>) => new PanelError('auth.insufficient_scope', message, details);

function invalidSites(message: string): PanelError {
  return new PanelError('validation.invalid', `Invalid parameter(s): sites. ${message}`, {
    field: 'sites',
    errors: [{ field: 'sites', in: 'body', message, rule: 'sites' }],
  });
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

  view(record: TokenRecord, createdVia = 'session'): TokenView {
    const { operator_id: _owner, parent_id, ...rest } = record;
    return { ...rest, created_by: parent_id ?? createdVia, status: Date.parse(record.expires_at) <= this.#clock.now() ? 'expired' : 'active' };
  }

  /** A listed row as the API shows it. */
  viewRow(row: Record<string, unknown>): TokenView {
    return this.view(toRecord(row), row.created_via == null ? 'session' : String(row.created_via));
  }

  /**
   * Resolves the expiry: default 90 days (or the maker token's expiry, if sooner); must be in the
   * future, at most a year away, and never after the maker token's own expiry.
   */
  expiryFor(expiresAt: string | undefined, notAfter?: string): string {
    const now = this.#clock.now();
    const limit = notAfter === undefined ? Infinity : Date.parse(notAfter);
    if (expiresAt === undefined) return iso(Math.min(now + TOKEN_DEFAULT_TTL_MS, limit));
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
    if (at > limit) {
      throw new PanelError('validation.invalid', `Invalid parameter(s): expires_at. A token cannot outlive the token that creates it (${notAfter}).`, {
        field: 'expires_at',
        errors: [{ field: 'expires_at', in: 'body', message: `must not be after ${notAfter}, when the creating token expires`, rule: 'maker_expiry' }],
      });
    }
    return iso(at);
  }

  /**
   * Creates a token for `maker`'s operator. A person (cookie session) or the CLI may grant any scope;
   * a token may grant only scopes it holds, never a person-only one (`tokens`), for no site beyond
   * its own and no longer than it lives itself, and the new token dies with it (revocation cascades,
   * and authentication checks the maker).
   */
  async create(makerOrOperatorId: Actor | number, input: TokenInput): Promise<{ token: string; record: TokenRecord }> {
    const maker = typeof makerOrOperatorId === 'number' ? await this.#localMaker(makerOrOperatorId) : makerOrOperatorId;
    const byToken = maker.via === 'token';
    const makerScopes = maker.scopes ?? [];
    const scopes = input.scopes ?? (byToken ? makerScopes.filter((s) => !PERSON_ONLY_SCOPES.includes(s)) : DEFAULT_TOKEN_SCOPES);
    if (byToken) {
      const personOnly = scopes.filter((s) => PERSON_ONLY_SCOPES.includes(s));
      if (personOnly.length > 0) {
        throw insufficientScope(`The "${personOnly[0]}" scope can only be granted by a person signed in with a browser session (after step-up), not by an API token.`, { scope: personOnly[0] });
      }
      const lacking = scopes.filter((s) => !makerScopes.includes(s));
      if (lacking.length > 0) {
        throw insufficientScope(`This token cannot grant the "${lacking[0]}" scope: it does not hold it.`, { scope: lacking[0] });
      }
    }
    const sites = input.sites === undefined ? (maker.sites === undefined ? null : [...maker.sites]) : [...new Set(input.sites)];
    if (sites !== null) {
      if (input.sites !== undefined && maker.sites !== undefined) {
        const beyond = sites.filter((id) => !maker.sites!.includes(id));
        if (beyond.length > 0) throw insufficientScope(`This token cannot grant site "${beyond[0]}": it is limited to ${maker.sites.join(', ')}.`, { site: beyond[0] });
      }
      for (const id of sites) {
        if (!(await siteRole(this.#db(), maker, id))) throw invalidSites(`"${id}" is not a site you may use.`);
      }
    }
    const expires_at = this.expiryFor(input.expiresAt, byToken ? maker.tokenExpiresAt : undefined);
    const token = generateToken(this.env);
    const row = {
      id: randomId('tok_'),
      operator_id: maker.operatorId,
      name: input.name,
      token_hash: sha256(token),
      hint: tokenHint(token),
      created_at: iso(this.#clock.now()),
      expires_at,
      last_used_at: null,
      revoked_at: null,
      scopes: formatScopes(scopes),
      sites: sites === null ? null : JSON.stringify(sites),
      parent_id: byToken ? (maker.tokenId ?? null) : null,
      created_via: maker.via === 'cli' ? 'cli' : 'session',
    };
    await this.#db()('auth_tokens').insert(row);
    return { token, record: toRecord(row) };
  }

  /** An operator acting through the local CLI (`panel token create`), which may grant any scope. */
  async #localMaker(operatorId: number): Promise<Actor> {
    const op = await this.#db()('operators').where({ id: operatorId }).first('id', 'email', 'owner');
    if (!op) throw new PanelError('operators.not_found', `No operator with id ${operatorId}.`, { field: 'operator_id' });
    return { operatorId, email: String(op.email), owner: Boolean(Number(op.owner)), via: 'cli' };
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
      .leftJoin('auth_tokens as p', 'p.id', 't.parent_id')
      .where('t.token_hash', sha256(value))
      .whereNull('t.revoked_at')
      .first('t.*', 'o.email', 'o.owner', 'o.disabled', { parent_revoked_at: 'p.revoked_at', parent_expires_at: 'p.expires_at' });
    if (!r || Boolean(Number(r.disabled))) return undefined;
    const record = toRecord(r);
    const now = this.#clock.now();
    if (Date.parse(record.expires_at) <= now) return undefined;
    // A token made by a token lives only while its maker does (revocation also cascades; this covers rows
    // revoked by an older version, or by hand). Makers are never made by tokens (`tokens` is person-only),
    // so one level is the whole chain.
    if (record.parent_id !== null && (r.parent_revoked_at != null || r.parent_expires_at == null || Date.parse(String(r.parent_expires_at)) <= now)) {
      return undefined;
    }
    if (record.last_used_at === null || now - Date.parse(record.last_used_at) >= TOUCH_EVERY_MS) {
      record.last_used_at = iso(now);
      // Bookkeeping, not the request's work: when another process touched the row at the same moment (a
      // Galera conflict, a lock wait), its time stands and the request goes on.
      await this.#db()('auth_tokens')
        .where({ id: record.id })
        .update({ last_used_at: record.last_used_at })
        .catch((e: unknown) => {
          if (!isTransient(e)) throw e;
        });
    }
    return { token: record, operator: { id: record.operator_id, email: String(r.email), owner: Boolean(Number(r.owner)) } };
  }

  /** The operator's tokens that are not revoked, as a query for the keyset paginator. */
  liveQuery(operatorId: number): Knex.QueryBuilder {
    return this.#db()('auth_tokens')
      .where({ operator_id: operatorId })
      .whereNull('revoked_at')
      .select(RECORD_COLUMNS);
  }

  async list(operatorId: number): Promise<TokenView[]> {
    return (await this.liveQuery(operatorId).orderBy([{ column: 'created_at' }, { column: 'id' }])).map((r: Record<string, unknown>) => this.viewRow(r));
  }

  static record(row: Record<string, unknown>): TokenRecord {
    return toRecord(row);
  }

  /**
   * Revokes at once (a soft delete, so the row remains for audit), with every token it made, so a
   * leaked token cannot survive its revocation through a token it minted. False when there was
   * nothing to revoke.
   */
  async revoke(operatorId: number, id: string): Promise<boolean> {
    const revokedAt = iso(this.#clock.now());
    return this.#db().transaction(async (trx) => {
      const n = await trx('auth_tokens').where({ id, operator_id: operatorId }).whereNull('revoked_at').update({ revoked_at: revokedAt });
      if (n !== 1) return false;
      let makers = [id];
      while (makers.length > 0) {
        const made: string[] = (await trx('auth_tokens').whereIn('parent_id', makers).whereNull('revoked_at').select('id')).map((r: { id: string }) => r.id);
        if (made.length > 0) await trx('auth_tokens').whereIn('id', made).update({ revoked_at: revokedAt });
        makers = made;
      }
      return true;
    });
  }
}
