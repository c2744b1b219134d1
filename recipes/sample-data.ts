/**
 * Sample data: per-locale reference vocabulary downloaded from the public source (through
 * `seeder_sample_data_source`) once an administrator consented for the site. Files live in
 * `<site dir>/sample-data/<locale>.json`, in the words format of recipes (recipes/words.ts).
 *
 * Generators use sample data only while consent is granted and a file exists; otherwise the built-in
 * defaults apply. Revoking consent removes every downloaded file (sample data and the recipe archive).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, resolveLocale, type LocaleDef } from '../generators/locales.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { hasConsent } from './consent.ts';
import { DownloadError, downloadBytes } from './download.ts';
import { filesEndingIn, readJsonFile, writeFileAtomic } from './files.ts';
import { sampleDataDir } from './paths.ts';
import { removeSyncedRecipes } from './synced.ts';
import { sampleDataSource } from './sources.ts';
import { MAX_SAMPLE_DATA_LOCALES, type RecipeWords } from './types.ts';
import { parseWords } from './words.ts';

/** Largest sample-data file accepted for one locale. */
export const MAX_SAMPLE_DATA_BYTES = 256 * 1024;
/** Locales one sync may ask for. */

export interface SampleDataFile {
  locale: string;
  bytes: number;
  downloaded_at: string;
}

/** The downloaded files (reads the folder only). */
export async function listSampleData(site: Site): Promise<SampleDataFile[]> {
  const dir = sampleDataDir(site);
  const out: SampleDataFile[] = [];
  for (const file of await filesEndingIn(dir, '.json')) {
    const locale = file.slice(0, -'.json'.length);
    if (!LOCALES.some((l) => l.code === locale)) continue;
    const stat = await fs.stat(path.join(dir, file));
    out.push({ locale, bytes: stat.size, downloaded_at: stat.mtime.toISOString() });
  }
  return out;
}

/** The sample-data words for a locale (with the locale fallback rule), or undefined without consent or files. */
export async function sampleDataWords(site: Site, locale: string): Promise<RecipeWords | undefined> {
  if (!(await hasConsent(site))) return undefined;
  const files = await listSampleData(site);
  if (files.length === 0) return undefined;
  const available: LocaleDef[] = LOCALES.filter((l) => files.some((f) => f.locale === l.code));
  const resolved = resolveLocale(locale, available);
  const read = await readJsonFile(path.join(sampleDataDir(site), `${resolved}.json`));
  if (!read?.ok) return undefined;
  const parsed = parseWords(read.value);
  return 'words' in parsed ? parsed.words : undefined;
}

export interface SampleDataSyncResult {
  downloaded: Array<{ locale: string; bytes: number; fields: string[] }>;
  failed: Array<{ locale: string; error: string }>;
}

/** Validates the `locales` of a sync request: supported codes, at most 10; default en_US. */
export function parseSyncLocales(input: unknown, known: readonly LocaleDef[]): string[] {
  if (input === undefined || input === null) return ['en_US'];
  const list = typeof input === 'string' ? input.split(',').map((s) => s.trim()).filter(Boolean) : input;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_SAMPLE_DATA_LOCALES || !list.every((c) => typeof c === 'string' && known.some((l) => l.code === c) && LOCALES.some((l) => l.code === c))) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): locales', {
      params: { locales: `must be a list of 1 to ${MAX_SAMPLE_DATA_LOCALES} supported locale codes` },
    });
  }
  return [...new Set(list as string[])];
}

/**
 * Downloads the sample data of each locale; each file is validated before it replaces the previous one
 * (write and rename). Needs consent. All failing is 502; some failing is reported per locale.
 */
export async function syncSampleData(site: Site, locales: readonly string[]): Promise<SampleDataSyncResult> {
  if (!(await hasConsent(site))) {
    throw new PanelError(
      'sample_data.consent_required',
      'Downloading sample data needs consent for this site: an administrator grants it at POST sample-data/consent (panel seeder sample-data consent grant).',
      { consent: 'sample_data' },
    );
  }
  const result: SampleDataSyncResult = { downloaded: [], failed: [] };
  for (const locale of locales) {
    const url = sampleDataSource(site, locale);
    try {
      const body = await downloadBytes(url, { maxBytes: MAX_SAMPLE_DATA_BYTES, accept: 'application/json' });
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new Error(`${url} did not answer JSON`);
      }
      const parsed = parseWords(json);
      if ('error' in parsed) throw new Error(`${url} is not sample data: ${parsed.error}`);
      const data = `${JSON.stringify(parsed.words)}\n`;
      await writeFileAtomic(path.join(sampleDataDir(site), `${locale}.json`), data);
      result.downloaded.push({ locale, bytes: Buffer.byteLength(data), fields: Object.keys(parsed.words).sort() });
    } catch (e) {
      result.failed.push({ locale, error: e instanceof DownloadError || e instanceof Error ? e.message : String(e) });
    }
  }
  if (result.downloaded.length === 0) {
    throw new PanelError('sample_data.download_failed', `No sample data could be downloaded: ${result.failed.map((f) => `${f.locale}: ${f.error}`).join('; ')}`, {
      failed: result.failed,
    });
  }
  return result;
}

export interface RemovedDownloads {
  sample_data_files: number;
  recipe_archive: boolean;
}

/** Removes everything downloaded under the consent: the sample-data files and the synced recipe archive. */
export async function removeDownloads(site: Site): Promise<RemovedDownloads> {
  const files = (await listSampleData(site)).length;
  await fs.rm(sampleDataDir(site), { recursive: true, force: true });
  const archive = await removeSyncedRecipes(site);
  return { sample_data_files: files, recipe_archive: archive };
}
