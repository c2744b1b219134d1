/**
 * The panel's secret key: 32 bytes that encrypt secrets the panel must be able to read back (TOTP
 * secrets), as opposed to secrets it only compares (tokens, passwords), which are hashed instead.
 *
 * It comes from `PANEL_SECRET_KEY` (base64 or hex), otherwise from a key file in the data folder
 * that is created on first use (mode 0600). The environment is the way to share one key between
 * several panel processes on one database; the file is the zero-configuration default.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';

export const SECRET_KEY_ENV = 'PANEL_SECRET_KEY';
/** The key file's name inside the data folder. */
export const SECRET_KEY_FILE = 'panel-secret.key';
export const SECRET_KEY_BYTES = 32;

const HEX = /^[0-9a-fA-F]{64}$/;
/** 32 bytes in standard or URL-safe base64, padded (44 characters) or not (43). */
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Reads 32 bytes written as hex (64 characters) or base64 (43 or 44 characters); surrounding
 * whitespace is ignored. Anything else throws an error that names `origin` and says how to make a key.
 */
export function parseSecretKey(text: string, origin: string = SECRET_KEY_ENV): Buffer {
  const value = text.trim();
  let key: Buffer | undefined;
  if (HEX.test(value)) key = Buffer.from(value, 'hex');
  else if (BASE64.test(value)) key = Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=$/, ''), 'base64url');
  if (key?.length !== SECRET_KEY_BYTES) {
    throw new Error(
      `${origin} is not a valid secret key: it must be ${SECRET_KEY_BYTES} random bytes written as base64 (44 characters) ` +
        'or hex (64 characters). Make one with `openssl rand -base64 32`.',
    );
  }
  return key;
}

/** Where the key file of a data folder is. */
export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, SECRET_KEY_FILE);
}

/** The key in the key file, or undefined when there is no file. A file that holds no valid key throws. */
export function readSecretKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return parseSecretKey(text, `The key file ${file}`);
}

/**
 * Creates the key file with a fresh random key, readable by the owner only. The file appears
 * complete or not at all (written aside, then hard-linked into place), and when another process
 * created it first, that process's key is returned: two processes never end up with two keys.
 */
export function createSecretKeyFile(file: string): Buffer {
  makePrivateDir(path.dirname(file));
  const key = crypto.randomBytes(SECRET_KEY_BYTES);
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return readSecretKeyFile(file)!;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
