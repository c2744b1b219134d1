/** Random identifiers and secrets, and the hashes the database stores instead of secrets. */
import crypto from 'node:crypto';

/** `bytes` random bytes as unpadded base64url (32 bytes give 43 characters). */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/**
 * A public identifier: prefix plus lowercase hex. Lowercase only, so ordering by id is the same on
 * SQLite (binary) and MariaDB (case-insensitive collation), which keyset pagination relies on.
 */
export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${crypto.randomBytes(bytes).toString('hex')}`;
}

/** SHA-256 as lowercase hex: what the database keeps of session tokens, API tokens and recovery codes. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time string comparison (false for different lengths). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
