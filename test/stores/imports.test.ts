/** Issue #3: the stores know nothing of the Seeder: nothing under stores/ imports from its folders. */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FORBIDDEN = ['generators', 'drivers', 'recipes', 'rest', 'cli', 'mcp', 'admin'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(ts|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

describe('stores: import boundaries', () => {
  it('nothing under stores/ imports from generators, drivers, recipes, rest, cli, mcp, admin or the Seeder plugin.ts', () => {
    const files = sources(path.join(ROOT, 'stores'));
    expect(files.length).to.be.greaterThan(10);
    const offences: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
      for (const spec of specifiers) {
        if (!spec.startsWith('.')) continue;
        const resolved = path.relative(ROOT, path.resolve(path.dirname(file), spec));
        const top = resolved.split(path.sep)[0];
        if (FORBIDDEN.includes(top) || resolved === 'plugin.ts') offences.push(`${path.relative(ROOT, file)} -> ${spec}`);
      }
    }
    expect(offences).to.deep.equal([]);
  });
});
