import { expect } from 'chai';
import { generate, ParameterValidationError } from '../../generators/registry.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { MAX_TOTAL } from '../../generators/schema.ts';
import { REFERENCE_DATE, run, SHOP } from './support/fixture.ts';
import { existingRecords } from '../../generators/existing.ts';

const rowOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/** Rows [a, b) of one request for `total` rows, by row index (a generator may leave rows out). */
function slice(entities: readonly { key: string }[], a: number, b: number) {
  return entities.filter((e) => rowOf(e.key) >= a && rowOf(e.key) < b);
}

describe('generators: offset (issue 15, point 5)', () => {
  const N = 60;
  const ranges: [number, number][] = [
    [0, 60],
    [0, 1],
    [17, 43],
    [40, 60],
    [59, 60],
  ];

  for (const [label, existing] of [
    ['the fixture shop', SHOP],
    ['an empty shop (taxonomies from their first name)', existingRecords({ ...SHOP, product_categories: [], product_tags: [], brands: [], attributes: [], labels: [], shipping_classes: [], tax_classes: [], variations: [] })],
  ] as const) {
    it(`for every resource, rows [a, b) of seed s equal a request with offset a and count b - a (${label})`, () => {
      for (const resource of RESOURCE_NAMES) {
        for (const seed of ['shard', 7]) {
          const whole = run(resource, { count: N, seed }, existing).entities;
          expect(whole.length, `${resource} made rows`).to.be.greaterThan(0);
          for (const [a, b] of ranges) {
            const part = run(resource, { count: b - a, seed, offset: a }, existing).entities;
            expect(part, `${resource} seed ${seed} rows ${a}..${b - 1}`).to.deep.equal(slice(whole, a, b));
          }
        }
      }
    });
  }

  it('offset 0 is the request without offset', () => {
    for (const resource of RESOURCE_NAMES) {
      expect(run(resource, { count: 12, seed: 3, offset: 0 }).entities, resource).to.deep.equal(run(resource, { count: 12, seed: 3 }).entities);
    }
  });

  it('keys name the absolute row index', () => {
    const keys = run('order', { count: 3, seed: 'k', offset: 250 }).entities.map((e) => e.key);
    expect(keys).to.deep.equal(['order:k:250', 'order:k:251', 'order:k:252']);
  });

  it('reaches the last rows of the largest run without making the rows before them', function () {
    this.timeout(5000);
    const started = Date.now();
    const part = run('order', { count: 2, seed: 'far', offset: MAX_TOTAL - 2 }).entities;
    expect(part.map((e) => rowOf(e.key))).to.deep.equal([MAX_TOTAL - 2, MAX_TOTAL - 1]);
    expect(Date.now() - started).to.be.below(2000);
  });

  for (const [offset, why] of [
    [-1, 'negative'],
    [1.5, 'not an integer'],
    ['3', 'a string'],
    [MAX_TOTAL, 'past the largest run'],
  ] as const) {
    it(`refuses an offset that is ${why}, naming offset`, () => {
      let error: unknown;
      try {
        generate('customer', { count: 1, seed: 1, offset, reference_date: REFERENCE_DATE }, { existing: SHOP });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(ParameterValidationError);
      expect((error as ParameterValidationError).body.details.params).to.have.property('offset');
    });
  }
});
