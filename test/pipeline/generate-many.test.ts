/**
 * generateMany (issue 14 point 4): one splitting of a large total, one seed derivation and one run id
 * for the CLI's --total and the recipe runner. Chunk seeds must stay within the seed's maxLength, be
 * the same for the same base seed, differ per chunk, and stay `<seed>:<chunk>` where that fits.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import fc from 'fast-check';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { rejection } from '../support/rejection.ts';
import { generate } from '../../controllers/generate.ts';
import { generateMany } from '../../controllers/generate-many.ts';
import { chunkCounts, chunkSeed } from '../../controllers/runs.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { BASE_PARAMETERS, MAX_COUNT_PER_REQUEST, SEED_MAX_LENGTH } from '../../generators/schema.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

describe('chunk seeds and chunk sizes (issue 14 point 4)', () => {
  it('the batch size and the seed limit are those of the parameter schema', () => {
    expect(MAX_COUNT_PER_REQUEST).to.equal(BASE_PARAMETERS.count.maximum);
    expect(SEED_MAX_LENGTH).to.equal(BASE_PARAMETERS.seed.maxLength);
    expect(chunkCounts(230)).to.deep.equal([MAX_COUNT_PER_REQUEST, MAX_COUNT_PER_REQUEST, 230 - 2 * MAX_COUNT_PER_REQUEST]);
    expect(chunkCounts(MAX_COUNT_PER_REQUEST)).to.deep.equal([MAX_COUNT_PER_REQUEST]);
  });

  it('a chunk seed that fits is <seed>:<chunk>, as before', () => {
    expect(chunkSeed(4, 0)).to.equal('4:0');
    expect(chunkSeed('bakery', 12)).to.equal('bakery:12');
    const longest = 'a'.repeat(SEED_MAX_LENGTH - 2);
    expect(chunkSeed(longest, 9)).to.equal(`${longest}:9`);
  });

  it('every chunk seed fits the limit, is the same for the same seed and chunk, and differs per chunk and per seed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: SEED_MAX_LENGTH }),
        fc.string({ minLength: 1, maxLength: SEED_MAX_LENGTH }),
        fc.nat(200_000),
        fc.nat(200_000),
        (a, b, i, j) => {
          const s = chunkSeed(a, i);
          expect(s.length).to.be.at.most(SEED_MAX_LENGTH);
          expect(chunkSeed(a, i)).to.equal(s);
          if (i !== j) expect(chunkSeed(a, j)).to.not.equal(s);
          if (a !== b) expect(chunkSeed(b, i)).to.not.equal(s);
        },
      ),
      { seed: 14, numRuns: 2000 },
    );
  });
});

eachDatabase('generateMany on the toy driver', (target) => {
  let h: SeederHarness;

  before(async () => {
    h = await bootSeederSite(target, { plugins: ['toy-store', 'seeder'], pluginModules: [TOY] });
  });
  after(async () => h.dispose());
  afterEach(async () => {
    let r = await cleanup(h.req, { limit: 500 });
    while (r.remaining > 0 && r.deleted > 0) r = await cleanup(h.req, { limit: 500 });
  });

  it('writes a total larger than one request under one run id, chunk k with seed <seed>:<k>', async () => {
    const made = await generateMany(h.req, 'customer', { seed: 'many' }, 230);
    expect(made).to.include({ requested: 230, created_count: 230, failed: 0, seed: 'many', platform: 'toy', stopped: null });
    expect(made.run_id).to.match(/^run_[A-Za-z0-9_-]{12}$/);
    expect(Number((await h.site.db(LEDGER_TABLE).where({ run_id: made.run_id }).count({ n: '*' }))[0].n)).to.equal(230);
    // The third request's seed is many:2: asking for its first row again is refused, naming this run.
    const again = await rejection(generate(h.req, 'customer', { count: 1, seed: 'many:2' }));
    expect(again.code).to.equal('generation.conflict');
    expect(again.details?.run_ids).to.deep.equal([made.run_id]);
    // There was no fourth request.
    expect((await generate(h.req, 'customer', { count: 1, seed: 'many:3' })).created_count).to.equal(1);
  });

  it('a seed of the longest length runs (its chunk seeds stay within the limit), deterministically and apart from a seed sharing its start', async () => {
    const long = 's'.repeat(SEED_MAX_LENGTH);
    const first = await generateMany(h.req, 'customer', { seed: long }, 150);
    expect(first).to.include({ created_count: 150, failed: 0, seed: long });
    const repeated = await rejection(generateMany(h.req, 'customer', { seed: long }, 150));
    expect(repeated.code).to.equal('generation.conflict');
    expect(repeated.details?.run_ids).to.deep.equal([first.run_id]);
    const sibling = await generateMany(h.req, 'customer', { seed: `${'s'.repeat(SEED_MAX_LENGTH - 1)}t` }, 150);
    expect(sibling).to.include({ created_count: 150, failed: 0 });
  });

  it('a seed longer than the limit, or a total out of range, is 422 naming it, and nothing is written', async () => {
    const tooLong = await rejection(generateMany(h.req, 'customer', { seed: 'x'.repeat(SEED_MAX_LENGTH + 1) }, 10));
    expect(tooLong.code).to.equal('validation.invalid');
    expect(Object.keys(tooLong.details?.params as object)).to.deep.equal(['seed']);
    for (const total of [0, 1.5, -3]) {
      const bad = await rejection(generateMany(h.req, 'customer', {}, total));
      expect(Object.keys(bad.details?.params as object)).to.deep.equal(['total']);
    }
    expect(Number((await h.site.db(LEDGER_TABLE).count({ n: '*' }))[0].n)).to.equal(0);
  });
});
