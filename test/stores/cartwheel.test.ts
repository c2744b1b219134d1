/** Issue #3: cartwheel and cartwheel-pro refuse bad writes naming field and rule, and delete only what is theirs. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { StoreInUseError } from '../../stores/common/errors.ts';
import { CARTWHEEL, type CartwheelStore } from '../../stores/cartwheel/index.ts';
import { CARTWHEEL_PRO, type CartwheelProStore } from '../../stores/cartwheel-pro/index.ts';
import { bootStoreSite, expectRefused, snapshot, type TestKernel } from './support.ts';

eachDatabase('cartwheel', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let store: CartwheelStore;
  let pro: CartwheelProStore;
  let tables: string[];
  let simple: number;
  let simpleVariation: number;
  let customer: number;
  let order: number;

  before(async () => {
    const booted = await bootStoreSite(target, ['cartwheel', 'cartwheel-pro']);
    kernel = booted.kernel;
    db = booted.db;
    store = booted.site.services.get(CARTWHEEL)!;
    pro = booted.site.services.get(CARTWHEEL_PRO)!;
    tables = [...store.tables, ...pro.tables];
    simple = await store.products.create(db, { title: 'Course', variations: [{ price: 4_900, sku: 'COURSE' }] });
    simpleVariation = (await store.products.get(db, simple))!.variations[0].id;
    customer = await store.customers.create(db, { email: 'grace@example.com', addresses: [{ type: 'billing', name: 'Grace', country: 'US' }] });
    order = await store.orders.create(db, { customer_id: customer, items: [{ variation_id: simpleVariation, quantity: 1, unit_price: 4_900 }] });
    await store.transactions.create(db, { order_id: order, transaction_type: 'charge', status: 'succeeded', total: 4_900 });
  });
  after(async () => kernel.dispose());

  it('stores money as integer cents and spells statuses its own way', async () => {
    const o = (await store.orders.get(db, order))!;
    expect(o).to.include({ total_amount: 4_900, subtotal: 4_900, status: 'pending' });
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, status: 'cancelled' as never, items: [{ title: 'X', quantity: 1, unit_price: 1 }] }), { field: 'status', rule: 'enum' });
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, items: [{ title: 'X', quantity: 1, unit_price: 12.5 }] }), { field: 'items[0].unit_price', rule: 'type' });
  });

  it('refuses a compare price at or below the price, and a second variation on a simple product', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { title: 'Hat', variations: [{ price: 1_000, compare_price: 900 }] }), { field: 'variations[0].compare_price', rule: 'compare_above_price' });
    await expectRefused(db, tables, () => store.products.create(db, { title: 'Hat', variations: [{ price: 1 }, { price: 2 }] }), { field: 'variations', rule: 'simple_single_variation' });
    await expectRefused(db, tables, () => store.variations.create(db, { product_id: simple, price: 100 }), { field: 'product_id', rule: 'parent_not_variable' });
  });

  it('has no product tags at all', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { title: 'Hat', tag_ids: [1], variations: [{ price: 1 }] } as never), { field: 'tag_ids', rule: 'unknown_field' });
    expect(store).to.not.have.property('tags');
  });

  it('refuses a coupon past its per-customer limit (in one batch too), and lets another customer use it', async () => {
    await store.coupons.create(db, { code: 'ONCE', type: 'fixed', amount: 100, max_per_customer: 1 });
    const order = (customer_id: number) => ({ customer_id, items: [{ variation_id: simpleVariation, quantity: 1, unit_price: 4_900, discount_total: 100 }], coupons: [{ code: 'ONCE', discount: 100 }] });
    await store.orders.create(db, order(customer));
    await expectRefused(db, tables, () => store.orders.create(db, order(customer)), { field: 'coupons[0].code', rule: 'coupon_usage_limit_per_user' });
    const other = await store.customers.create(db, { email: 'once@example.com' });
    await expectRefused(db, tables, () => store.orders.createMany(db, [order(other), order(other)]), { field: 'coupons[0].code', rule: 'coupon_usage_limit_per_user', index: 1 });
    await store.orders.create(db, order(other));
    const record = (await store.coupons.getMany(db, [(await db('cw_coupons').whereRaw('lower(code) = ?', ['once']).first()).id]))[0]!;
    expect(record.use_count).to.equal(2);
    expect(record.used_by).to.deep.equal({ [String(customer)]: 1, [String(other)]: 1 });
  });

  it('refuses a duplicate SKU or coupon code', async () => {
    await expectRefused(db, tables, () => store.products.create(db, { title: 'Copy', variations: [{ price: 1, sku: 'course' }] }), { field: 'variations[0].sku', rule: 'unique' });
    await store.coupons.create(db, { code: 'WELCOME', type: 'percentage', amount: 10 });
    await expectRefused(db, tables, () => store.coupons.create(db, { code: 'welcome', type: 'fixed', amount: 500 }), { field: 'code', rule: 'unique' });
  });

  it('checks the cent arithmetic of items and totals', async () => {
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, items: [{ variation_id: simpleVariation, quantity: 2, unit_price: 100, line_total: 150 }] }), { field: 'items[0].line_total', rule: 'line_total_mismatch' });
    await expectRefused(db, tables, () => store.orders.create(db, { customer_id: customer, items: [{ variation_id: simpleVariation, quantity: 2, unit_price: 100 }], total_amount: 100 }), { field: 'total_amount', rule: 'total_mismatch' });
  });

  it('refuses a refund above what is left, and a transaction state its type cannot have', async () => {
    await store.refunds.create(db, { order_id: order, total: 900 });
    await expectRefused(db, tables, () => store.refunds.create(db, { order_id: order, total: 4_001 }), { field: 'total', rule: 'refund_exceeds_remaining' });
    await expectRefused(db, tables, () => store.transactions.create(db, { order_id: order, transaction_type: 'charge', status: 'dispute_lost', total: 100 }), { field: 'status', rule: 'status_for_type' });
    const dispute = await store.transactions.create(db, { order_id: order, transaction_type: 'dispute', status: 'dispute_lost', total: 4_000 });
    expect((await store.transactions.get(db, dispute))!.status).to.equal('dispute_lost');
    expect((await store.orders.get(db, order))!.total_refunded).to.equal(900);
  });

  it('refuses a label on a missing order', async () => {
    const label = await store.labels.create(db, { title: 'VIP' });
    await expectRefused(db, tables, () => store.labelAttachments.create(db, { label_id: label, labelable_type: 'order', labelable_id: 999_999 }), { field: 'labelable_id', rule: 'exists' });
  });

  it('refuses a completed cart without its order, and a subscription on a one-time variation', async () => {
    await expectRefused(db, tables, () => store.carts.create(db, { cart_hash: 'abc', stage: 'completed' }), { field: 'order_id', rule: 'completed_needs_order' });
    await expectRefused(db, tables, () => store.subscriptions.create(db, { customer_id: customer, variation_id: simpleVariation }), { field: 'variation_id', rule: 'variation_not_subscription' });
  });

  it('refuses a licence with more activations than its site limit', async () => {
    await expectRefused(
      db,
      tables,
      () => pro.licenses.create(db, { license_key: 'KEY-0000-0001', activation_limit: 1, customer_id: customer, activations: [{ site_url: 'https://a.example' }, { site_url: 'https://b.example' }] }),
      { field: 'activations', rule: 'activations_exceed_limit' },
    );
    const id = await pro.licenses.create(db, { license_key: 'KEY-0000-0002', activation_limit: 2, customer_id: customer, order_id: order, activations: [{ site_url: 'https://a.example' }] });
    expect((await pro.licenses.search(db, '0002'))[0]).to.deep.include({ id });
  });

  it('deleting an order removes its items, transactions and labels but not its customer or products', async () => {
    const o = await store.orders.create(db, { customer_id: customer, items: [{ variation_id: simpleVariation, quantity: 1, unit_price: 4_900 }], tax_lines: [] });
    await store.transactions.create(db, { order_id: o, transaction_type: 'charge', status: 'succeeded', total: 4_900 });
    const label = await store.labels.create(db, { title: 'Rush' });
    await store.labelAttachments.create(db, { label_id: label, labelable_type: 'order', labelable_id: o });
    expect(await store.orders.delete(db, o)).to.equal(true);
    for (const t of ['cw_order_items', 'cw_order_transactions']) expect(Number((await db(t).where({ order_id: o }).count({ n: '*' }).first())!.n), t).to.equal(0);
    expect(Number((await db('cw_label_relations').where({ labelable_type: 'order', labelable_id: o }).count({ n: '*' }).first())!.n)).to.equal(0);
    expect(await store.customers.get(db, customer)).to.not.equal(undefined);
    expect(await store.products.get(db, simple)).to.not.equal(undefined);
    expect((await store.labels.get(db, label))!.attachments).to.equal(0);
  });

  it('refuses to delete a customer who still has orders; deleting a category leaves its products', async () => {
    const before = await snapshot(db, tables);
    const err = await store.customers.delete(db, customer).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(StoreInUseError);
    expect(await snapshot(db, tables)).to.deep.equal(before);
    const cat = await store.categories.create(db, { name: 'Courses' });
    const p = await store.products.create(db, { title: 'Workshop', category_ids: [cat], variations: [{ price: 100 }] });
    await store.categories.delete(db, cat);
    expect((await store.products.get(db, p))!.category_ids).to.deep.equal([]);
  });

  it('searches products by title or SKU, customers by email, orders by id and coupons by code', async () => {
    expect((await store.products.search(db, 'cours')).map((h) => h.id)).to.include(simple);
    expect((await store.products.search(db, 'COURSE'))[0].label).to.equal('Course');
    expect((await store.customers.search(db, 'grace'))[0]).to.deep.include({ id: customer });
    expect((await store.orders.search(db, String(order)))[0].id).to.equal(order);
    expect((await store.orders.search(db, 'grace@')).map((h) => h.id)).to.include(order);
    expect((await store.coupons.search(db, 'welc'))[0].record.type).to.equal('percentage');
    expect(await store.products.search(db, '%')).to.deep.equal([]);
  });
});
