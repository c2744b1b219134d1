/**
 * The existing-records cache (controllers/existing-cache.ts) across two kernels on one database, each
 * with its own connections and its own open site, as two processes have: what one notes as written is
 * re-read by the other at its next lookup, and nothing else is. (Real processes: test/panel/processes.test.ts.)
 */
import { expect } from 'chai';
import { existingFor, MAX_AGE_MS, noteWrites } from '../../controllers/existing-cache.ts';
import type { SeederDriver } from '../../drivers/contract.ts';
import { Kernel } from '../../panel/kernel.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';

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

eachDatabase('the existing-records cache', (target) => {
  let one: Awaited<ReturnType<typeof bootTestKernel>>;
  let two: Kernel;
  before(async function () {
    this.timeout(30_000);
    one = await bootTestKernel(target);
    await one.createSite({ id: 'shop', plugins: [] });
    two = await Kernel.boot({ config: one.config });
  });
  after(async () => {
    await two.close();
    await one.dispose();
  });

  it('reads a kind once, then serves it from the cache until it is too old', async () => {
    const site = await one.site('shop');
    const store = { products: ['1'] };
    const { driver, reads } = countingDriver(store);
    await existingFor(site, driver, ['products'], { now: 1_000 });
    store.products.push('2');
    const cached = await existingFor(site, driver, ['products'], { now: 1_000 + MAX_AGE_MS - 1 });
    expect(cached.products!.map((p) => p.id)).to.deep.equal(['1']);
    const fresh = await existingFor(site, driver, ['products'], { now: 1_000 + MAX_AGE_MS });
    expect(fresh.products!.map((p) => p.id)).to.deep.equal(['1', '2']);
    expect(reads).to.deep.equal([['products'], ['products']]);
  });

  it('a write noted on one kernel drops, on the other, the kinds that resource makes, at once, and only those', async () => {
    const here = await one.site('shop');
    const there = await two.site('shop');
    const store = { products: ['1'] };
    const { driver, reads } = countingDriver(store);
    await existingFor(there, driver, ['products', 'customers'], { now: 0 });
    store.products.push('2');
    await noteWrites(here, 'customer');
    // Customers were written: products stay cached.
    expect((await existingFor(there, driver, ['products'], { now: 1 })).products).to.have.length(1);
    await noteWrites(here, 'product');
    expect((await existingFor(there, driver, ['products'], { now: 2 })).products).to.have.length(2);
    await existingFor(there, driver, ['customers'], { now: 3 });
    expect(reads).to.deep.equal([['products', 'customers'], ['products'], ['customers']]);
    // Nothing written since: both are served from the cache.
    await existingFor(there, driver, ['products', 'customers'], { now: 4 });
    expect(reads).to.have.length(3);
    await noteWrites(here, 'all');
    await existingFor(there, driver, ['products', 'customers'], { now: 3 });
    expect(reads.at(-1)).to.deep.equal(['products', 'customers']);
  });
});
