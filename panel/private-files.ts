/**
 * The data folder is its owner's only: the panel database holds password, session and token hashes,
 * each site's database holds its store, and the secret key file decrypts TOTP secrets. Folders the
 * panel makes there are 0700 and database files 0600 (SQLite gives its -wal, -shm and -journal side
 * files the mode of the database file, so creating that file first is enough). A data folder made
 * before this rule, or loosened since, is tightened at start: group and other permission bits are
 * removed, nothing else changes, and the start says so once.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** SQLite's side files of a database file. */
export const SQLITE_SIDE_SUFFIXES = ['-wal', '-shm', '-journal'] as const;

/** Makes a folder (and missing parents) that only its owner may open. An existing folder is left as it is. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates an empty file only its owner may read, unless the file exists. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Removes group and other permissions from each existing path; returns one phrase per path it
 * changed (`panel.sqlite 0644 -> 0600`, names relative to `root`) or could not change.
 */
export function tightenModes(root: string, paths: readonly string[]): string[] {
  // Windows has no such permission bits; Node reports every file there as 0666 or 0444.
  if (process.platform === 'win32') return [];
  const changed: string[] = [];
  for (const p of paths) {
    let mode: number;
    try {
      mode = fs.statSync(p).mode;
    } catch {
      continue;
    }
    if ((mode & 0o077) === 0) continue;
    const name = path.relative(root, p) || p;
    try {
      fs.chmodSync(p, mode & 0o700);
      changed.push(`${name} ${octal(mode)} -> ${octal(mode & 0o700)}`);
    } catch (e) {
      changed.push(`${name} ${octal(mode)} (could not change: ${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
  return changed;
}
