/**
 * Issue 20: a shop made by 0.1.0 loses the orders' unread indexes (Emporium's on billing_email and created_at,
 * Cartwheel's on created_at) when a newer panel opens it, and keeps its orders: they read back, and new orders go in.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { Kernel } from '../../panel/kernel.ts';
import type { Site } from '../../panel/site.ts';
import { STORE_PLUGINS } from '../../stores/index.ts';
import { EMPORIUM } from '../../stores/emporium/index.ts';
import { T } from '../../stores/emporium/tables.ts';
import { CARTWHEEL } from '../../stores/cartwheel/index.ts';
import { C } from '../../stores/cartwheel/tables.ts';
import { isMysql } from '../../lib/insert-rows.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';

/** The names of the indexes on `table` (both databases). */
async function indexNames(db: Knex, table: string): Promise<string[]> {
  if (isMysql(db)) {
    const [rows] = (await db.raw('SHOW INDEX FROM ??', [table])) as [Array<{ Key_name: string }>];
    return [...new Set(rows.map((r) => r.Key_name))];
  }
  return ((await db.raw(`PRAGMA index_list(${JSON.stringify(table)})`)) as Array<{ name: string }>).map((r) => r.name);
}

interface Shop {
  plugin: string;
  table: string;
  migration: string;
  columns: string[];
  /** Writes an order (with what it needs) and returns its id. */
  order(site: Site, n: number): Promise<number>;
  /** The order as the store reads it back, in a few fields. */
  read(site: Site, id: number): Promise<Record<string, unknown>>;
}

const SHOPS: Shop[] = [
  {
    plugin: 'emporium',
    table: T.orders,
    migration: '003-orders-unread-indexes',
    columns: ['billing_email', 'created_at'],
    async order(site, n) {
      const store = site.services.get(EMPORIUM)!;
      const product = await store.products.create(site.db, { name: `Desk ${n}`, regular_price: '300.00' });
      return store.orders.create(site.db, { billing: { first_name: 'Ann', email: `ann${n}@example.com` }, line_items: [{ product_id: product, quantity: 1, total: '300.00' }] });
    },
    async read(site, id) {
      const store = site.services.get(EMPORIUM)!;
      const order = (await store.orders.get(site.db, id))!;
      const found = (await store.orders.search(site.db, order.billing!.email)).map((h) => h.id);
      return { email: order.billing!.email, total: order.total, found_by_email: found.includes(id) };
    },
  },
  {
    plugin: 'cartwheel',
    table: C.orders,
    migration: '003-orders-unread-index',
    columns: ['created_at'],
    async order(site, n) {
      const store = site.services.get(CARTWHEEL)!;
      const product = await store.products.create(site.db, { title: `Course ${n}`, variations: [{ price: 4_900 }] });
      const variation = (await store.products.get(site.db, product))!.variations[0]!.id;
      const customer = await store.customers.create(site.db, { email: `grace${n}@example.com` });
      return store.orders.create(site.db, { customer_id: customer, items: [{ variation_id: variation, quantity: 1, unit_price: 4_900 }] });
    },
    async read(site, id) {
      const order = (await site.services.get(CARTWHEEL)!.orders.get(site.db, id))!;
      return { total_amount: order.total_amount, items: order.items.length };
    },
  },
];

eachDatabase('store upgrade: the orders indexes no query reads', (target) => {
  for (const shop of SHOPS) {
    it(`${shop.plugin}: go when a newer panel opens a 0.1.0 shop, and its orders stay readable and writable`, async () => {
      const old = await bootTestKernel(target, { builtins: [...STORE_PLUGINS] });
      const names = shop.columns.map((c) => `${shop.table}_${c}_index`);
      let kernel: Kernel | undefined;
      try {
        const site = await old.createSite({ id: 'shop', plugins: [shop.plugin] });
        expect(await indexNames(site.db, shop.table)).to.not.include.members(names);
        const before = await shop.order(site, 1);
        const readBefore = await shop.read(site, before);
        // The shop as 0.1.0 left it: the indexes in place, and the migration that drops them not yet run.
        await site.db.schema.alterTable(shop.table, (t) => {
          for (const c of shop.columns) t.index([c]);
        });
        await site.db('panel_migrations').where({ plugin: shop.plugin, id: shop.migration }).delete();
        expect(await indexNames(site.db, shop.table)).to.include.members(names);

        // The newer panel (its own kernel, as another process would be) opens the shop.
        kernel = await Kernel.boot({ config: old.config, builtins: [...STORE_PLUGINS] });
        const reopened = await kernel.site('shop');
        expect(await indexNames(reopened.db, shop.table)).to.not.include.members(names);
        expect(await reopened.db('panel_migrations').where({ plugin: shop.plugin, id: shop.migration }).first()).to.not.equal(undefined);
        expect(await shop.read(reopened, before)).to.deep.equal(readBefore);
        const after = await shop.order(reopened, 2);
        expect(await shop.read(reopened, after)).to.deep.equal(await shop.read(site, after));
        if (shop.plugin === 'emporium') expect(readBefore).to.include({ found_by_email: true });
      } finally {
        if (kernel) await kernel.close();
        // Drops the databases and the data folder both kernels used.
        await old.dispose();
      }
    });
  }
});
