/**
 * Issue 20: a shop made by 0.1.0 loses the orders' unread indexes (billing_email, created_at) when a newer
 * panel opens it, and keeps its orders: they read back, the search still finds them by email, and new orders go in.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { Kernel } from '../../panel/kernel.ts';
import { STORE_PLUGINS } from '../../stores/index.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';
import { T } from '../../stores/emporium/tables.ts';
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

const UNREAD = [`${T.orders}_billing_email_index`, `${T.orders}_created_at_index`];

eachDatabase('emporium upgrade: the orders indexes no query reads', (target) => {
  it('go when a newer panel opens a 0.1.0 shop, and its orders stay readable, searchable and writable', async () => {
    const old = await bootTestKernel(target, { builtins: [...STORE_PLUGINS] });
    let kernel: Awaited<ReturnType<typeof Kernel.boot>> | undefined;
    try {
      const site = await old.createSite({ id: 'shop', plugins: ['emporium'] });
      const store: EmporiumStore = site.services.get(EMPORIUM)!;
      const db = site.db;
      expect(await indexNames(db, T.orders)).to.not.include.members(UNREAD);
      const product = await store.products.create(db, { name: 'Desk', regular_price: '300.00' });
      const customer = await store.customers.create(db, { email: 'lin@example.com', first_name: 'Lin', last_name: 'Wu' });
      const before = await store.orders.create(db, { customer_id: customer, line_items: [{ product_id: product, quantity: 1, total: '300.00' }] });
      // The shop as 0.1.0 left it: both indexes in place, and the migration that drops them not yet run.
      await db.schema.alterTable(T.orders, (t) => {
        t.index(['billing_email']);
        t.index(['created_at']);
      });
      await db('panel_migrations').where({ plugin: 'emporium', id: '003-orders-unread-indexes' }).delete();
      expect(await indexNames(db, T.orders)).to.include.members(UNREAD);

      // The newer panel (its own kernel, as another process would be) opens the shop.
      kernel = await Kernel.boot({ config: old.config, builtins: [...STORE_PLUGINS] });
      const reopened = await kernel.site('shop');
      const again: EmporiumStore = reopened.services.get(EMPORIUM)!;
      expect(await indexNames(reopened.db, T.orders)).to.not.include.members(UNREAD);
      expect(await reopened.db('panel_migrations').where({ plugin: 'emporium', id: '003-orders-unread-indexes' }).first()).to.not.equal(undefined);
      expect((await again.orders.get(reopened.db, before))!).to.include({ customer_id: customer, total: '300.00' });
      const after = await again.orders.create(reopened.db, { customer_id: customer, line_items: [{ product_id: product, quantity: 2, total: '600.00' }] });
      const guest = await again.orders.create(reopened.db, {
        billing: { first_name: 'Ann', email: 'ann@example.com' },
        line_items: [{ product_id: product, quantity: 1, total: '300.00' }],
      });
      expect((await again.orders.get(reopened.db, guest))!.billing).to.include({ email: 'ann@example.com' });
      expect((await again.orders.search(reopened.db, 'lin@example')).map((h) => h.id)).to.have.members([before, after]);
      expect((await again.orders.search(reopened.db, 'ann@example')).map((h) => h.id)).to.deep.equal([guest]);
    } finally {
      if (kernel) await kernel.close();
      // Drops the databases and the data folder both kernels used.
      await old.dispose();
    }
  });
});
