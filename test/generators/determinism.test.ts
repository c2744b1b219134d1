import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import fc from 'fast-check';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { resourceArb, seedArb, withoutKeys } from './support/arbitraries.ts';
import { run } from './support/fixture.ts';

describe('generators: determinism (issue 4, point 4)', () => {
  it('the same parameters give byte-identical entities', () => {
    fc.assert(
      fc.property(resourceArb, seedArb, fc.constantFrom('en_US', 'de_DE', 'ja_JP', 'ru_RU', 'ar_EG'), (resource, seed, locale) => {
        const a = JSON.stringify(run(resource, { count: 10, seed, locale }).entities);
        const b = JSON.stringify(run(resource, { count: 10, seed, locale }).entities);
        expect(a).to.equal(b);
      }),
      { numRuns: 60 },
    );
  });

  it('row i is identical whether count is 10 or 100', () => {
    fc.assert(
      fc.property(resourceArb, seedArb, (resource, seed) => {
        const small = run(resource, { count: 10, seed }).entities;
        const large = run(resource, { count: 100, seed }).entities;
        const byKey = new Map(large.map((e) => [e.key, JSON.stringify(e)]));
        for (const e of small) expect(byKey.get(e.key), e.key).to.equal(JSON.stringify(e));
        // Rows a generator leaves out (nothing left to refund, no combination left) are left out in both.
        const firstTen = large.filter((e) => Number(e.key.slice(e.key.lastIndexOf(':') + 1)) < 10);
        expect(firstTen.map((e) => e.key)).to.deep.equal(small.map((e) => e.key));
      }),
      { numRuns: 42 },
    );
  });

  it('42 and "42" are the same seed', () => {
    expect(JSON.stringify(run('customer', { count: 5, seed: 42 }).entities)).to.equal(JSON.stringify(run('customer', { count: 5, seed: '42' }).entities));
  });

  it('a different seed gives different data', () => {
    fc.assert(
      fc.property(
        resourceArb,
        fc.tuple(seedArb, seedArb).filter(([a, b]) => String(a) !== String(b)),
        (resource, [a, b]) => {
          const one = withoutKeys(run(resource, { count: 10, seed: a }).entities);
          const two = withoutKeys(run(resource, { count: 10, seed: b }).entities);
          expect(one).to.not.deep.equal(two);
        },
      ),
      { numRuns: 42 },
    );
  });

  it('gives keys unique per (seed, resource, row index)', () => {
    for (const r of RESOURCE_NAMES) {
      const keys = run(r, { count: 20, seed: 'k' }).entities.map((e) => e.key);
      expect(new Set(keys).size, r).to.equal(keys.length);
      for (const key of keys) expect(key, r).to.match(new RegExp(`^${r}:k:\\d+$`));
    }
  });

  it('gives the same entities in another process', function () {
    this.timeout(20_000);
    const script = fileURLToPath(new URL('./support/print-batch.ts', import.meta.url));
    const child = execFileSync(process.execPath, ['--import', 'tsx', script, 'cross-process'], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    const here: Record<string, unknown> = {};
    for (const r of RESOURCE_NAMES) here[r] = run(r, { count: 5, seed: 'cross-process', locale: 'fr_FR' }).entities;
    expect(child).to.equal(JSON.stringify(here));
  });

  it('does not depend on the platform, recipe or recipe run', () => {
    for (const r of RESOURCE_NAMES) {
      const plain = JSON.stringify(run(r, { count: 5, seed: 3 }).entities);
      expect(JSON.stringify(run(r, { count: 5, seed: 3, platform: 'cartwheel', recipe: 'coffee', recipe_run: 'run_9' }).entities), r).to.equal(plain);
    }
  });
});
