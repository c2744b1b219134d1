/**
 * The cartwheel driver where the store says no: a refused entity is reported with the store's message
 * while the rest of the batch is written, a record other records still need keeps its ledger row and is
 * reported once, an id already gone counts as deleted, and what cartwheel cannot model is explained.
 * Also the two repositories the driver needed and the store lacked (downloads and tax lines added to
 * existing products and orders).
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { generate, preview } from '../../controllers/generate.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import type { CouponEntity } from '../../generators/entities.ts';
import { CARTWHEEL, type CartwheelStore } from '../../stores/cartwheel/index.ts';
import { StoreValidationError } from '../../stores/common/index.ts';
import { PanelError } from '../../panel/errors.ts';

eachDatabase('cartwheel driver: refusals', (target) => {
  let h: SeederHarness;
  let store: CartwheelStore;
  let db: Knex;

  before(async () => {
    h = await bootSeederSite(target, { plugins: ['cartwheel', 'seeder'] });
    db = h.site.db;
    store = h.site.services.get(CARTWHEEL)!;
  });
  after(async () => h.dispose());

  it('writes the rest of a batch and reports the entity the store refuses, with its message', async () => {
    const params = { count: 3, seed: 'refusals' };
    const rows = (await preview(h.req, 'coupon', params)).rows as CouponEntity[];
    await store.coupons.create(db, { code: rows[1]!.code, type: 'fixed', amount: 100 });
    const result = await generate(h.req, 'coupon', params);
    expect(result.created.map((c) => c.key)).to.deep.equal([rows[0]!.key, rows[2]!.key]);
    expect(result.failed).to.equal(1);
    expect(result.errors).to.deep.equal([`Invalid coupon data: #0 code: Coupon code "${rows[1]!.code.toLowerCase()}" is already used`]);
  });

  it('explains what cartwheel cannot model: a converted cart without any order, a subscription to a product sold once', async () => {
    await generate(h.req, 'product', { count: 3, seed: 'refusals', product_type: 'physical' });
    await generate(h.req, 'customer', { count: 2, seed: 'refusals' });
    const carts = await generate(h.req, 'cart_session', { count: 10, seed: 'refusals', abandonment_rate: 0 });
    expect(carts.failed).to.be.above(0);
    expect(carts.errors).to.deep.equal(['Cartwheel records a converted cart with the order it became, and the store has no order yet: generate orders first.']);
    let error: unknown;
    try {
      await generate(h.req, 'subscription', { count: 1, seed: 'refusals' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(PanelError);
    // Not the server's fault: the store lacks a product sold by subscription, which generating products makes.
    expect((error as PanelError).code).to.equal('generation.missing_prerequisite');
    expect((error as PanelError).status).to.equal(409);
    expect((error as PanelError).message).to.contain("Cartwheel sells subscriptions through a product's subscription variation");
    expect((error as PanelError).details).to.include({ resource: 'subscription', generate_first: 'product' });
  });

  it('cleanup reports a record the store refuses to delete once, keeps its ledger row, and counts one already gone as deleted', async () => {
    await cleanup(h.req, { limit: 500 });
    const customers = await generate(h.req, 'customer', { count: 2, seed: 'cleanup' });
    const labels = await generate(h.req, 'label', { count: 1, seed: 'cleanup' });
    const [kept, free] = customers.created.map((c) => Number(c.id));
    const product = await store.products.create(db, { title: 'Hand-made cup', variations: [{ price: 1_200 }] });
    const variation = (await store.products.get(db, product))!.variations[0]!.id;
    await store.orders.create(db, { customer_id: kept!, items: [{ variation_id: variation, quantity: 1, unit_price: 1_200 }] });
    await store.labels.delete(db, Number(labels.created[0]!.id));

    const first = await cleanup(h.req, { limit: 10 });
    expect(first.by_resource).to.deep.equal({ label: 1, customer: 1 });
    expect(first.errors).to.deep.equal([`Cannot delete customer ${kept}: other records still reference it.`]);
    expect(first).to.include({ remaining: 0, refused: 1 });
    expect(await store.customers.get(db, free!)).to.equal(undefined);
    expect(await store.customers.get(db, kept!)).to.not.equal(undefined);
    const again = await cleanup(h.req, { limit: 10 });
    expect(again).to.include({ deleted: 0, remaining: 0, refused: 1 });
    expect(again.errors).to.deep.equal([]);
  });

  it('the store adds files to existing products and tax lines to existing orders, and deletes each alone', async () => {
    const product = await store.products.create(db, { title: 'Pattern book', fulfillment_type: 'digital', variations: [{ price: 900 }] });
    const [file] = await store.downloads.createMany(db, [{ product_id: product, title: 'PDF', file_path: 'https://files.example.com/a.pdf', download_limit: 3 }]);
    expect((await store.products.get(db, product))!.downloads.map((d) => d.id)).to.deep.equal([file]);
    let error: unknown;
    try {
      await store.downloads.create(db, { product_id: 999_999, title: 'PDF', file_path: 'not a path' });
    } catch (e) {
      error = e;
    }
    expect((error as StoreValidationError).issues.map((i) => [i.field, i.rule])).to.deep.equal([['file_path', 'format'], ['product_id', 'exists']]);
    expect(await store.downloads.delete(db, file!)).to.equal(true);
    expect((await store.products.get(db, product))!.downloads).to.deep.equal([]);

    const customer = await store.customers.create(db, { email: 'tax.line@example.com' });
    const variation = (await store.products.get(db, product))!.variations[0]!.id;
    const order = await store.orders.create(db, { customer_id: customer, items: [{ variation_id: variation, quantity: 1, unit_price: 900 }] });
    const line = await store.orderTaxLines.create(db, { order_id: order, label: 'VAT 20%', rate: '20', tax_amount: 150 });
    const stored = (await store.orders.get(db, order))!;
    expect(stored.tax_lines).to.deep.equal([{ id: line, tax_rate_id: null, label: 'VAT 20%', rate: '20.0000', tax_amount: 150 }]);
    expect(stored.total_amount).to.equal(900);
    error = undefined;
    try {
      await store.orderTaxLines.create(db, { order_id: order, label: 'VAT', rate: '20', tax_amount: 901 });
    } catch (e) {
      error = e;
    }
    expect((error as StoreValidationError).issues.map((i) => [i.field, i.rule])).to.deep.equal([['tax_amount', 'tax_above_total']]);
    expect(await store.orderTaxLines.delete(db, line)).to.equal(true);
    expect((await store.orders.get(db, order))!.tax_lines).to.deep.equal([]);
  });
});
