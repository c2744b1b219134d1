/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) with otpauth, and recovery codes.
 *
 * A code is accepted once: the last accepted time step is stored, and a code is accepted only for a
 * strictly later step, through one guarded UPDATE, so two concurrent requests with the same code
 * cannot both win (RFC 6238 section 5.2; ASVS 6.5.1). The step that confirmed the enrollment counts
 * as used. Codes may be at most one step late (network delay); codes from the future are refused.
 * Secrets are stored encrypted (totp-secrets.ts); the clear secret leaves the panel once, in the
 * answer that starts an enrollment.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import * as OTPAuth from 'otpauth';
import { PanelError } from '../errors.ts';
import { iso, type Clock } from './clock.ts';
import { safeEqual, sha256 } from './secrets.ts';
import type { TotpSecrets } from './totp-secrets.ts';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function totpFor(secretBase32: string, label = 'operator', issuer = 'Panel'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

export function timeStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a given time step (tests and tooling use it too). */
export function totpCode(secretBase32: string, step: number): string {
  return totpFor(secretBase32).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/** The step the code belongs to, if it is the current step's or the previous step's code. */
export function matchStep(secretBase32: string, code: string, nowMs: number): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const current = timeStep(nowMs);
  let matched: number | undefined;
  // Compare against both candidates every time, so timing does not tell which one matched.
  for (const step of [current, current - 1]) {
    if (safeEqual(totpCode(secretBase32, step), code) && matched === undefined) matched = step;
  }
  return matched;
}

/** 120 random bits as 24 base32 characters in groups of four: `abcd-efgh-...`. */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(15);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export class Totp {
  readonly #db: () => Knex;
  readonly #clock: Clock;
  readonly #secrets: TotpSecrets;
  readonly #issuer: string;

  constructor(db: () => Knex, clock: Clock, secrets: TotpSecrets, issuer = 'Panel') {
    this.#db = db;
    this.#clock = clock;
    this.#secrets = secrets;
    this.#issuer = issuer;
  }

  async enabled(operatorId: number): Promise<boolean> {
    const row = await this.#db()('auth_totp').where({ operator_id: operatorId }).whereNotNull('confirmed_at').first('operator_id');
    return Boolean(row);
  }

  /** Starts (or restarts) an enrollment: a fresh 160-bit secret, pending until confirmed. */
  async begin(operator: { id: number; email: string }): Promise<{ secret: string; otpauth_uri: string }> {
    const existing = await this.#db()('auth_totp').where({ operator_id: operator.id }).first();
    if (existing?.confirmed_at) {
      throw new PanelError('totp.already_enabled', 'TOTP is already enabled; disable it first to enroll a new authenticator.');
    }
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const row = { secret: await this.#secrets.seal(operator.id, secret), confirmed_at: null, last_step: null, created_at: iso(this.#clock.now()) };
    if (existing) await this.#db()('auth_totp').where({ operator_id: operator.id }).update(row);
    else await this.#db()('auth_totp').insert({ operator_id: operator.id, ...row });
    return { secret, otpauth_uri: totpFor(secret, operator.email, this.#issuer).toString() };
  }

  /** Confirms the pending enrollment with a code (whose step is then used) and issues recovery codes. */
  async confirm(operatorId: number, code: string): Promise<string[]> {
    const row = await this.#db()('auth_totp').where({ operator_id: operatorId }).first();
    if (!row) throw new PanelError('totp.not_pending', 'There is no TOTP enrollment to confirm; start one first.');
    if (row.confirmed_at) throw new PanelError('totp.already_enabled', 'TOTP is already enabled.');
    const secret = await this.#secrets.open(operatorId, String(row.secret));
    if (secret === undefined) throw new PanelError('totp.not_pending', 'The pending enrollment cannot be read; start again.');
    const now = this.#clock.now();
    const step = matchStep(secret, code, now);
    if (step === undefined) {
      throw new PanelError('totp.invalid_code', 'The code does not match; check the authenticator app and the device clock.', { field: 'code' });
    }
    // Compared as stored (ciphertext): a restarted enrollment has a new IV, so it never equals the one read.
    const updated = await this.#db()('auth_totp')
      .where({ operator_id: operatorId, secret: row.secret })
      .whereNull('confirmed_at')
      .update({ confirmed_at: iso(now), last_step: step });
    if (updated !== 1) throw new PanelError('totp.not_pending', 'The enrollment changed meanwhile; start again.');
    return this.#issueRecoveryCodes(operatorId);
  }

  /** New recovery codes for an operator with TOTP on; the old ones stop working. */
  async regenerateRecoveryCodes(operatorId: number): Promise<string[]> {
    const row = await this.#db()('auth_totp').where({ operator_id: operatorId }).whereNotNull('confirmed_at').first();
    if (!row) throw new PanelError('totp.not_enabled', 'TOTP is not enabled; recovery codes come with it.');
    return this.#issueRecoveryCodes(operatorId);
  }

  async disable(operatorId: number): Promise<void> {
    const n = await this.#db()('auth_totp').where({ operator_id: operatorId }).whereNotNull('confirmed_at').delete();
    if (n === 0) throw new PanelError('totp.not_enabled', 'TOTP is not enabled.');
    await this.#db()('auth_recovery_codes').where({ operator_id: operatorId }).delete();
  }

  /** Removes TOTP (pending or enabled) and recovery codes without conditions (CLI reset). */
  async reset(operatorId: number): Promise<void> {
    await this.#db()('auth_totp').where({ operator_id: operatorId }).delete();
    await this.#db()('auth_recovery_codes').where({ operator_id: operatorId }).delete();
  }

  /**
   * Accepts a code once: true only for a strictly later step than the last accepted one. A secret
   * that does not decrypt for this operator (moved from another row, altered) verifies nothing; a
   * wrong or missing key throws (totp-secrets.ts).
   */
  async verify(operatorId: number, code: string): Promise<boolean> {
    const row = await this.#db()('auth_totp').where({ operator_id: operatorId }).whereNotNull('confirmed_at').first('secret');
    if (!row) return false;
    const secret = await this.#secrets.open(operatorId, String(row.secret));
    if (secret === undefined) return false;
    const step = matchStep(secret, code, this.#clock.now());
    if (step === undefined) return false;
    const updated = await this.#db()('auth_totp')
      .where({ operator_id: operatorId })
      .whereNotNull('confirmed_at')
      .andWhere((q) => q.whereNull('last_step').orWhere('last_step', '<', step))
      .update({ last_step: step });
    return updated === 1;
  }

  /** Spends a recovery code: true once per code. */
  async useRecoveryCode(operatorId: number, code: string): Promise<boolean> {
    const normalised = normaliseRecoveryCode(code);
    if (!/^[a-z2-7]{24}$/.test(normalised)) return false;
    const updated = await this.#db()('auth_recovery_codes')
      .where({ operator_id: operatorId, code_hash: sha256(normalised) })
      .whereNull('used_at')
      .update({ used_at: iso(this.#clock.now()) });
    return updated === 1;
  }

  async recoveryCodesRemaining(operatorId: number): Promise<number> {
    const [{ n }] = await this.#db()('auth_recovery_codes').where({ operator_id: operatorId }).whereNull('used_at').count({ n: '*' });
    return Number(n);
  }

  async #issueRecoveryCodes(operatorId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    const created_at = iso(this.#clock.now());
    await this.#db()('auth_recovery_codes').where({ operator_id: operatorId }).delete();
    await this.#db()('auth_recovery_codes').insert(
      codes.map((c) => ({ operator_id: operatorId, code_hash: sha256(normaliseRecoveryCode(c)), created_at, used_at: null })),
    );
    return codes;
  }
}
