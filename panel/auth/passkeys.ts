/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. The relying party's id and the allowed origin
 * come from the configured base URL, never from the Host header. Challenges live server-side,
 * single use (deleted when taken, whatever the outcome) and expire after two minutes. Sign-in and
 * registration require user verification, so a passkey sign-in is a full, MFA-equivalent
 * authentication. The signature counter is stored and updated on every sign-in.
 */
import type { Knex } from 'knex';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
  generateAuthenticationOptions as GenerateAuthenticationOptions,
  generateRegistrationOptions as GenerateRegistrationOptions,
  verifyAuthenticationResponse as VerifyAuthenticationResponse,
  verifyRegistrationResponse as VerifyRegistrationResponse,
} from '@simplewebauthn/server';

// Loaded on first use: the library takes a large share of the start-up time of every `panel` command,
// and only the passkey endpoints need it.
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const lib = () => (webauthn ??= import('@simplewebauthn/server'));
type generateAuthenticationOptions = typeof GenerateAuthenticationOptions;
type generateRegistrationOptions = typeof GenerateRegistrationOptions;
type verifyRegistrationResponse = typeof VerifyRegistrationResponse;
type verifyAuthenticationResponse = typeof VerifyAuthenticationResponse;
import { PanelError } from '../errors.ts';
import { iso, type Clock } from './clock.ts';
import { randomId } from './secrets.ts';

export const CHALLENGE_TTL_MS = 120_000;

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** RP id and origin from the panel's base URL (PANEL_BASE_URL). */
export function relyingPartyFrom(baseUrl: string): RelyingParty {
  const url = new URL(baseUrl);
  return { id: url.hostname, name: 'Panel', origin: url.origin };
}

export interface PasskeyRecord {
  id: string;
  operator_id: number;
  credential_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
  device_type: 'singleDevice' | 'multiDevice';
  transports: string[];
}

export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
  device_type: 'singleDevice' | 'multiDevice';
  transports: string[];
}

export interface ChallengeIssued<T> {
  challenge_id: string;
  expires_at: string;
  options: T;
}

