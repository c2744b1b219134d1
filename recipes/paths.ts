/**
 * Where recipes and sample data live. The bundled recipes ship with the code (they work offline from
 * the first start); what a site downloads goes under the site's own folder (`site.dir`), so sites never
 * see each other's files and removing a site removes its downloads.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Site } from '../panel/site.ts';

/** The bundled recipes: `recipes/bundled/<id>/manifest.json` and `words/<locale>.json`. */
export const BUNDLED_RECIPES_DIR = fileURLToPath(new URL('./bundled/', import.meta.url));

/** The site's synced recipe archive: `current.json` names the extracted folder in use. */
export function syncedRecipesRoot(site: Site): string {
  return path.join(site.dir, 'recipes');
}

/** The site's downloaded sample data: one `<locale>.json` per locale. */
export function sampleDataDir(site: Site): string {
  return path.join(site.dir, 'sample-data');
}

/** The folder of a recipe's words inside its recipe folder. */
export function wordsDirOf(recipeDir: string): string {
  return path.join(recipeDir, 'words');
}
