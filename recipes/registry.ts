/**
 * The recipe registry of one site. Recipes come from three places, in this order: the site's synced
 * archive, the bundled recipes, then whatever other plugins add through `seeder_recipes` (a filter of
 * the whole list, so a plugin may also replace or remove one). The first recipe of an id wins, so a
 * synced copy supersedes the bundled recipe it updates.
 *
 * Every manifest is validated (recipes/manifest.ts); a broken one is dropped, reported in `invalid`
 * and logged once, and never takes the others down. A recipe's words are looked up in its inline
 * `words`, then in the directories `seeder_recipe_directories` returns for it (by default the
 * `words/` folder beside its manifest), one `<locale>.json` per locale.
 *
 * The disk is read on every call (parsed files are cached by size and mtime), so a sync or a plugin
 * activated a moment ago is seen at once.
 */
import path from 'node:path';
import { LOCALE_CODES, LOCALES, resolveLocale } from '../generators/locales.ts';
import type { Site } from '../panel/site.ts';
import { filesEndingIn, readJsonFile, subfolders } from './files.ts';
import { parseManifest } from './manifest.ts';
import { BUNDLED_RECIPES_DIR, wordsDirOf } from './paths.ts';
import { readSyncedState } from './synced.ts';
import type { InvalidRecipe, Recipe, RecipeManifestInput, RecipeOrigin, RecipeWords } from './types.ts';
import { parseWords } from './words.ts';
import { seederHooks } from '../controllers/hooks.ts';

export interface RegistryContents {
  recipes: Recipe[];
  invalid: InvalidRecipe[];
  /** Problems that did not drop a recipe (a missing or broken words file, a duplicate plan entry). */
  notes: string[];
}