function parseTransports(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function passkeyRecord(r: Record<string, unknown>): PasskeyRecord {
  return {
    id: String(r.id),
    operator_id: Number(r.operator_id),
    credential_id: String(r.credential_id),
    name: String(r.name),
    created_at: String(r.created_at),
    last_used_at: r.last_used_at == null ? null : String(r.last_used_at),
    backed_up: Boolean(Number(r.backed_up)),
    device_type: r.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    transports: parseTransports(r.transports),
  };
}

export function passkeyView(p: PasskeyRecord): PasskeyView {
  return { id: p.id, name: p.name, created_at: p.created_at, last_used_at: p.last_used_at, backed_up: p.backed_up, device_type: p.device_type, transports: p.transports };
}

const registrationFailed = (message: string, field: string) =>
  new PanelError('passkeys.registration_failed', message, { field });
const signInFailed = () => new PanelError('auth.invalid_credentials', 'The passkey could not be verified.');

export class Passkeys {
  readonly rp: RelyingParty;
  readonly #db: () => Knex;
  readonly #clock: Clock;

  constructor(db: () => Knex, clock: Clock, rp: RelyingParty) {
    this.#db = db;
    this.#clock = clock;
    this.rp = rp;
  }

  async #storeChallenge(purpose: 'register' | 'login', challenge: string, operatorId: number | null, sessionId: string | null): Promise<{ id: string; expires_at: string }> {
    const now = this.#clock.now();
    // Expired challenges are swept whenever a new one is made.
    await this.#db()('auth_challenges').where('expires_at', '<', iso(now)).delete();
    const row = { id: randomId('chl_'), purpose, challenge, operator_id: operatorId, session_id: sessionId, expires_at: iso(now + CHALLENGE_TTL_MS) };
    await this.#db()('auth_challenges').insert(row);
    return row;
  }

  /** Takes a challenge out of the store: it can be taken once, and only before it expires. */
  async #takeChallenge(id: string, purpose: 'register' | 'login'): Promise<Record<string, unknown> | undefined> {
    const row = await this.#db()('auth_challenges').where({ id }).first();
    if (!row) return undefined;
    const taken = await this.#db()('auth_challenges').where({ id }).delete();
    if (taken !== 1 || row.purpose !== purpose || Date.parse(String(row.expires_at)) <= this.#clock.now()) return undefined;
    return row;
  }

  async registrationBegin(operator: { id: number; email: string }, sessionId: string | null): Promise<ChallengeIssued<Awaited<ReturnType<generateRegistrationOptions>>>> {
    const existing = await this.#db()('auth_passkeys').where({ operator_id: operator.id }).select('credential_id', 'transports');
    const options = await (await lib()).generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: operator.email,
      userID: new TextEncoder().encode(`operator:${operator.id}`),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((c: Record<string, unknown>) => ({
        id: String(c.credential_id),
        transports: parseTransports(c.transports) as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const stored = await this.#storeChallenge('register', options.challenge, operator.id, sessionId);
    return { challenge_id: stored.id, expires_at: stored.expires_at, options };
  }

  async registrationComplete(
    operator: { id: number },
    sessionId: string | null,
    input: { challenge_id: string; credential: RegistrationResponseJSON; name?: string },
  ): Promise<PasskeyRecord> {
    const challenge = await this.#takeChallenge(input.challenge_id, 'register');
    // The challenge is bound to the operator and, for cookie sessions, to the session that asked for it.
    const boundSession = challenge?.session_id == null ? null : String(challenge.session_id);
    if (!challenge || Number(challenge.operator_id) !== operator.id || (boundSession !== null && boundSession !== sessionId)) {
      throw registrationFailed('The registration challenge is unknown, already used or expired; start again.', 'challenge_id');
    }
    let verification: Awaited<ReturnType<verifyRegistrationResponse>>;
    try {
      verification = await (await lib()).verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: String(challenge.challenge),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
      });
    } catch (e) {
      throw registrationFailed(`The passkey could not be verified: ${(e as Error).message}`, 'credential');
    }
    if (!verification.verified || !verification.registrationInfo) throw registrationFailed('The passkey could not be verified.', 'credential');
    const info = verification.registrationInfo;
    const credentialId = info.credential.id;
    if (credentialId.length > 255) throw registrationFailed('The credential id is too long.', 'credential');
    if (await this.#db()('auth_passkeys').where({ credential_id: credentialId }).first('id')) {
      throw registrationFailed('This passkey is already registered.', 'credential');
    }
    const count = Number((await this.#db()('auth_passkeys').where({ operator_id: operator.id }).count({ n: '*' }))[0].n);
    const row = {
      id: randomId('pk_'),
      operator_id: operator.id,
      credential_id: credentialId,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? input.credential.response.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
      aaguid: info.aaguid,
      name: input.name ?? `Passkey ${count + 1}`,
      created_at: iso(this.#clock.now()),
      last_used_at: null,
    };
    await this.#db()('auth_passkeys').insert(row);
    return passkeyRecord(row);
  }

  async loginBegin(): Promise<ChallengeIssued<Awaited<ReturnType<generateAuthenticationOptions>>>> {
    // Discoverable credentials: no allow-list, so the begin step reveals nothing about accounts.
    const options = await (await lib()).generateAuthenticationOptions({ rpID: this.rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    const stored = await this.#storeChallenge('login', options.challenge, null, null);
    return { challenge_id: stored.id, expires_at: stored.expires_at, options };
  }

  /** Verifies a sign-in assertion; returns the operator id. Every failure is one generic 401. */
  async loginComplete(input: { challenge_id: string; credential: AuthenticationResponseJSON }): Promise<number> {
    const challenge = await this.#takeChallenge(input.challenge_id, 'login');
    if (!challenge) throw signInFailed();
    const row = await this.#db()('auth_passkeys').where({ credential_id: String(input.credential.id) }).first();
    if (!row) throw signInFailed();
    let verification: Awaited<ReturnType<verifyAuthenticationResponse>>;
    try {
      verification = await (await lib()).verifyAuthenticationResponse({
        response: input.credential,
        expectedChallenge: String(challenge.challenge),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
        credential: {
          id: String(row.credential_id),
          publicKey: new Uint8Array(Buffer.from(String(row.public_key), 'base64url')),
          counter: Number(row.counter),
          transports: parseTransports(row.transports) as AuthenticatorTransport[],
        },
      });
    } catch {
      throw signInFailed();
    }
    if (!verification.verified) throw signInFailed();
    await this.#db()('auth_passkeys')
      .where({ id: row.id })
      .update({ counter: verification.authenticationInfo.newCounter, last_used_at: iso(this.#clock.now()), backed_up: verification.authenticationInfo.credentialBackedUp });
    return Number(row.operator_id);
  }

  listQuery(operatorId: number): Knex.QueryBuilder {
    return this.#db()('auth_passkeys')
      .where({ operator_id: operatorId })
      .select('id', 'operator_id', 'credential_id', 'name', 'created_at', 'last_used_at', 'backed_up', 'device_type', 'transports');
  }

  async count(operatorId: number): Promise<number> {
    return Number((await this.#db()('auth_passkeys').where({ operator_id: operatorId }).count({ n: '*' }))[0].n);
  }

  async delete(operatorId: number, id: string): Promise<boolean> {
    return (await this.#db()('auth_passkeys').where({ operator_id: operatorId, id }).delete()) === 1;
  }

  async deleteAll(operatorId: number): Promise<number> {
    return this.#db()('auth_passkeys').where({ operator_id: operatorId }).delete();
  }
}
