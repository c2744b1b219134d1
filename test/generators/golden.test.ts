/**
 * Golden files: the canonical entities of a few fixed seeds, committed. Users pin seeds in their
 * own tests, so a change here must be deliberate: regenerate with
 *   UPDATE_GOLDEN=1 npx mocha test/generators/golden.test.ts
 * and note "seeded output changed" in the changelog.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { run } from './support/fixture.ts';

const DIR = fileURLToPath(new URL('./golden/', import.meta.url));

const CASES = [
  { file: 'seed-42-en_US.json', seed: 42, locale: 'en_US' },
  { file: 'seed-golden-shop-de_DE.json', seed: 'golden-shop', locale: 'de_DE' },
  { file: 'seed-7-ja_JP.json', seed: 7, locale: 'ja_JP' },
] as const;

function batches(seed: string | number, locale: string): string {
  const out: Record<string, unknown> = {};
  for (const r of RESOURCE_NAMES) out[r] = run(r, { count: 3, seed, locale }).entities;
  return `${JSON.stringify(out, null, 2)}\n`;
}

describe('generators: golden files of fixed seeds (a change must be deliberate)', () => {
  for (const c of CASES) {
    it(`seed ${JSON.stringify(c.seed)} in ${c.locale} still gives ${c.file}`, () => {
      const actual = batches(c.seed, c.locale);
      const path = `${DIR}${c.file}`;
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
        if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`${c.file} is missing; create it with UPDATE_GOLDEN=1`);
        mkdirSync(DIR, { recursive: true });
        writeFileSync(path, actual);
        return;
      }
      const expected = readFileSync(path, 'utf8');
      if (actual !== expected) {
        const want = JSON.parse(expected) as Record<string, unknown[]>;
        const got = JSON.parse(actual) as Record<string, unknown[]>;
        const changed = RESOURCE_NAMES.filter((r) => JSON.stringify(want[r]) !== JSON.stringify(got[r]));
        expect.fail(
          `Seeded output changed for ${changed.join(', ')}. If deliberate, run UPDATE_GOLDEN=1 npx mocha test/generators/golden.test.ts ` +
            'and add "seeded output changed" to the changelog.',
        );
      }
    });
  }
});
