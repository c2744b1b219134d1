/** Issue #3: emporium's delete removes an entity and its own children, never shared records. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { StoreInUseError } from '../../stores/common/errors.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';
import { EMPORIUM_SUBSCRIPTIONS, type EmporiumSubscriptionsStore } from '../../stores/emporium-subscriptions/index.ts';
import { bootStoreSite, snapshot, type TestKernel } from './support.ts';

eachDatabase('emporium delete', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let store: EmporiumStore;
  let subs: EmporiumSubscriptionsStore;

  before(async () => {
    const booted = await bootStoreSite(target, ['emporium', 'emporium-subscriptions']);
    kernel = booted.kernel;
    db = booted.db;
    store = booted.site.services.get(EMPORIUM)!;
    subs = booted.site.services.get(EMPORIUM_SUBSCRIPTIONS)!;
  });
  after(async () => kernel.dispose());

  it('deleting an order removes its lines, addresses and refunds but not its customer or products', async () => {
    const [a, b] = await store.products.createMany(db, [{ name: 'A', regular_price: '3.00' }, { name: 'B', regular_price: '4.00' }]);
    const customer = await store.customers.create(db, { email: 'keep@example.com' });
    const order = await store.orders.create(db, {
      customer_id: customer,
      billing: { email: 'keep@example.com', country: 'FR' },
      line_items: [{ product_id: a, quantity: 1, total: '3.00' }, { product_id: b, quantity: 1, total: '4.00' }],
    });
    const refund = await store.refunds.create(db, { order_id: order, amount: '3.00', line_items: [{ item_id: (await store.orders.get(db, order))!.line_items[0].id, total: '3.00' }] });
    const other = await store.orders.create(db, { customer_id: customer, line_items: [{ product_id: a, quantity: 1, total: '3.00' }] });

    expect(await store.orders.delete(db, order)).to.equal(true);
    expect(await store.orders.get(db, order)).to.equal(undefined);
    expect(await store.refunds.get(db, refund)).to.equal(undefined);
    expect(Number((await db('emp_order_items').where({ order_id: order }).count({ n: '*' }).first())!.n)).to.equal(0);
    expect(Number((await db('emp_order_addresses').where({ order_id: order }).count({ n: '*' }).first())!.n)).to.equal(0);
    expect(Number((await db('emp_refund_items').count({ n: '*' }).first())!.n)).to.equal(0);
    expect(await store.customers.get(db, customer)).to.not.equal(undefined);
    expect((await store.products.getMany(db, [a, b])).map((p) => p.id)).to.deep.equal([a, b]);
    expect(await store.orders.get(db, other)).to.not.equal(undefined);
    expect(await store.orders.delete(db, order)).to.equal(false);
  });

  it('deleting a category leaves its products and moves its children up', async () => {
    const root = await store.categories.create(db, { name: 'Clothing' });
    const mid = await store.categories.create(db, { name: 'Shirts', parent_id: root });
    const leaf = await store.categories.create(db, { name: 'Polos', parent_id: mid });
    const product = await store.products.create(db, { name: 'Polo', regular_price: '20.00', category_ids: [mid, leaf] });
    await store.categories.delete(db, mid);
    expect((await store.products.get(db, product))!.category_ids).to.deep.equal([leaf]);
    expect((await store.categories.get(db, leaf))!.parent_id).to.equal(root);
  });

  it('deleting a variable product removes its variations and downloads; order lines keep their snapshot', async () => {
    const parent = await store.products.create(db, { name: 'Tee', type: 'variable', downloadable: true, downloads: [{ name: 'Care guide', file: '/files/care.pdf' }] });
    const variation = await store.variations.create(db, { parent_id: parent, regular_price: '9.00' });
    const order = await store.orders.create(db, { line_items: [{ product_id: parent, variation_id: variation, quantity: 1, total: '9.00' }] });
    await store.products.delete(db, parent);
    expect(await store.variations.get(db, variation)).to.equal(undefined);
    expect(Number((await db('emp_product_downloads').where({ product_id: parent }).count({ n: '*' }).first())!.n)).to.equal(0);
    const line = (await store.orders.get(db, order))!.line_items[0];
    expect(line).to.include({ product_id: null, variation_id: null, name: 'Tee', total: '9.00' });
  });

  it('deleting a customer turns their orders into guest orders; one with subscriptions is refused', async () => {
    const product = await store.products.create(db, { name: 'Box', regular_price: '5.00' });
    const guest = await store.customers.create(db, { email: 'guest@example.com', billing: { city: 'Lyon' } });
    const order = await store.orders.create(db, { customer_id: guest, line_items: [{ product_id: product, quantity: 1, total: '5.00' }] });
    await store.customers.delete(db, guest);
    expect((await store.orders.get(db, order))!.customer_id).to.equal(null);
    expect(Number((await db('emp_customer_addresses').where({ customer_id: guest }).count({ n: '*' }).first())!.n)).to.equal(0);

    const subscriber = await store.customers.create(db, { email: 'sub@example.com' });
    const sub = await subs.subscriptions.create(db, { customer_id: subscriber, billing_period: 'month', line_items: [{ product_id: product, quantity: 1, total: '5.00' }] });
    const before = await snapshot(db, [...store.tables, ...subs.tables]);
    const err = await store.customers.delete(db, subscriber).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(StoreInUseError);
    expect((err as StoreInUseError).code).to.equal('store.in_use');
    expect(await snapshot(db, [...store.tables, ...subs.tables])).to.deep.equal(before);
    await subs.subscriptions.delete(db, sub);
    expect(await store.customers.delete(db, subscriber)).to.equal(true);
  });

  it('deleteMany removes the orders named, with their lines and addresses, set-based, and nothing else', async () => {
    const product = await store.products.create(db, { name: 'Set', regular_price: '2.00' });
    const make = (email: string) =>
      store.orders.create(db, { billing: { email, country: 'DE' }, shipping: { country: 'DE' }, line_items: [{ product_id: product, quantity: 1, total: '2.00' }] });
    const [x, y, keep] = [await make('x@example.com'), await make('y@example.com'), await make('keep@example.com')];
    const statements: string[] = [];
    const log = (q: { sql: string }) => statements.push(q.sql);
    db.on('query', log);
    const n = await store.orders.deleteMany(db, [x, y, y, 999_999]);
    db.off('query', log);
    expect(n).to.equal(2);
    expect(statements.filter((s) => /^delete/i.test(s))).to.have.length(1);
    for (const gone of [x, y]) {
      expect(await store.orders.get(db, gone)).to.equal(undefined);
      expect(Number((await db('emp_order_items').where({ order_id: gone }).count({ n: '*' }).first())!.n)).to.equal(0);
      expect(Number((await db('emp_order_addresses').where({ order_id: gone }).count({ n: '*' }).first())!.n)).to.equal(0);
    }
    expect((await store.orders.get(db, keep))!.line_items).to.have.length(1);
    expect(await store.products.get(db, product)).to.not.equal(undefined);
  });

  it('deleteMany refuses a set holding a customer with subscriptions, naming that customer, and changes nothing in its transaction', async () => {
    const product = await store.products.create(db, { name: 'Plan', regular_price: '5.00' });
    const free = await store.customers.create(db, { email: 'free@example.com' });
    const bound = await store.customers.create(db, { email: 'bound@example.com' });
    const sub = await subs.subscriptions.create(db, { customer_id: bound, billing_period: 'month', line_items: [{ product_id: product, quantity: 1, total: '5.00' }] });
    const before = await snapshot(db, [...store.tables, ...subs.tables]);
    const err = await store.customers.deleteMany(db, [free, bound]).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(StoreInUseError);
    expect((err as StoreInUseError).id).to.equal(bound);
    // Without a caller's transaction the set is its own: refused, it is rolled back whole.
    expect(await snapshot(db, [...store.tables, ...subs.tables])).to.deep.equal(before);
    await subs.subscriptions.delete(db, sub);
    expect(await store.customers.deleteMany(db, [free, bound])).to.equal(2);
  });

  it('deleting a coupon keeps the orders that used it, and deleting such an order gives the use back', async () => {
    const product = await store.products.create(db, { name: 'Card', regular_price: '10.00' });
    const coupon = await store.coupons.create(db, { code: 'ONCE', amount: '2.00', usage_limit: 1 });
    const order = await store.orders.create(db, { line_items: [{ product_id: product, quantity: 1, subtotal: '10.00', total: '8.00' }], coupon_lines: [{ code: 'once', discount: '2.00' }] });
    expect((await store.coupons.get(db, coupon))!.usage_count).to.equal(1);
    await store.orders.delete(db, order);
    expect((await store.coupons.get(db, coupon))!.usage_count).to.equal(0);
    const again = await store.orders.create(db, { line_items: [{ product_id: product, quantity: 1, subtotal: '10.00', total: '8.00' }], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] });
    await store.coupons.delete(db, coupon);
    expect((await store.orders.get(db, again))!.coupon_lines[0].code).to.equal('once');
  });

  it('deleting an attribute removes its terms and the products\' links to them, not the products', async () => {
    const color = await store.attributes.create(db, { name: 'Color', terms: [{ name: 'Red' }, { name: 'Blue' }] });
    const terms = (await store.attributes.get(db, color))!.terms.map((t) => t.id);
    const product = await store.products.create(db, { name: 'Scarf', type: 'variable', term_ids: terms });
    const variation = await store.variations.create(db, { parent_id: product, regular_price: '15.00', term_ids: [terms[0]] });
    expect((await store.variations.get(db, variation))!.name).to.equal('Scarf - Red');
    await store.attributes.delete(db, color);
    expect((await store.products.get(db, product))!.term_ids).to.deep.equal([]);
    expect((await store.variations.get(db, variation))!.term_ids).to.deep.equal([]);
  });
});
