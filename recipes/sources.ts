/**
 * Where downloads come from. Both defaults are placeholders on a public source-hosting service: publish
 * the archive built by `scripts/build-recipe-archive.ts` (and per-locale sample data) there, or repoint
 * them with `seeder_recipes_source` and `seeder_sample_data_source`. Only http and https are accepted.
 */
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { seederHooks } from '../controllers/hooks.ts';

/** Placeholder: the latest release asset of the public recipes repository. */
export const DEFAULT_RECIPES_SOURCE = 'https://github.com/seeder-recipes/recipes/releases/latest/download/recipes.tar.gz';

/** Placeholder: per-locale sample vocabulary in the public sample-data repository; `{locale}` is filled in. */
export const DEFAULT_SAMPLE_DATA_SOURCE = 'https://raw.githubusercontent.com/seeder-recipes/sample-data/main/v1/{locale}.json';

function checkedUrl(value: unknown, hook: string, code: string): string {
  if (typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    } catch {
      // fall through to the error below
    }
  }
  throw new PanelError(code, `The download source from ${hook} is not an http(s) URL: ${JSON.stringify(value)}.`, { hook });
}

/** The recipe archive URL, through `seeder_recipes_source`. */
export function recipesSource(site: Site): string {
  return checkedUrl(seederHooks(site).applyFilters('seeder_recipes_source', DEFAULT_RECIPES_SOURCE), 'seeder_recipes_source', 'recipes.download_failed');
}

/** The sample-data URL of one locale, through `seeder_sample_data_source`. */
export function sampleDataSource(site: Site, locale: string): string {
  const fallback = DEFAULT_SAMPLE_DATA_SOURCE.replace('{locale}', encodeURIComponent(locale));
  return checkedUrl(seederHooks(site).applyFilters('seeder_sample_data_source', fallback, locale), 'seeder_sample_data_source', 'sample_data.download_failed');
}
