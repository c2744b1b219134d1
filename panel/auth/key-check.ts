/**
 * One secret key for every process on a panel database, checked at start.
 *
 * - With a database URL (a database several processes can share), `PANEL_SECRET_KEY` is required:
 *   a key file lives in one process's data folder, so two processes would make two keys, and TOTP
 *   secrets one of them encrypts could not be read by the other.
 * - Whatever the database, the panel database records a fingerprint of the key (an HMAC-SHA256 of a
 *   fixed label under the key; never the key) at the first start that has one. A later start with
 *   another key is refused with a clear error, instead of TOTP codes failing one by one. Two
 *   processes starting at once agree: the record is inserted if absent, then read back and compared.
 * - A database from before the record, holding TOTP secrets, gets the record only if the current key
 *   opens one of them.
 *
 * The `panel serve` start runs `checkSecretKey`; other commands never encrypt a secret, so they need
 * no key (`panel operator reset-mfa` must work when the key is lost).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Knex } from 'knex';
import type { PanelConfig } from '../config.ts';
import { parseSecretKey, readSecretKeyFile, SECRET_KEY_ENV, secretKeyFile } from './secret-key.ts';
import { TotpSecrets } from './totp-secrets.ts';

/** The panel database's record of its key (see the auth migration `0009-secret-key-record`). */
export const KEY_RECORDS_TABLE = 'auth_secret_key';
const FINGERPRINT = 'fingerprint';
const LABEL = 'panel secret key fingerprint v1';

export function keyFingerprint(key: Buffer): string {
  return crypto.createHmac('sha256', key).update(LABEL).digest('hex');
}

/** Short enough to read in a message, long enough to tell two keys apart. */
const shown = (fingerprint: string) => fingerprint.slice(0, 12);

/** Refuses a database URL without PANEL_SECRET_KEY, saying why and how to make one (or which one to use). */
export function requireSharedKey(config: Pick<PanelConfig, 'databaseUrl' | 'secretKey' | 'dataDir'>): void {
  if (!config.databaseUrl || config.secretKey !== undefined) return;
  const file = secretKeyFile(config.dataDir);
  const advice = fs.existsSync(file)
    ? `The key file ${file} exists: the TOTP secrets stored so far were encrypted with the key it holds, so use that: ${SECRET_KEY_ENV}="$(cat ${file})".`
    : `Make one with \`openssl rand -base64 32\` and give every process the same value.`;
  throw new Error(
    `${SECRET_KEY_ENV} is required with PANEL_DATABASE_URL: every panel process on a shared database must encrypt and read ` +
      `TOTP secrets with one key, and a key file in one data folder is not shared. ${advice}`,
  );
}

interface CurrentKey {
  key: Buffer;
  origin: string;
}

/** PANEL_SECRET_KEY, else the key file; undefined when the panel has neither yet (a key file is made on first use). */
function currentKey(config: PanelConfig): CurrentKey | undefined {
  if (config.secretKey !== undefined) return { key: parseSecretKey(config.secretKey), origin: SECRET_KEY_ENV };
  const file = secretKeyFile(config.dataDir);
  const key = readSecretKeyFile(file);
  return key && { key, origin: `the key file ${file}` };
}

async function recorded(db: Knex): Promise<string | undefined> {
  const row = await db(KEY_RECORDS_TABLE).where({ name: FINGERPRINT }).first('value');
  return row ? String(row.value) : undefined;
}

async function storedSecretCount(db: Knex): Promise<number> {
  const [{ n }] = await db('auth_totp').where('secret', 'like', 'v1.%').count({ n: '*' });
  return Number(n);
}

/** Records the key's fingerprint unless one is recorded already (first writer wins); returns the recorded one. */
async function recordIfAbsent(db: Knex, fingerprint: string): Promise<string> {
  await db(KEY_RECORDS_TABLE).insert({ name: FINGERPRINT, value: fingerprint, created_at: new Date().toISOString() }).onConflict('name').ignore();
  return (await recorded(db))!;
}

/**
 * Records a key the panel has just made (the key file, when no secret depended on an earlier one),
 * replacing an earlier record, which protected nothing.
 */
export async function recordNewKey(db: Knex, key: Buffer): Promise<void> {
  await db(KEY_RECORDS_TABLE).insert({ name: FINGERPRINT, value: keyFingerprint(key), created_at: new Date().toISOString() }).onConflict('name').merge();
}

/** An install from before the record: the key is recorded only if it opens a stored secret (when there is one). */
async function assertOpensStoredSecrets(db: Knex, config: PanelConfig, current: CurrentKey): Promise<void> {
  const row = await db('auth_totp').where('secret', 'like', 'v1.%').first('operator_id', 'secret');
  if (!row) return;
  const secrets = new TotpSecrets(() => db, { dataDir: config.dataDir, secretKey: current.key.toString('base64') });
  const opened = await secrets.open(Number(row.operator_id), String(row.secret)).catch(() => undefined);
  if (opened !== undefined) return;
  throw new Error(
    `The secret key from ${current.origin} does not open the TOTP secrets stored in the panel database: they were encrypted ` +
      `with another key. Start with the key they were encrypted with; if it is lost, reset TOTP for each operator who has it ` +
      `(\`panel operator reset-mfa <email>\`).`,
  );
}

/**
 * Checks the key this process would use against the panel database's record, recording it at the
 * first start; throws a one-line error saying what to do when it does not match.
 */
export async function checkSecretKey(db: Knex, config: PanelConfig): Promise<void> {
  requireSharedKey(config);
  const current = currentKey(config);
  // No key yet (a data folder that never needed one) or the key file is gone: TotpSecrets makes one, and records it,
  // on first use only if no stored secret depends on the old one; otherwise it says how to restore or reset.
  if (!current) return;
  const fingerprint = keyFingerprint(current.key);
  let known = await recorded(db);
  if (known === undefined) {
    await assertOpensStoredSecrets(db, config, current);
    known = await recordIfAbsent(db, fingerprint);
  }
  if (known === fingerprint) return;
  const stored = await storedSecretCount(db);
  const way =
    stored === 0
      ? 'No TOTP secret is stored yet, so if the key was changed on purpose, run `panel secret-key forget` and start again.'
      : `If the recorded key is lost, reset TOTP for each operator who has it (\`panel operator reset-mfa <email>\`, ${stored} stored), then run \`panel secret-key forget\`.`;
  throw new Error(
    `The secret key from ${current.origin} (fingerprint ${shown(fingerprint)}) is not the key this panel database was set up with ` +
      `(fingerprint ${shown(known)}), so TOTP secrets encrypted with one could not be read with the other. Start every panel ` +
      `process on this database with the same ${SECRET_KEY_ENV}. ${way}`,
  );
}

/** `panel secret-key forget`: drops the record, so the next start records its key; refused while secrets depend on it. */
export async function forgetSecretKey(db: Knex): Promise<{ forgotten: boolean }> {
  const stored = await storedSecretCount(db);
  if (stored > 0) {
    throw new Error(
      `${stored} TOTP secret(s) are encrypted with the recorded key; forgetting it would leave them unreadable. Reset TOTP for ` +
        'each operator who has it (`panel operator reset-mfa <email>`) first, or start with the recorded key.',
    );
  }
  return { forgotten: (await db(KEY_RECORDS_TABLE).where({ name: FINGERPRINT }).delete()) > 0 };
}
