/**
 * Small file helpers for recipes and sample data: JSON reads cached by (path, size, mtime), so the
 * registry can look at the disk on every request without re-parsing, and atomic writes (a temporary
 * file beside the target, then rename), so a reader never sees half a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Bigger than any words file or manifest we accept; a larger file is refused unread. */
export const MAX_JSON_FILE_BYTES = 1024 * 1024;

type JsonRead = { ok: true; value: unknown } | { ok: false; error: string };

/** Parsed files by path; an entry is reused only while size, mtime and inode (a rename makes a new one) are unchanged. */
const cache = new Map<string, { size: number; mtimeMs: number; ino: number; read: JsonRead }>();
const MAX_CACHED = 5000;

/** The parsed JSON of a file, undefined when it does not exist, or the reason it cannot be used. */
export async function readJsonFile(file: string): Promise<JsonRead | undefined> {
  let stat;
  try {
    stat = await fs.lstat(file);
  } catch {
    cache.delete(file);
    return undefined;
  }
  // A link could point anywhere on the machine; recipe and sample-data folders hold plain files only.
  if (!stat.isFile()) return { ok: false, error: 'is not a regular file' };
  const hit = cache.get(file);
  if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs && hit.ino === stat.ino) return hit.read;
  let read: JsonRead;
  if (stat.size > MAX_JSON_FILE_BYTES) {
    read = { ok: false, error: `is larger than ${MAX_JSON_FILE_BYTES} bytes` };
  } else {
    try {
      read = { ok: true, value: JSON.parse(await fs.readFile(file, 'utf8')) };
    } catch (e) {
      read = { ok: false, error: `is not valid JSON (${e instanceof Error ? e.message : String(e)})` };
    }
  }
  // Superseded copies leave entries behind; a full cache simply starts over.
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, read });
  return read;
}

/** Names of the sub-folders of `dir` (not links), sorted; empty when it does not exist. */
export async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** Names of the regular files of `dir` ending in `suffix`, sorted; empty when it does not exist. */
export async function filesEndingIn(dir: string, suffix: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** Writes `data` to `file` through a temporary file in the same folder and a rename. */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

export async function pathExists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}
