/**
 * TOTP secrets encrypted at rest, so a copy of the panel database does not let anyone mint codes.
 *
 * A stored secret reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts): AES-256-GCM with a
 * random 12-byte IV per value, under a key derived (HKDF-SHA256) from the panel's secret key for this
 * one use, and with the operator id as additional authenticated data, so a value copied into another
 * operator's row does not decrypt. The key id (a 48-bit fingerprint of the secret key) tells a wrong
 * or replaced key, which is an operator's configuration problem and gets a clear error, from a value
 * that does not authenticate, which simply does not verify. The leading `v1` names the scheme, so a
 * later one can be told apart and the old values migrated.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { createSecretKeyFile, parseSecretKey, readSecretKeyFile, SECRET_KEY_ENV, secretKeyFile } from './secret-key.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^v1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/** Where the key comes from: `secretKey` is PANEL_SECRET_KEY's text; otherwise the key file in `dataDir`. */
export interface SecretKeySource {
  dataDir: string;
  secretKey?: string;
}

/** Whether a stored value is an encrypted secret (of any scheme this module writes), as opposed to the clear base32 of old rows. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`);
}

function associatedData(operatorId: number): Buffer {
  return Buffer.from(`auth_totp.secret:${operatorId}`, 'utf8');
}

interface LoadedKey {
  id: string;
  cipherKey: Buffer;
  origin: string;
}

function derive(master: Buffer, origin: string): LoadedKey {
  return {
    id: crypto.createHmac('sha256', master).update('panel secret key id').digest().subarray(0, 6).toString('base64url'),
    cipherKey: Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'panel auth_totp.secret v1', 32)),
    origin,
  };
}

const RESET_HINT = 'If the key is lost, reset TOTP for each operator concerned with `panel operator reset-mfa <email>`.';

export class TotpSecrets {
  readonly #db: () => Knex;
  readonly #file: string;
  readonly #envKey?: Buffer;
  readonly #onKeyCreated?: (key: Buffer) => Promise<void>;
  #key?: Promise<LoadedKey>;

  /**
   * Throws at once when `secretKey` is set but malformed, so a bad PANEL_SECRET_KEY stops the start.
   * `onKeyCreated` is told of a key file this object makes (the auth layer records its fingerprint).
   */
  constructor(db: () => Knex, source: SecretKeySource, options: { onKeyCreated?: (key: Buffer) => Promise<void> } = {}) {
    this.#db = db;
    this.#onKeyCreated = options.onKeyCreated;
    this.#file = secretKeyFile(source.dataDir);
    if (source.secretKey !== undefined) this.#envKey = parseSecretKey(source.secretKey);
  }

  /** Encrypts an operator's base32 secret for `auth_totp.secret`. */
  async seal(operatorId: number, secret: string): Promise<string> {
    const key = await this.#loadKey();
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', key.cipherKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(operatorId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, key.id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /**
   * Decrypts `auth_totp.secret` of an operator. Undefined when the value does not authenticate under
   * the current key for this operator (copied from another row, or altered): it must not verify.
   * Throws, with what to do, when the key is wrong or missing, or the value is not encrypted at all
   * (a clear value is never trusted, so write access to the table cannot plant a known secret).
   */
  async open(operatorId: number, stored: string): Promise<string | undefined> {
    const parts = SEALED.exec(stored);
    if (!parts) {
      throw new Error(
        `The TOTP secret of operator ${operatorId} is not stored in a known encrypted form; the panel's auth migrations may not ` +
          `have run. ${RESET_HINT}`,
      );
    }
    const [, keyId, iv, ciphertext, tag] = parts;
    const key = await this.#loadKey();
    if (keyId !== key.id) {
      throw new Error(
        `The TOTP secret of operator ${operatorId} was encrypted with another secret key (id ${keyId}) than the current one ` +
          `(id ${key.id}, from ${key.origin}). Restore the original key (${SECRET_KEY_ENV} or the key file). ${RESET_HINT}`,
      );
    }
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key.cipherKey, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(operatorId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The key, read once per process: PANEL_SECRET_KEY, else the key file, else a new key file. */
  #loadKey(): Promise<LoadedKey> {
    this.#key ??= this.#resolveKey().catch((e: unknown) => {
      this.#key = undefined; // a missing key may be restored; ask again next time
      throw e;
    });
    return this.#key;
  }

  async #resolveKey(): Promise<LoadedKey> {
    if (this.#envKey) return derive(this.#envKey, SECRET_KEY_ENV);
    const existing = readSecretKeyFile(this.#file);
    if (existing) return derive(existing, this.#file);
    // A new key would silently orphan the secrets already encrypted: refuse, and say so.
    const encrypted = await this.#db()('auth_totp').where('secret', 'like', `${VERSION}.%`).first('operator_id');
    if (encrypted) {
      throw new Error(
        `The TOTP secrets in auth_totp are encrypted, but there is no secret key: ${SECRET_KEY_ENV} is not set and ` +
          `${this.#file} does not exist. Set ${SECRET_KEY_ENV} or restore the key file. ${RESET_HINT}`,
      );
    }
    const created = createSecretKeyFile(this.#file);
    await this.#onKeyCreated?.(created);
    return derive(created, this.#file);
  }
}