interface DiskOrigin {
  origin: RecipeOrigin;
  /** The recipe's folder. */
  dir: string;
  folder: string;
  file: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class RecipeRegistry {
  readonly #site: Site;
  readonly #logged = new Set<string>();
  /** Where the bundled recipes are: the folder that ships with the code unless a caller says otherwise. */
  readonly #bundledDir: string;

  constructor(site: Site, bundledDir: string = BUNDLED_RECIPES_DIR) {
    this.#site = site;
    this.#bundledDir = bundledDir;
  }

  /** Logs a problem once per site and process (the registry is read on every request). */
  #log(message: string): void {
    if (this.#logged.has(message)) return;
    this.#logged.add(message);
    process.emitWarning(message, { code: 'SEEDER_RECIPE_INVALID' });
  }

  async #readDisk(invalid: InvalidRecipe[], origins: WeakMap<object, DiskOrigin>): Promise<RecipeManifestInput[]> {
    const roots: Array<[RecipeOrigin, string]> = [];
    const synced = await readSyncedState(this.#site);
    if (synced) roots.push(['synced', synced.dir]);
    roots.push(['bundled', this.#bundledDir]);
    const out: RecipeManifestInput[] = [];
    for (const [origin, root] of roots) {
      for (const folder of await subfolders(root)) {
        const file = path.join(root, folder, 'manifest.json');
        const read = await readJsonFile(file);
        if (read === undefined) continue;
        if (!read.ok || !isObject(read.value)) {
          invalid.push({ source: file, id: folder, reason: read.ok ? 'a manifest must be a JSON object' : `manifest.json ${read.error}` });
          continue;
        }
        // A copy: taps may change what they receive, and the parsed file stays cached.
        const manifest = structuredClone(read.value) as unknown as RecipeManifestInput;
        origins.set(manifest, { origin, dir: path.join(root, folder), folder, file });
        out.push(manifest);
      }
    }
    return out;
  }

  async #words(id: string, inline: Map<string, RecipeWords>, origin: DiskOrigin | undefined, notes: string[]): Promise<Map<string, RecipeWords>> {
    const words = new Map(inline);
    const defaults = origin ? [wordsDirOf(origin.dir)] : [];
    const dirs = seederHooks(this.#site).applyFilters('seeder_recipe_directories', defaults, id);
    for (const dir of Array.isArray(dirs) ? dirs : defaults) {
      if (typeof dir !== 'string' || dir === '') continue;
      for (const file of await filesEndingIn(dir, '.json')) {
        const code = file.slice(0, -'.json'.length);
        if (words.has(code) || !LOCALE_CODES.includes(code)) continue;
        const full = path.join(dir, file);
        const read = await readJsonFile(full);
        if (!read) continue;
        const parsed = read.ok ? parseWords(read.value) : { error: read.error };
        if ('error' in parsed) {
          notes.push(`recipe "${id}": ${full} was ignored: ${parsed.error}`);
          continue;
        }
        words.set(code, parsed.words);
      }
    }
    return words;
  }

  /** Every valid recipe, the dropped ones with their reasons, and notes. */
  async load(): Promise<RegistryContents> {
    const invalid: InvalidRecipe[] = [];
    const notes: string[] = [];
    const origins = new WeakMap<object, DiskOrigin>();
    const disk = await this.#readDisk(invalid, origins);
    let list: unknown = await seederHooks(this.#site).applyFiltersAsync('seeder_recipes', disk);
    if (!Array.isArray(list)) {
      notes.push('a seeder_recipes tap returned something that is not a list; it was ignored');
      list = disk;
    }
    const recipes: Recipe[] = [];
    const seen = new Set<string>();
    for (const item of list as unknown[]) {
      const origin = isObject(item) ? origins.get(item) : undefined;
      const source = origin?.file ?? 'plugin';
      const parsed = parseManifest(item, origin?.folder);
      if ('error' in parsed) {
        invalid.push({ source, id: isObject(item) && typeof item.id === 'string' ? item.id : null, reason: parsed.error });
        continue;
      }
      const m = parsed.manifest;
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      for (const note of m.notes) notes.push(`recipe "${m.id}": ${note}`);
      const words = await this.#words(m.id, m.words, origin, notes);
      const declared = m.locales.filter((code) => words.has(code));
      for (const code of m.locales) if (!words.has(code)) notes.push(`recipe "${m.id}" declares ${code} but ships no words for it`);
      const extra = [...words.keys()].filter((code) => !m.locales.includes(code)).sort();
      const locales = [...declared, ...extra];
      if (locales.length === 0) {
        invalid.push({ source, id: m.id, reason: `no words were found for any of its locales (${m.locales.join(', ')})` });
        continue;
      }
      recipes.push({
        id: m.id,
        name: m.name,
        description: m.description,
        version: m.version,
        origin: origin?.origin ?? 'plugin',
        locales,
        price_band: m.price_band,
        plan: m.plan,
        words,
      });
    }
    for (const i of invalid) this.#log(`Recipe ${i.id ? `"${i.id}" ` : ''}from ${i.source} was dropped: ${i.reason}`);
    for (const n of notes) this.#log(n);
    return { recipes, invalid, notes };
  }

  /** The recipe of an id, or undefined (an unknown id is not an error for generate). */
  async find(id: string): Promise<Recipe | undefined> {
    return (await this.load()).recipes.find((r) => r.id === id);
  }
}

export interface RecipeWordsLookup {
  /** The locale whose words are used, or null when the recipe has none. */
  locale: string | null;
  /** True when the requested locale itself ships words (no fallback). */
  exact: boolean;
  words: RecipeWords | undefined;
}

/**
 * The recipe's words for a locale, with the locale fallback rule: the locale itself, else its language
 * (preferring the language's own country), else en_US, else the recipe's first locale.
 */
export function recipeWordsFor(recipe: Recipe, locale: string): RecipeWordsLookup {
  const available = LOCALES.filter((l) => recipe.words.has(l.code));
  if (available.length === 0) return { locale: null, exact: false, words: undefined };
  const resolved = resolveLocale(locale, available);
  return { locale: resolved, exact: resolved === locale, words: recipe.words.get(resolved) };
}
