/** Archives for sync tests: built by the real builder from a copy of the bundled recipes, or crafted by hand. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARCHIVE_FORMAT, buildRecipeArchive, packTarGz, type TarEntry } from '../../../recipes/archive.ts';
import { BUNDLED_RECIPES_DIR } from '../../../recipes/paths.ts';

/** The bundled recipes with each recipe's name suffixed (so the synced copy can be told apart), packed by the builder. */
export async function bundledArchive(suffix: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipes-src-'));
  try {
    fs.cpSync(BUNDLED_RECIPES_DIR, dir, { recursive: true });
    for (const id of fs.readdirSync(dir)) {
      const file = path.join(dir, id, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      manifest.name = `${manifest.name} ${suffix}`;
      fs.writeFileSync(file, JSON.stringify(manifest));
    }
    return (await buildRecipeArchive(dir)).archive;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An archive of the given files with a correct index listing them all (and `recipes` ids), plus extra raw entries. */
export async function craftedArchive(files: Record<string, string>, recipes: string[], extra: TarEntry[] = []): Promise<Buffer> {
  const index = {
    format: ARCHIVE_FORMAT,
    recipes: recipes.map((id) => ({ id, name: id, version: null, locales: ['en_US'] })),
    files: Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name, { size: Buffer.byteLength(data), sha256: crypto.createHash('sha256').update(data).digest('hex') }]),
    ),
  };
  return packTarGz([{ name: 'index.json', data: JSON.stringify(index) }, ...Object.entries(files).map(([name, data]) => ({ name, data })), ...extra]);
}

/** Every file under `dir` with its SHA-256 (links reported as such), to prove nothing on disk changed. */
export function diskState(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isSymbolicLink()) out[path.relative(dir, p)] = 'link';
      else out[path.relative(dir, p)] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
