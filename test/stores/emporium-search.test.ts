/** Issue #3: emporium's search, and values that round-trip identically on both databases. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';
import { at, bootStoreSite, type TestKernel } from './support.ts';

eachDatabase('emporium search and round trip', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let store: EmporiumStore;

  before(async () => {
    const booted = await bootStoreSite(target, ['emporium']);
    kernel = booted.kernel;
    db = booted.db;
    store = booted.site.services.get(EMPORIUM)!;
  });
  after(async () => kernel.dispose());

  it('money comes back as two-place decimal strings and timestamps as the ISO strings written', async () => {
    const id = await store.products.create(db, { name: 'Lamp', sku: 'LAMP-100%', regular_price: '1299.5', sale_price: '999', created_at: at(3) });
    const p = (await store.products.get(db, id))!;
    expect(p).to.include({ regular_price: '1299.50', sale_price: '999.00', price: '999.00', created_at: '2024-01-04T00:00:00.000Z' });
    const order = await store.orders.create(db, {
      line_items: [{ product_id: id, quantity: 1, total: '999.00', total_tax: '199.80' }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '4.90', total_tax: '0.98' }],
      date_paid: at(4),
    });
    expect((await store.orders.get(db, order))!).to.include({ total: '1204.68', cart_tax: '199.80', shipping_tax: '0.98', total_tax: '200.78', date_paid: '2024-01-05T00:00:00.000Z' });
  });

  it('finds products by name or SKU, customers by name or email, orders by id or email, coupons by code', async () => {
    const product = await store.products.create(db, { name: 'Walnut Desk', sku: 'DESK-01', regular_price: '300.00' });
    const customer = await store.customers.create(db, { email: 'Lin@Example.com', first_name: 'Lin', last_name: 'Wu' });
    const order = await store.orders.create(db, { customer_id: customer, line_items: [{ product_id: product, quantity: 1, total: '300.00' }] });
    await store.coupons.create(db, { code: 'Summer-24', discount_type: 'percent', amount: '15' });

    expect((await store.products.search(db, 'walnut')).map((h) => h.id)).to.deep.equal([product]);
    expect((await store.products.search(db, 'desk-0'))[0]).to.deep.include({ id: product, label: 'Walnut Desk (DESK-01)' });
    expect((await store.products.search(db, '100%')).map((h) => h.record.sku)).to.deep.equal(['LAMP-100%']);
    expect((await store.customers.search(db, 'wu'))[0].record.email).to.equal('lin@example.com');
    expect((await store.orders.search(db, 'lin@example'))[0].id).to.equal(order);
    expect((await store.orders.search(db, String(order))).map((h) => h.id)).to.include(order);
    expect((await store.coupons.search(db, 'summer'))[0].record).to.include({ code: 'summer-24', amount: '15.00' });
    // An empty search lists the most recent records, newest first (lookup with no term).
    expect((await store.customers.search(db, '')).map((h) => h.id)).to.deep.equal([customer]);
  });
});
