/**
 * Builds the recipe archive that `POST recipes/sync` downloads, from a folder of recipes in this
 * repository (default `recipes/bundled/`), so the source behind `seeder_recipes_source` can be
 * published (for example as a release asset named recipes.tar.gz).
 *
 * Usage: npx tsx scripts/build-recipe-archive.ts [folder] [--out=recipes.tar.gz]
 *
 * Every manifest and words file is validated first; a broken recipe fails the build. The same folder
 * always packs to the same bytes. Prints the recipes, the size and the SHA-256.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ARCHIVE_LIMITS, buildRecipeArchive } from '../recipes/archive.ts';
import { BUNDLED_RECIPES_DIR } from '../recipes/paths.ts';

/** The size the published archive should stay under (the API documents "about 90 KB"). */
const TARGET_BYTES = 90 * 1024;

async function main(argv: string[]): Promise<number> {
  let folder = BUNDLED_RECIPES_DIR;
  let out = path.resolve('recipes.tar.gz');
  for (const arg of argv) {
    if (arg.startsWith('--out=')) out = path.resolve(arg.slice('--out='.length));
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npx tsx scripts/build-recipe-archive.ts [folder] [--out=recipes.tar.gz]');
      return 0;
    } else if (!arg.startsWith('--')) folder = path.resolve(arg);
    else {
      console.error(`Unknown flag ${arg}. Accepted: --out`);
      return 2;
    }
  }
  const { archive, index } = await buildRecipeArchive(folder);
  fs.writeFileSync(out, archive);
  const sha = crypto.createHash('sha256').update(archive).digest('hex');
  console.log(`Wrote ${out}: ${index.recipes.map((r) => `${r.id} (${r.locales.join(', ')})`).join('; ')}`);
  console.log(`${archive.length} bytes, ${Object.keys(index.files).length + 1} files, sha256 ${sha}`);
  if (archive.length > ARCHIVE_LIMITS.maxArchiveBytes) {
    console.error(`The archive is larger than the ${ARCHIVE_LIMITS.maxArchiveBytes} bytes a site accepts; sites will refuse it.`);
    return 1;
  }
  if (archive.length > TARGET_BYTES) console.warn(`Note: the archive is larger than the ${TARGET_BYTES} bytes the API documents.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
