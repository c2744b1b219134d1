/**
 * Stand-in references (generators/stand-ins.ts): deterministic per request, the same records whichever
 * kinds a resource wants, ids that say they are stand-ins, and enough of each type for every dependent
 * generator (no missing prerequisite anywhere, in several locales).
 */
import { expect } from 'chai';
import { generate, generatorFor } from '../../generators/registry.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { standInRecords } from '../../generators/stand-ins.ts';

const request = (seed: string, locale = 'en_US') => ({ seed, locale, reference_date: '2026-06-30', date_range: { start: '2025-06-30', end: '2026-06-30' } });

describe('Stand-in references', () => {
  it('are the same for the same request, differ for another seed, and carry stand-in ids', () => {
    const a = standInRecords('order', generatorFor('order').needs, request('s'));
    expect(standInRecords('order', generatorFor('order').needs, request('s'))).to.deep.equal(a);
    expect(standInRecords('order', generatorFor('order').needs, request('t')).customers).not.to.deep.equal(a.customers);
    for (const kind of generatorFor('order').needs) {
      expect(a[kind].length, kind).to.be.greaterThan(0);
      for (const r of a[kind]) expect(r.id, kind).to.match(/^stand-in-/);
    }
  });

  it('make the same products whichever resource asks (downloads want only products, refunds want orders)', () => {
    const forDownloads = standInRecords('product_download', generatorFor('product_download').needs, request('x'));
    const forLicences = standInRecords('licence', generatorFor('licence').needs, request('x'));
    expect(forLicences.products).to.deep.equal(forDownloads.products);
    expect(forDownloads.orders).to.deep.equal([]);
    expect(forLicences.orders.length).to.be.greaterThan(0);
  });

  it('leave a resource\'s own kind empty, as an empty store would', () => {
    expect(standInRecords('product_category', generatorFor('product_category').needs, request('x')).product_categories).to.deep.equal([]);
    expect(standInRecords('product_variation', generatorFor('product_variation').needs, request('x')).variations).to.deep.equal([]);
  });

  for (const locale of ['en_US', 'de_DE', 'ja_JP', 'pt_BR']) {
    it(`let every generator run without a store [${locale}]`, () => {
      for (const resource of RESOURCE_NAMES) {
        const existing = standInRecords(resource, generatorFor(resource).needs, request('every', locale));
        const { entities } = generate(resource, { seed: 'every', count: 10, locale, reference_date: '2026-06-30' }, { existing });
        expect(entities.length, resource).to.be.greaterThan(0);
      }
    });
  }
});
