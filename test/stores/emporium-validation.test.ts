/** Issue #3: emporium refuses bad writes itself, naming field and rule, and writes nothing. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';
import { EMPORIUM_SUBSCRIPTIONS, type EmporiumSubscriptionsStore } from '../../stores/emporium-subscriptions/index.ts';
import { at, bootStoreSite, expectRefused, type TestKernel } from './support.ts';

eachDatabase('emporium validation', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let store: EmporiumStore;
  let subs: EmporiumSubscriptionsStore;
  let tables: string[];
  let simple: number;
  let variable: number;
  let customer: number;
  let order: number;

  before(async () => {
    const booted = await bootStoreSite(target, ['emporium', 'emporium-subscriptions']);
    kernel = booted.kernel;
    db = booted.db;
    store = booted.site.services.get(EMPORIUM)!;
    subs = booted.site.services.get(EMPORIUM_SUBSCRIPTIONS)!;
    tables = [...store.tables, ...subs.tables];
    [simple, variable] = await store.products.createMany(db, [
      { name: 'Mug', sku: 'MUG-1', regular_price: '12.50' },
      { name: 'Shirt', type: 'variable' },
    ]);
    customer = await store.customers.create(db, { email: 'ada@example.com', first_name: 'Ada' });
    order = await store.orders.create(db, { customer_id: customer, status: 'processing', line_items: [{ product_id: simple, quantity: 2, total: '25.00' }] });
    await store.coupons.create(db, { code: 'SPRING', amount: '5', usage_limit: 1 });
  });
  after(async () => kernel.dispose());

  it('refuses a sale price at or above the regular price', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { name: 'Cap', regular_price: '10.00', sale_price: '12.00' }), { field: 'sale_price', rule: 'sale_below_regular' });
  });

  it('refuses a variation whose parent is not a variable product', async () => {
    await expectRefused(db, tables, () => store.variations.create(db, { parent_id: simple, regular_price: '5.00' }), { field: 'parent_id', rule: 'parent_not_variable' });
  });

  it('accepts a variation of a variable product and lists it on the parent', async () => {
    const v = await store.variations.create(db, { parent_id: variable, sku: 'SHIRT-S', regular_price: '20.00' });
    expect((await store.products.get(db, variable))!.variation_ids).to.deep.equal([v]);
    expect((await store.variations.get(db, v))!.parent_id).to.equal(variable);
  });

  it('refuses a duplicate SKU, ignoring case, stored or within the batch', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { name: 'Mug 2', sku: 'mug-1', regular_price: '1.00' }), { field: 'sku', rule: 'unique' });
    await expectRefused(
      db,
      tables,
      () => store.products.createMany(db, [{ name: 'A', sku: 'NEW-1' }, { name: 'B', sku: 'new-1' }]),
      { index: 1, field: 'sku', rule: 'unique' },
    );
  });

  it('refuses a duplicate coupon code', async () => {
    await expectRefused(db, tables, () => store.coupons.create(db, { code: 'Spring' }), { field: 'code', rule: 'unique' });
  });

  it('refuses a refund above what is left to refund, counting refunds earlier in the batch', async () => {
    await store.refunds.create(db, { order_id: order, amount: '10.00' });
    await expectRefused(db, tables, () => store.refunds.create(db, { order_id: order, amount: '15.01' }), { field: 'amount', rule: 'refund_exceeds_remaining' });
    await expectRefused(
      db,
      tables,
      () => store.refunds.createMany(db, [{ order_id: order, amount: '10.00' }, { order_id: order, amount: '5.01' }]),
      { index: 1, field: 'amount', rule: 'refund_exceeds_remaining' },
    );
  });

  it('refuses a line for a missing product and a variable product without its variation', async () => {
    await expectRefused(db, tables, () => store.orders.create(db, { line_items: [{ product_id: 999_999, quantity: 1, total: '1.00' }] }), { field: 'line_items[0].product_id', rule: 'exists' });
    await expectRefused(db, tables, () => store.orders.create(db, { line_items: [{ product_id: variable, quantity: 1, total: '1.00' }] }), { field: 'line_items[0].variation_id', rule: 'variable_needs_variation' });
  });

  it('refuses a given total that is not the sum of the lines', async () => {
    await expectRefused(
      db,
      tables,
      () => store.orders.create(db, { line_items: [{ product_id: simple, quantity: 1, total: '12.50' }], shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat', total: '5.00' }], total: '12.50' }),
      { field: 'total', rule: 'total_mismatch' },
    );
  });

  it('refuses a coupon past its per-customer limit, counting a registered customer by id and a guest by billing email', async () => {
    await store.coupons.create(db, { code: 'ONCE', amount: '2', usage_limit_per_user: 1 });
    const line = { product_id: simple, quantity: 1, total: '10.50', subtotal: '12.50' };
    await store.orders.create(db, { customer_id: customer, line_items: [line], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] });
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, line_items: [line], coupon_lines: [{ code: 'once', discount: '2.00' }] }), {
      field: 'coupon_lines[0].code',
      rule: 'coupon_usage_limit_per_user',
    });
    // Two uses by one customer in one batch are refused as well.
    const bob = await store.customers.create(db, { email: 'bob-once@example.com' });
    await expectRefused(db, tables, () => store.orders.createMany(db, [bob, bob].map((id) => ({ customer_id: id, line_items: [line], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] }))), {
      field: 'coupon_lines[0].code',
      rule: 'coupon_usage_limit_per_user',
      index: 1,
    });
    await store.orders.create(db, { customer_id: bob, line_items: [line], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] });
    const guest = { email: 'guest@example.com', first_name: 'G' };
    await store.orders.create(db, { billing: guest, line_items: [line], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] });
    await expectRefused(db, tables, () => store.orders.create(db, { billing: { ...guest, email: 'GUEST@example.com' }, line_items: [line], coupon_lines: [{ code: 'ONCE', discount: '2.00' }] }), {
      field: 'coupon_lines[0].code',
      rule: 'coupon_usage_limit_per_user',
    });
    const record = (await store.coupons.findByCode(db, 'once'))!;
    expect(record.usage_count).to.equal(3);
    expect(record.used_by).to.deep.equal({ [`customer:${customer}`]: 1, [`customer:${bob}`]: 1, 'email:guest@example.com': 1 });
  });

  it("counts a buyer's uses across orders whose billing emails differ (by id) or differ in case (a guest)", async () => {
    await store.coupons.create(db, { code: 'TWICE', amount: '2', usage_limit_per_user: 2 });
    const line = { product_id: simple, quantity: 1, total: '10.50', subtotal: '12.50' };
    const coupon_lines = [{ code: 'TWICE', discount: '2.00' }];
    // A registered customer's two orders billed to two addresses: one buyer, two uses.
    for (const email of ['first@example.com', 'second@example.com']) {
      await store.orders.create(db, { customer_id: customer, billing: { email, first_name: 'C' }, line_items: [line], coupon_lines });
    }
    // A guest's two orders, the email written two ways: one buyer, two uses.
    for (const email of ['twice@example.com', 'Twice@Example.com']) {
      await store.orders.create(db, { billing: { email, first_name: 'G' }, line_items: [line], coupon_lines });
    }
    const record = (await store.coupons.findByCode(db, 'twice'))!;
    expect(record.usage_count).to.equal(4);
    expect(record.used_by).to.deep.equal({ [`customer:${customer}`]: 2, 'email:twice@example.com': 2 });
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, line_items: [line], coupon_lines }), {
      field: 'coupon_lines[0].code',
      rule: 'coupon_usage_limit_per_user',
    });
    await expectRefused(db, tables, () => store.orders.create(db, { billing: { email: 'TWICE@example.com', first_name: 'G' }, line_items: [line], coupon_lines }), {
      field: 'coupon_lines[0].code',
      rule: 'coupon_usage_limit_per_user',
    });
  });

  it('applies a coupon without limits to every order; its record counts every use, its limits view reads none', async () => {
    await store.coupons.create(db, { code: 'ALWAYS', amount: '1' });
    await store.coupons.create(db, { code: 'THRICE', amount: '1', usage_limit: 3 });
    const line = { product_id: simple, quantity: 1, total: '11.50', subtotal: '12.50' };
    // A batch of four orders by one customer, each with both coupons: the limited one refuses the fourth use.
    await expectRefused(db, tables, () => store.orders.createMany(db, [1, 2, 3, 4].map(() => ({ customer_id: customer, line_items: [line], coupon_lines: [{ code: 'always', discount: '1.00' }, { code: 'thrice', discount: '1.00' }] }))), {
      field: 'coupon_lines[1].code',
      rule: 'coupon_usage_limit',
      index: 3,
    });
    await store.orders.createMany(db, [1, 2, 3].map(() => ({ customer_id: customer, line_items: [line], coupon_lines: [{ code: 'always', discount: '1.00' }, { code: 'thrice', discount: '1.00' }] })));
    await store.orders.createMany(db, [1, 2].map(() => ({ customer_id: customer, line_items: [line], coupon_lines: [{ code: 'always', discount: '1.00' }] })));
    expect((await store.coupons.findByCode(db, 'always'))!).to.include({ usage_count: 5 });
    expect((await store.coupons.findByCode(db, 'always'))!.used_by).to.deep.equal({ [`customer:${customer}`]: 5 });
    const always = (await store.coupons.findByCode(db, 'always'))!.id;
    const thrice = (await store.coupons.findByCode(db, 'thrice'))!.id;
    const view = await store.coupons.getManyForLimits(db, [thrice, always]);
    expect(view.map((c) => [c.code, c.uses])).to.deep.equal([
      ['thrice', { count: 3, by: { [`customer:${customer}`]: 3 } }],
      ['always', null],
    ]);
  });

  it('refuses a coupon past its usage limit', async () => {
    await store.orders.create(db, { line_items: [{ product_id: simple, quantity: 1, total: '7.50', subtotal: '12.50' }], coupon_lines: [{ code: 'SPRING', discount: '5.00' }] });
    expect((await store.coupons.findByCode(db, 'spring'))!.usage_count).to.equal(1);
    await expectRefused(
      db,
      tables,
      () => store.orders.create(db, { line_items: [{ product_id: simple, quantity: 1, total: '7.50', subtotal: '12.50' }], coupon_lines: [{ code: 'spring', discount: '5.00' }] }),
      { field: 'coupon_lines[0].code', rule: 'coupon_usage_limit' },
    );
  });

  it('refuses money that is not a two-place decimal string, an unknown status spelling and an unknown field', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { name: 'X', regular_price: '12.345' }), { field: 'regular_price', rule: 'decimal' });
    await expectRefused(db, tables, () => store.orders.create(db, { status: 'canceled' as never }), { field: 'status', rule: 'enum' });
    await expectRefused(db, tables, () => store.customers.create(db, { email: 'x@example.com', nickname: 'x' } as never), { field: 'nickname', rule: 'unknown_field' });
  });

  it('lists every offending field of every item in one error', async () => {
    const err = await expectRefused(
      db,
      tables,
      () => store.customers.createMany(db, [{ email: 'ok@example.com' }, { email: 'not-an-email', billing: { country: 'germany' } }, { email: 'ADA@example.com' }]),
      { index: 1, field: 'email', rule: 'email' },
    );
    expect(err.issues.map((i) => [i.index, i.field, i.rule])).to.deep.include.members([
      [1, 'billing.country', 'format'],
      [2, 'email', 'unique'],
    ]);
  });

  it('refuses a download on a product that is not downloadable, and stock without manage_stock', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { name: 'E-book', downloads: [{ name: 'PDF', file: 'https://example.com/a.pdf' }] }), { field: 'downloads', rule: 'requires_downloadable' });
    await expectRefused(db, tables, () => store.products.create(db, { name: 'Pen', stock_quantity: 3 }), { field: 'stock_quantity', rule: 'requires_manage_stock' });
  });

  it('refuses a subscription whose next payment is not after its start, or whose parent order is another customer\'s', async () => {
    const other = await store.customers.create(db, { email: 'bob@example.com' });
    await expectRefused(
      db,
      tables,
      () => subs.subscriptions.create(db, { customer_id: customer, billing_period: 'month', start_date: at(10), next_payment: at(5), line_items: [{ product_id: simple, quantity: 1, total: '9.00' }] }),
      { field: 'next_payment', rule: 'next_payment_before_start' },
    );
    await expectRefused(
      db,
      tables,
      () => subs.subscriptions.create(db, { customer_id: other, parent_order_id: order, billing_period: 'month', line_items: [{ product_id: simple, quantity: 1, total: '9.00' }] }),
      { field: 'parent_order_id', rule: 'customer_mismatch' },
    );
  });
});
