/**
 * The site's copy of the recipe archive. Layout under `<site dir>/recipes/`:
 *
 * - `v-<hash>/`      an extracted archive (index.json and one folder per recipe);
 * - `current.json`   the pointer: which `v-<hash>` folder is in use, with its hash, size, source and time;
 * - `.tmp-*`         an extraction in progress (or left by a crash; removed by the next sync).
 *
 * A sync downloads and checks the whole archive in memory, extracts it into a fresh temporary folder
 * beside the target, renames that folder into place and only then replaces the pointer (write and
 * rename), so at every moment the pointer names a complete copy: a refused, failed or interrupted
 * download leaves the previous copy in use. `force` deletes the local copy first instead.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { ARCHIVE_LIMITS, ArchiveRejected, checkArchiveIndex, unpackArchive, writeArchiveTree, type ArchiveIndexRecipe } from './archive.ts';
import { hasConsent } from './consent.ts';
import { DownloadError, downloadBytes } from './download.ts';
import { pathExists, readJsonFile, writeFileAtomic } from './files.ts';
import { syncedRecipesRoot } from './paths.ts';
import { recipesSource } from './sources.ts';

const POINTER = 'current.json';
const FOLDER_PATTERN = /^v-[0-9a-f]{16}$/;

/** What the pointer records about the copy in use. */
export interface SyncedState {
  folder: string;
  sha256: string;
  size_bytes: number;
  source: string;
  synced_at: string;
  recipes: ArchiveIndexRecipe[];
}

/** The copy in use and its folder, or null when the site has none (or the pointer names nothing usable). */
export async function readSyncedState(site: Site): Promise<{ state: SyncedState; dir: string } | null> {
  const root = syncedRecipesRoot(site);
  const read = await readJsonFile(path.join(root, POINTER));
  if (!read?.ok) return null;
  const s = read.value as Partial<SyncedState> | null;
  if (!s || typeof s.folder !== 'string' || !FOLDER_PATTERN.test(s.folder) || typeof s.sha256 !== 'string') return null;
  const dir = path.join(root, s.folder);
  try {
    if (!(await fs.lstat(dir)).isDirectory()) return null;
  } catch {
    return null;
  }
  return {
    dir,
    state: {
      folder: s.folder,
      sha256: s.sha256,
      size_bytes: Number(s.size_bytes ?? 0),
      source: String(s.source ?? ''),
      synced_at: String(s.synced_at ?? ''),
      recipes: Array.isArray(s.recipes) ? s.recipes : [],
    },
  };
}

/** Deletes the site's copy of the archive; true when there was one. */
export async function removeSyncedRecipes(site: Site): Promise<boolean> {
  const root = syncedRecipesRoot(site);
  const existed = await pathExists(root);
  await fs.rm(root, { recursive: true, force: true });
  return existed;
}

export interface SyncOutcome {
  /** False when the downloaded archive is the copy already in use (nothing was rewritten). */
  changed: boolean;
  forced: boolean;
  /** With `force`: whether a local copy existed and was deleted before the download. */
  removed_previous: boolean;
  source: string;
  sha256: string;
  size_bytes: number;
  synced_at: string;
  recipes: ArchiveIndexRecipe[];
}

/** Removes extraction leftovers and superseded copies, keeping `keep`. */
async function removeStale(root: string, keep: string): Promise<void> {
  let names: string[] = [];
  try {
    names = await fs.readdir(root);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === keep || name === POINTER) continue;
    if (name.startsWith('.tmp-') || FOLDER_PATTERN.test(name) || name.startsWith(`.${POINTER}.`)) {
      await fs.rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}

/**
 * Downloads the archive from `seeder_recipes_source` and makes it the site's copy. Needs sample-data
 * consent. The caller serialises syncs of one site.
 */
export async function syncRecipeArchive(site: Site, options: { force: boolean }): Promise<SyncOutcome> {
  if (!(await hasConsent(site))) {
    throw new PanelError(
      'recipes.consent_required',
      'Downloading recipes needs sample-data consent for this site: an administrator grants it at POST sample-data/consent (panel seeder sample-data consent grant).',
      { consent: 'sample_data' },
    );
  }
  const source = recipesSource(site);
  const root = syncedRecipesRoot(site);
  const removedPrevious = options.force ? await removeSyncedRecipes(site) : false;

  let archive: Buffer;
  try {
    archive = await downloadBytes(source, { maxBytes: ARCHIVE_LIMITS.maxArchiveBytes, accept: 'application/gzip, application/octet-stream' });
  } catch (e) {
    if (e instanceof DownloadError && e.kind === 'oversized') throw new PanelError('recipes.archive_rejected', `The recipe archive was refused: ${e.message}.`, { source });
    if (e instanceof DownloadError) throw new PanelError('recipes.download_failed', `The recipe archive could not be downloaded: ${e.message}.`, { source });
    throw e;
  }
  const sha256 = crypto.createHash('sha256').update(archive).digest('hex');
  const current = options.force ? null : await readSyncedState(site);
  if (current && current.state.sha256 === sha256) {
    const { folder: _unchanged, ...same } = current.state;
    return { changed: false, forced: false, removed_previous: false, ...same };
  }

  let files: Map<string, Buffer>;
  let recipes: ArchiveIndexRecipe[];
  try {
    files = await unpackArchive(archive);
    recipes = checkArchiveIndex(files).recipes;
  } catch (e) {
    if (e instanceof ArchiveRejected) throw new PanelError('recipes.archive_rejected', `The recipe archive was refused: ${e.message}. Nothing on disk was changed.`, { source });
    throw e;
  }

  await fs.mkdir(root, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(root, '.tmp-'));
  const folder = `v-${sha256.slice(0, 16)}`;
  try {
    await writeArchiveTree(files, tmp);
    // A folder of this name can only be a leftover of an interrupted sync of the same archive.
    await fs.rm(path.join(root, folder), { recursive: true, force: true });
    await fs.rename(tmp, path.join(root, folder));
  } catch (e) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
  const state: SyncedState = { folder, sha256, size_bytes: archive.length, source, synced_at: new Date().toISOString(), recipes };
  await writeFileAtomic(path.join(root, POINTER), `${JSON.stringify(state, null, 2)}\n`);
  await removeStale(root, folder);
  const { folder: _written, ...written } = state;
  return { changed: true, forced: options.force, removed_previous: removedPrevious, ...written };
}
