/**
 * The recipe archive: a gzipped tar with `index.json` at its root and one folder per recipe
 * (`<id>/manifest.json`, `<id>/words/<locale>.json`). The index lists every recipe and every file with
 * its size and SHA-256, so a truncated, tampered or padded archive is refused as a whole.
 *
 * Unpacking happens in memory under hard limits, and refuses anything that could write outside the
 * target folder or that is not a plain file or folder: absolute names, `..` segments, backslashes,
 * links, devices. Only a fully checked archive is ever written to disk (recipes/synced.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import type { Header } from 'tar-stream';
import { filesEndingIn, readJsonFile, subfolders } from './files.ts';
import { parseManifest, RECIPE_ID_PATTERN } from './manifest.ts';
import { parseWords } from './words.ts';

/** tar-stream, loaded when an archive is packed or read, not whenever recipes are listed. */
const tarStream = () => createRequire(import.meta.url)('tar-stream') as typeof import('tar-stream');

export const ARCHIVE_INDEX = 'index.json';
export const ARCHIVE_FORMAT = 'seeder-recipes/1';

export interface ArchiveLimits {
  /** Largest download accepted (compressed). The published archive is about 90 KB or less. */
  maxArchiveBytes: number;
  /** Largest total size once unpacked. */
  maxUnpackedBytes: number;
  maxEntries: number;
  maxFileBytes: number;
}

export const ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxArchiveBytes: 512 * 1024,
  maxUnpackedBytes: 4 * 1024 * 1024,
  maxEntries: 1000,
  maxFileBytes: 1024 * 1024,
});

export interface ArchiveIndexRecipe {
  id: string;
  name: string;
  version: string | null;
  locales: string[];
}

export interface ArchiveIndex {
  format: typeof ARCHIVE_FORMAT;
  recipes: ArchiveIndexRecipe[];
  /** Every file of the archive except the index, by path: its size and SHA-256 (hex). */
  files: Record<string, { size: number; sha256: string }>;
}

/** An archive refused as a whole; the message says why. */
export class ArchiveRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRejected';
  }
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

// ---- building ----

/** One entry of a tar to pack; `type` defaults to file. Tests use the link types to build hostile archives. */
export interface TarEntry {
  name: string;
  data?: Buffer | string;
  type?: 'file' | 'directory' | 'symlink' | 'link';
  linkname?: string;
}

/** Fixed entry times and owners, so the same folder always packs to the same bytes (and the same hash). */
const FIXED_MTIME = new Date(Date.UTC(2020, 0, 1));

/** Packs entries, in the given order, into a gzipped tar. */
export async function packTarGz(entries: readonly TarEntry[]): Promise<Buffer> {
  const pack = tarStream().pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const e of entries) {
    const type = e.type ?? 'file';
    const header: Partial<Header> & { name: string } = { name: e.name, type, mtime: FIXED_MTIME, mode: type === 'directory' ? 0o755 : 0o644, uid: 0, gid: 0, uname: '', gname: '' };
    if (e.linkname !== undefined) header.linkname = e.linkname;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error | null) => (err ? reject(err) : resolve());
      if (type === 'file') pack.entry(header, Buffer.from(e.data ?? ''), done);
      else pack.entry(header, done);
    });
  }
  pack.finalize();
  await done;
  return zlib.gzipSync(Buffer.concat(chunks), { level: 9 });
}

/**
 * Builds the archive from a folder of recipes (`<id>/manifest.json` plus `<id>/words/*.json`). Every
 * manifest and words file is validated first: a broken recipe fails the build rather than the sites
 * that download it.
 */
export async function buildRecipeArchive(folder: string): Promise<{ archive: Buffer; index: ArchiveIndex }> {
  const index: ArchiveIndex = { format: ARCHIVE_FORMAT, recipes: [], files: {} };
  const files: Array<{ name: string; data: Buffer }> = [];
  for (const id of await subfolders(folder)) {
    const manifestPath = path.join(folder, id, 'manifest.json');
    const read = await readJsonFile(manifestPath);
    if (read === undefined) continue;
    if (!read.ok) throw new Error(`${manifestPath} ${read.error}`);
    const parsed = parseManifest(read.value, id);
    if ('error' in parsed) throw new Error(`${manifestPath}: ${parsed.error}`);
    const entries = [`${id}/manifest.json`];
    for (const file of await filesEndingIn(path.join(folder, id, 'words'), '.json')) {
      const words = await readJsonFile(path.join(folder, id, 'words', file));
      if (!words?.ok) throw new Error(`${id}/words/${file} ${words?.error ?? 'cannot be read'}`);
      const checked = parseWords(words.value);
      if ('error' in checked) throw new Error(`${id}/words/${file}: ${checked.error}`);
      entries.push(`${id}/words/${file}`);
    }
    for (const name of entries) {
      const data = await fs.readFile(path.join(folder, ...name.split('/')));
      files.push({ name, data });
      index.files[name] = { size: data.length, sha256: sha256(data) };
    }
    const m = parsed.manifest;
    index.recipes.push({ id: m.id, name: m.name, version: m.version, locales: m.locales });
  }
  if (index.recipes.length === 0) throw new Error(`${folder} holds no recipe folder with a manifest.json`);
  const archive = await packTarGz([{ name: ARCHIVE_INDEX, data: `${JSON.stringify(index, null, 2)}\n` }, ...files]);
  return { archive, index };
}

// ---- unpacking ----

