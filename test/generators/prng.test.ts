import { expect } from 'chai';
import fc from 'fast-check';
import { Rng, RowSeeder, hash64 } from '../../generators/random/prng.ts';
import { fakerFor, withRng } from '../../generators/random/faker-pool.ts';
import { uniqueToken } from '../../generators/text.ts';

describe('generators: the seeded random stream', () => {
  it('is a fixed sequence for a fixed seed (sfc32 through splitmix32)', () => {
    const a = new Rng([1, 2]);
    const b = new Rng([1, 2]);
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).to.deep.equal(xs);
    expect(xs).to.deep.equal(Array.from({ length: 5 }, ((r) => () => r.nextUint32())(new Rng([1, 2]))));
    expect(new Rng([1, 3]).nextUint32()).to.not.equal(xs[0]);
  });

  it('keeps its draws in range', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (seed, lo, span) => {
        const rng = new Rng(seed);
        for (let i = 0; i < 20; i++) {
          const f = rng.next();
          expect(f).to.be.at.least(0).and.lessThan(1);
          expect(rng.int(lo, lo + span)).to.be.within(lo, lo + span);
        }
        expect(rng.chance(0)).to.equal(false);
        expect(rng.chance(100)).to.equal(true);
      }),
      { numRuns: 50 },
    );
  });

  it('spreads its draws evenly', () => {
    const rng = new Rng(12345);
    const buckets = new Array(10).fill(0) as number[];
    for (let i = 0; i < 50_000; i++) buckets[Math.floor(rng.next() * 10)]! += 1;
    for (const b of buckets) expect(b).to.be.within(4_700, 5_300);
  });

  it('samples distinct items and never picks a zero weight', () => {
    const rng = new Rng(7);
    const s = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(s).size).to.equal(4);
    for (let i = 0; i < 200; i++) expect(rng.weighted([['a', 0], ['b', 1]] as const)).to.equal('b');
  });

  it('seeds rows from (seed, resource, index) independently of other rows', () => {
    const seeder = new RowSeeder('s', 'order');
    expect(seeder.rng(5).nextUint32()).to.equal(new RowSeeder('s', 'order').rng(5).nextUint32());
    expect(seeder.rng(5).nextUint32()).to.not.equal(seeder.rng(6).nextUint32());
    expect(new RowSeeder('s', 'order').rng(0).nextUint32()).to.not.equal(new RowSeeder('s', 'refund').rng(0).nextUint32());
    expect(hash64('a')).to.not.deep.equal(hash64('b'));
  });

  it('drives faker, so faker output is fixed by the row generator', () => {
    const faker = fakerFor('de');
    const one = withRng(new Rng(99), () => faker.person.fullName());
    const two = withRng(new Rng(99), () => faker.person.fullName());
    expect(one).to.equal(two);
  });

  it('makes unique tokens for every row index of a batch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 3, max: 5 }), (word, length) => {
        const tokens = Array.from({ length: 500 }, (_, i) => uniqueToken(word, i, length));
        expect(new Set(tokens).size).to.equal(500);
        for (const tk of tokens) expect(tk).to.match(new RegExp(`^[0-9A-Z]{${length}}$`));
      }),
      { numRuns: 30 },
    );
  });
});
