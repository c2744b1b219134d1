import { expect } from 'chai';
import { existingFor, invalidateExisting, MAX_AGE_MS } from '../../controllers/existing-cache.ts';
import type { SeederDriver } from '../../drivers/contract.ts';
import type { Site } from '../../panel/site.ts';

/** A driver whose existing() counts its reads and returns what the "store" holds now. */
function countingDriver(store: { products: string[] }) {
  const reads: string[][] = [];
  const driver = {
    id: 'counting',
    async existing(kinds: readonly string[]) {
      reads.push([...kinds]);
      return { products: store.products.map((id) => ({ id, name: id, type: 'physical', price_minor: 100 })), customers: [] };
    },
  } as unknown as SeederDriver;
  return { driver, reads };
}

describe('the existing-records cache', () => {
  const site = {} as Site;

  it('reads a kind once, then serves it from the cache until it is too old', async () => {
    const store = { products: ['1'] };
    const { driver, reads } = countingDriver(store);
    await existingFor(site, driver, ['products'], 1_000);
    store.products.push('2');
    const cached = await existingFor(site, driver, ['products'], 1_000 + MAX_AGE_MS - 1);
    expect(cached.products!.map((p) => p.id)).to.deep.equal(['1']);
    const fresh = await existingFor(site, driver, ['products'], 1_000 + MAX_AGE_MS);
    expect(fresh.products!.map((p) => p.id)).to.deep.equal(['1', '2']);
    expect(reads).to.deep.equal([['products'], ['products']]);
  });

  it("the Seeder's own writes of a resource drop the kinds it makes, at once, and only those", async () => {
    const other = {} as Site;
    const store = { products: ['1'] };
    const { driver, reads } = countingDriver(store);
    await existingFor(other, driver, ['products', 'customers'], 0);
    store.products.push('2');
    invalidateExisting(other, 'customer');
    expect((await existingFor(other, driver, ['products'], 1)).products).to.have.length(1);
    invalidateExisting(other, 'product');
    expect((await existingFor(other, driver, ['products', 'customers'], 2)).products).to.have.length(2);
    // Both kinds were dropped by then; nothing was read in between.
    expect(reads).to.deep.equal([['products', 'customers'], ['products', 'customers']]);
  });
});
