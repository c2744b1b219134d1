/**
 * Password checks with equal work for every outcome: when the account is unknown the password is
 * verified against a dummy argon2id hash made with the same parameters, so an unknown account and
 * a wrong password cost the same time and give the same answer (ASVS 6.3.8). A stored hash made with
 * other parameters is replaced after a correct password (`rehash`), never after a wrong one, so the
 * failures all stay at one verification.
 */
import { verify } from '@node-rs/argon2';
import { hashPassword, passwordNeedsRehash } from '../operators.ts';
import { randomSecret } from './secrets.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or an unreadable hash; never throws. */
  verify(hash: string, password: string): Promise<boolean>;
  /** Whether a stored hash was made with other parameters than `hash` uses now (absent: never). */
  needsRehash?(hash: string): boolean;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hashPassword(password),
  needsRehash: (hash) => passwordNeedsRehash(hash),
  verify: async (hash, password) => {
    try {
      return await verify(hash, password);
    } catch {
      return false;
    }
  },
};

export class PasswordCheck {
  readonly hasher: PasswordHasher;
  #dummy?: Promise<string>;

  constructor(hasher: PasswordHasher = argon2Hasher) {
    this.hasher = hasher;
  }

  /** Runs the hasher exactly once, against the stored hash or, when there is none, a dummy one. */
  async matches(storedHash: string | undefined, password: string): Promise<boolean> {
    if (storedHash === undefined) {
      this.#dummy ??= this.hasher.hash(randomSecret(24));
      await this.hasher.verify(await this.#dummy, password);
      return false;
    }
    return this.hasher.verify(storedHash, password);
  }

  /**
   * A hash of `password` with the current parameters when `storedHash` was made with others;
   * undefined when it is current. Call it only after `matches` returned true for the same pair.
   */
  async rehash(storedHash: string, password: string): Promise<string | undefined> {
    return this.hasher.needsRehash?.(storedHash) ? this.hasher.hash(password) : undefined;
  }
}