/** The entry name as a safe relative path (`a/b.json`), or why it is refused. */
export function safeEntryName(raw: string): string | { problem: string } {
  const name = raw.startsWith('./') ? raw.slice(2) : raw;
  const shown = JSON.stringify(raw);
  if (name === '' || name.length > 200) return { problem: `entry name ${shown} is empty or too long` };
  if (name.includes('\0') || name.includes('\\')) return { problem: `entry ${shown} has a backslash or NUL in its name` };
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return { problem: `entry ${shown} is an absolute path` };
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..')) return { problem: `entry ${shown} escapes the folder with ".."` };
  if (segments.some((s) => s === '' || s === '.')) return { problem: `entry ${shown} has an empty or "." segment` };
  return segments.join('/');
}

const gunzip = promisify(zlib.gunzip);

/** Unpacks a gzipped tar into memory, refusing it whole on the first problem; folders are implied by file paths. */
export async function unpackArchive(gz: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Map<string, Buffer>> {
  if (gz.length > limits.maxArchiveBytes) throw new ArchiveRejected(`the archive is ${gz.length} bytes, more than the ${limits.maxArchiveBytes} accepted`);
  let tar: Buffer;
  try {
    tar = await gunzip(gz, { maxOutputLength: limits.maxUnpackedBytes });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      throw new ArchiveRejected(`the archive unpacks to more than ${limits.maxUnpackedBytes} bytes`);
    }
    throw new ArchiveRejected('the archive is not gzip-compressed');
  }
  const files = new Map<string, Buffer>();
  const extract = tarStream().extract();
  extract.end(tar);
  let entries = 0;
  try {
    for await (const entry of extract) {
      const h = entry.header;
      if (++entries > limits.maxEntries) throw new ArchiveRejected(`the archive has more than ${limits.maxEntries} entries`);
      const name = safeEntryName(h.name);
      if (typeof name !== 'string') throw new ArchiveRejected(name.problem);
      if (h.type !== 'file' && h.type !== 'directory') {
        throw new ArchiveRejected(`entry "${name}" is a ${h.type ?? 'special entry'}; an archive may hold plain files and folders only`);
      }
      if (h.type === 'directory') {
        entry.resume();
        continue;
      }
      if ((h.size ?? 0) > limits.maxFileBytes) throw new ArchiveRejected(`entry "${name}" is larger than ${limits.maxFileBytes} bytes`);
      if (files.has(name)) throw new ArchiveRejected(`entry "${name}" appears twice`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      files.set(name, Buffer.concat(chunks));
    }
  } catch (e) {
    extract.destroy();
    if (e instanceof ArchiveRejected) throw e;
    throw new ArchiveRejected(`the archive is not a valid tar file (${e instanceof Error ? e.message : String(e)})`);
  }
  return files;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks the unpacked files against the index: the index must exist and name every recipe and every
 * file with its size and hash; a file the index does not list, or a listed one that is missing or
 * differs, refuses the archive.
 */
export function checkArchiveIndex(files: ReadonlyMap<string, Buffer>): ArchiveIndex {
  const raw = files.get(ARCHIVE_INDEX);
  if (!raw) throw new ArchiveRejected(`the archive has no ${ARCHIVE_INDEX} at its root`);
  let index: unknown;
  try {
    index = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ArchiveRejected(`${ARCHIVE_INDEX} is not valid JSON`);
  }
  if (!isObject(index) || index.format !== ARCHIVE_FORMAT || !Array.isArray(index.recipes) || !isObject(index.files)) {
    throw new ArchiveRejected(`${ARCHIVE_INDEX} is not a "${ARCHIVE_FORMAT}" index with recipes and files`);
  }
  const ids = new Set<string>();
  const recipes: ArchiveIndexRecipe[] = [];
  for (const r of index.recipes as unknown[]) {
    if (!isObject(r) || typeof r.id !== 'string' || !RECIPE_ID_PATTERN.test(r.id) || ids.has(r.id)) {
      throw new ArchiveRejected(`${ARCHIVE_INDEX} lists a recipe without a safe, unique id`);
    }
    ids.add(r.id);
    recipes.push({
      id: r.id,
      name: typeof r.name === 'string' ? r.name : r.id,
      version: typeof r.version === 'string' ? r.version : null,
      locales: Array.isArray(r.locales) ? r.locales.filter((l): l is string => typeof l === 'string') : [],
    });
    if (!files.has(`${r.id}/manifest.json`)) throw new ArchiveRejected(`recipe "${r.id}" has no ${r.id}/manifest.json`);
  }
  const listed = index.files as Record<string, unknown>;
  for (const [name, data] of files) {
    if (name === ARCHIVE_INDEX) continue;
    const entry = listed[name];
    if (!isObject(entry)) throw new ArchiveRejected(`"${name}" is not listed in ${ARCHIVE_INDEX}`);
    if (!ids.has(name.split('/')[0])) throw new ArchiveRejected(`"${name}" is outside the folders of the listed recipes`);
    if (entry.size !== data.length || entry.sha256 !== sha256(data)) throw new ArchiveRejected(`"${name}" does not match its size or SHA-256 in ${ARCHIVE_INDEX}`);
  }
  for (const name of Object.keys(listed)) {
    if (!files.has(name)) throw new ArchiveRejected(`"${name}" is listed in ${ARCHIVE_INDEX} but missing from the archive`);
  }
  return { format: ARCHIVE_FORMAT, recipes, files: listed as ArchiveIndex['files'] };
}

/** Writes checked files into `dir`, a fresh empty folder; never follows or replaces anything already there. */
export async function writeArchiveTree(files: ReadonlyMap<string, Buffer>, dir: string): Promise<void> {
  const root = path.resolve(dir);
  for (const name of [...files.keys()].sort()) {
    const target = path.resolve(root, ...name.split('/'));
    // Belt and braces: safeEntryName already refused every name that could leave the folder.
    if (!target.startsWith(root + path.sep)) throw new ArchiveRejected(`entry "${name}" would be written outside the folder`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, files.get(name)!, { flag: 'wx' });
  }
}
