/**
 * Issue #5 (points 1, 2 and 7 for cartwheel): the built-in cartwheel driver, through the real pipeline
 * (preview, generate, lookup, cleanup controllers) on both databases. Every supported resource is
 * generated in dependency order with a fixed seed, and what the store then holds is compared with the
 * canonical rows preview returns (cartwheel's spellings, integer cents); then cleanup, seven rows at a
 * time, leaves every store table exactly as the hand-made records left it.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { generate, preview, type GenerateResult } from '../../controllers/generate.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import { lookup, platforms } from '../../controllers/platforms.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../generators/resources.ts';
import type { EntityByResource } from '../../generators/entities.ts';
import type { ExistingKind } from '../../generators/existing.ts';
import { PanelError } from '../../panel/errors.ts';
import { CARTWHEEL, type CartwheelStore } from '../../stores/cartwheel/index.ts';
import { CARTWHEEL_PRO, type CartwheelProStore } from '../../stores/cartwheel-pro/index.ts';
import { CartwheelDriver } from '../../drivers/cartwheel/index.ts';
import { newestIds } from '../../drivers/common/newest.ts';

/** A seed whose batches show every spelling the driver maps (each product type, cancelled and on-hold orders, every cart stage). */
const SEED = 'cartwheel-2';
const REFERENCE_DATE = '2025-06-30';

/** Each resource's parameters: small batches that still show every spelling the driver maps. */
const PARAMS: Readonly<Record<Exclude<ResourceName, 'product_tag'>, Record<string, unknown>>> = {
  product_category: { count: 8, max_depth: 2 },
  brand: { count: 4 },
  attribute: { count: 2, terms_per_attribute: { min: 3, max: 3 } },
  product: { count: 10, product_type: 'mixed', tags_per_product: { min: 0, max: 0 } },
  product_variation: { count: 6 },
  product_download: { count: 3 },
  customer: { count: 8 },
  // Coupons that started before the orders' year and last ten years, so every order may apply them.
  coupon: { count: 3, validity_days: { min: 3650, max: 3650 }, date_range: { start: '2024-01-01', end: '2024-03-01' } },
  shipping_class: { count: 2 },
  shipping_plan: { count: 3 },
  tax_class: { count: 2 },
  order: { count: 20, coupon_ratio: 30 },
  order_tax_line: { count: 4 },
  transaction: { count: 14 },
  refund: { count: 4 },
  cart_session: { count: 8, abandonment_rate: 40 },
  label: { count: 3 },
  subscription: { count: 4 },
  licence: { count: 4 },
  log: { count: 5 },
};

type Rows = Record<string, Array<Record<string, unknown>>>;

/** Every row of every table, in a stable order (link tables have no id). */
async function snapshot(db: Knex, tables: readonly string[]): Promise<Rows> {
  const out: Rows = {};
  for (const t of tables) {
    const rows = (await db(t).select('*')) as Array<Record<string, unknown>>;
    out[t] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)]))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

async function refused(promise: Promise<unknown>): Promise<PanelError> {
  try {
    await promise;
  } catch (e) {
    expect(e).to.be.instanceOf(PanelError);
    return e as PanelError;
  }
  expect.fail('expected the request to be refused');
}

eachDatabase('cartwheel driver', (target) => {
  let h: SeederHarness;
  let store: CartwheelStore;
  let pro: CartwheelProStore;
  let db: Knex;
  const written = new Map<ResourceName, { rows: unknown[]; result: GenerateResult }>();
  const hand: Record<string, number> = {};
  let original: Rows;

  async function run<R extends ResourceName>(resource: R): Promise<{ rows: Array<EntityByResource[R]>; ids: number[]; result: GenerateResult }> {
    const params = { seed: SEED, reference_date: REFERENCE_DATE, ...PARAMS[resource as Exclude<ResourceName, 'product_tag'>] };
    const { rows } = await preview(h.req, resource, params);
    const result = await generate(h.req, resource, params);
    expect(result.errors, `${resource}: ${result.errors.join(' ')}`).to.deep.equal([]);
    expect(result.failed).to.equal(0);
    expect(result.platform).to.equal('cartwheel');
    expect(result.created.map((c) => c.key)).to.deep.equal(rows.map((r) => (r as { key: string }).key));
    written.set(resource, { rows, result });
    return { rows: rows as Array<EntityByResource[R]>, ids: result.created.map((c) => Number(c.id.split(',')[0])), result };
  }

  before(async () => {
    h = await bootSeederSite(target, { plugins: ['cartwheel', 'seeder'] });
    db = h.site.db;
    store = h.site.services.get(CARTWHEEL)!;
    // Hand-made records the round trip must leave exactly as they are.
    hand.category = await store.categories.create(db, { name: 'Hand-made goods' });
    hand.brand = await store.brands.create(db, { name: 'Hand-made brand' });
    hand.attribute = await store.attributes.create(db, { name: 'Hand-made finish', terms: [{ name: 'Waxed' }, { name: 'Oiled' }] });
    hand.shippingClass = await store.shippingClasses.create(db, { name: 'Hand-made parcels' });
    hand.taxClass = await store.taxClasses.create(db, { name: 'Hand-made tax' });
    hand.taxRate = await store.taxRates.create(db, { tax_class_id: hand.taxClass, country: 'US', rate: '5', name: 'Hand-made tax 5%' });
    hand.method = await store.shippingMethods.create(db, { title: 'Hand-made courier', type: 'flat_rate', amount: 990, countries: ['US'] });
    hand.product = await store.products.create(db, { title: 'Hand-made bowl', category_ids: [hand.category], brand_ids: [hand.brand], variations: [{ price: 4_500, sku: 'HAND-BOWL' }] });
    hand.variation = (await store.products.get(db, hand.product))!.variations[0]!.id;
    hand.customer = await store.customers.create(db, { email: 'hand.made@example.com', first_name: 'Hand', last_name: 'Made', addresses: [{ type: 'billing', name: 'Hand Made', country: 'US', is_primary: true }] });
    hand.coupon = await store.coupons.create(db, { code: 'HANDMADE10', type: 'percentage', amount: 10 });
    hand.order = await store.orders.create(db, { customer_id: hand.customer, status: 'completed', payment_status: 'paid', items: [{ variation_id: hand.variation, quantity: 2, unit_price: 4_500 }] });
    hand.charge = await store.transactions.create(db, { order_id: hand.order, transaction_type: 'charge', status: 'succeeded', total: 9_000 });
    hand.label = await store.labels.create(db, { title: 'Hand-made label' });
    await store.labelAttachments.create(db, { label_id: hand.label, labelable_type: 'order', labelable_id: hand.order });
    hand.cart = await store.carts.create(db, { cart_hash: 'hand-made-cart', customer_id: hand.customer, items: [{ variation_id: hand.variation, quantity: 1 }] });
    hand.activity = await store.activities.create(db, { status: 'info', module_type: 'order', module_id: hand.order, title: 'Hand-made entry' });
  });
  after(async () => h.dispose());

  it('refuses product tags with the reason, and supports licences the moment cartwheel-pro is activated', async () => {
    const tags = await refused(generate(h.req, 'product_tag', { count: 1, seed: SEED }));
    expect(tags.code).to.equal('product_tag.unsupported');
    expect(tags.status).to.equal(400);
    expect(tags.message).to.equal('Cartwheel has no product tags; use categories or brands to group products.');

    const cartwheel = () => platforms(h.req).then((p) => p.platforms.find((d) => d.id === 'cartwheel')!);
    expect((await cartwheel()).capabilities.licence).to.deep.include({ status: 'missing_extension', extension: { slug: 'cartwheel-pro', label: 'Cartwheel Pro' } });
    const licences = await refused(generate(h.req, 'licence', { count: 1, seed: SEED }));
    expect(licences.code).to.equal('licence.unsupported');
    expect(licences.status).to.equal(400);
    expect(licences.message).to.contain('cartwheel-pro');

    await h.kernel.activatePlugin(h.site.id, 'cartwheel-pro');
    pro = h.site.services.get(CARTWHEEL_PRO)!;
    const report = await cartwheel();
    expect(report.capabilities.licence).to.deep.equal({ status: 'supported' });
    expect(report.extensions).to.deep.equal([{ slug: 'cartwheel-pro', label: 'Cartwheel Pro', active: true, version: '1.0.0' }]);
    // A hand-made licence, part of the store as it was before the Seeder ran.
    hand.licence = await pro.licenses.create(db, { license_key: 'HAND-MADE-0001', activation_limit: 1, customer_id: hand.customer, order_id: hand.order, variation_id: hand.variation });
    original = await snapshot(db, [...store.tables, ...pro.tables]);
  });

  it('generates the catalogue in cartwheel spelling and integer cents', async () => {
    const categories = await run('product_category');
    const storedCategories = await store.categories.getMany(db, categories.ids);
    const idOfKey = new Map(categories.rows.map((r, i) => [r.key, categories.ids[i]!]));
    categories.rows.forEach((row, i) => {
      expect(storedCategories[i]).to.include({ name: row.name, slug: row.slug });
      // Parents named by key in the same batch were written first.
      expect(storedCategories[i]!.parent_id).to.equal(row.parent ? idOfKey.get(row.parent.key!) : null);
    });
    expect(categories.rows.some((r) => r.parent !== null), 'the batch holds a subtree').to.equal(true);

    const brands = await run('brand');
    expect((await store.brands.getMany(db, brands.ids)).map((b) => b.name)).to.deep.equal(brands.rows.map((r) => r.name));

    const attributes = await run('attribute');
    const storedAttributes = await store.attributes.getMany(db, attributes.ids);
    attributes.rows.forEach((row, i) => {
      expect(storedAttributes[i]!.name).to.equal(row.name);
      expect(storedAttributes[i]!.terms.map((t) => t.name)).to.deep.equal(row.terms.map((t) => t.name));
    });

    const products = await run('product');
    expect(products.result.ignored_parameters).to.deep.equal(['tags_per_product']);
    const types = new Set(products.rows.map((r) => r.type));
    expect([...types].sort(), 'the batch holds every product type').to.deep.equal(['digital', 'physical', 'variable']);
    const storedProducts = await store.products.getMany(db, products.ids);
    products.rows.forEach((row, i) => {
      const p = storedProducts[i]!;
      expect(p).to.include({ title: row.name, status: { published: 'publish', draft: 'draft', private: 'private' }[row.status], fulfillment_type: row.type === 'digital' ? 'digital' : 'physical' });
      expect(p.variation_type).to.equal(row.type === 'physical' ? 'simple' : 'variations');
      const selling = p.variations[0]!;
      expect(selling).to.include({ sku: row.sku, price: row.sale_price_minor ?? row.regular_price_minor, compare_price: row.sale_price_minor === null ? null : row.regular_price_minor, payment_type: 'onetime' });
      expect(Number.isInteger(selling.price)).to.equal(true);
      // Digital products are also sold by monthly subscription: what cartwheel's subscriptions are made of.
      expect(p.variations.filter((v) => v.payment_type === 'subscription').map((v) => v.repeat_interval)).to.deep.equal(row.type === 'digital' ? ['monthly'] : []);
      expect(p.category_ids).to.deep.equal(row.categories.map((c) => Number(c.id)).sort((a, b) => a - b));
    });

    const variations = await run('product_variation');
    const storedVariations = await store.variations.getMany(db, variations.ids);
    variations.rows.forEach((row, i) => {
      expect(storedVariations[i]).to.include({ product_id: Number(row.product.id), sku: row.sku, price: row.sale_price_minor ?? row.regular_price_minor, stock: row.stock_quantity });
      // Axes of the store's global attributes link their terms.
      expect(storedVariations[i]!.term_ids).to.have.length(Object.keys(row.attributes).length);
    });

    const downloads = await run('product_download');
    const storedDownloads = await store.downloads.getMany(db, downloads.ids);
    downloads.rows.forEach((row, i) => {
      expect(storedDownloads[i]).to.deep.include({ product_id: Number(row.product.id), title: row.name, file_path: row.url, download_limit: row.download_limit, expiry_days: row.download_expiry_days });
    });
  });

  it('generates customers, coupons, shipping and tax settings', async () => {
    const customers = await run('customer');
    const storedCustomers = await store.customers.getMany(db, customers.ids);
    customers.rows.forEach((row, i) => {
      const c = storedCustomers[i]!;
      expect(c).to.include({ email: row.email.toLowerCase(), first_name: row.first_name, last_name: row.last_name });
      const billing = c.addresses.find((a) => a.type === 'billing')!;
      expect(billing).to.include({ name: `${row.billing.first_name} ${row.billing.last_name}`, address_1: row.billing.line1, country: row.billing.country, postcode: row.billing.postcode, is_primary: true });
      expect(c.addresses.some((a) => a.type === 'shipping')).to.equal(row.shipping !== null);
    });

    const coupons = await run('coupon');
    const storedCoupons = await store.coupons.getMany(db, coupons.ids);
    coupons.rows.forEach((row, i) => {
      const amount = row.discount_type === 'percentage' ? row.amount_percent : row.discount_type === 'fixed_cart' ? row.amount_minor : 0;
      expect(storedCoupons[i]).to.include({
        code: row.code.toLowerCase(),
        type: { percentage: 'percentage', fixed_cart: 'fixed', free_shipping: 'free_shipping' }[row.discount_type],
        amount,
        max_uses: row.usage_limit,
        min_purchase: row.minimum_spend_minor,
        start_date: row.starts_at.replace('Z', '.000Z'),
        end_date: row.expires_at.replace('Z', '.000Z'),
      });
    });

    const classes = await run('shipping_class');
    expect((await store.shippingClasses.getMany(db, classes.ids)).map((c) => c.slug)).to.deep.equal(classes.rows.map((r) => r.slug));

    const plans = await run('shipping_plan');
    plans.rows.forEach((row, i) => {
      const methodIds = plans.result.created[i]!.id.split(',').map(Number);
      expect(methodIds).to.have.length(row.methods.length);
    });
    const allMethods = await store.shippingMethods.getMany(db, plans.result.created.flatMap((c) => c.id.split(',').map(Number)));
    const canonicalMethods = plans.rows.flatMap((row) => row.methods.map((m) => ({ row, m })));
    canonicalMethods.forEach(({ row, m }, k) => {
      expect(allMethods[k]).to.deep.include({ type: m.type, amount: m.cost_minor ?? 0, countries: row.rest_of_world ? [] : row.countries, title: `${m.title} - ${row.name}` });
    });

    const taxes = await run('tax_class');
    const storedClasses = await store.taxClasses.getMany(db, taxes.ids);
    const rates = await store.taxRates.search(db, taxes.rows[0]!.rates[0]!.country, 100);
    taxes.rows.forEach((row, i) => {
      expect(storedClasses[i]!.name).to.equal(row.name);
      const own = rates.filter((r) => r.record.tax_class_id === taxes.ids[i]).map((r) => r.record);
      expect(own.map((r) => [r.country, Number(r.rate), r.shipping])).to.deep.equal(row.rates.map((r) => [r.country, r.rate_percent, r.shipping]));
    });
  });

  it('generates orders with their payments, tax lines, transactions and refunds', async () => {
    const orders = await run('order');
    const statuses = new Set(orders.rows.map((r) => r.status));
    expect(statuses.has('cancelled') && statuses.has('on_hold') && statuses.has('completed'), [...statuses].join(' ')).to.equal(true);
    expect(orders.rows.some((r) => r.coupon_lines.length > 0), 'some orders apply a coupon').to.equal(true);
    const storedOrders = await store.orders.getMany(db, orders.ids);
    const charges = await store.transactions.getMany(db, storedOrders.flatMap((o) => o.transaction_ids));
    orders.rows.forEach((row, i) => {
      const o = storedOrders[i]!;
      expect(o.status).to.equal({ pending: 'pending', processing: 'processing', on_hold: 'on-hold', completed: 'completed', cancelled: 'canceled', failed: 'failed', refunded: 'refunded' }[row.status]);
      expect(o).to.include({
        customer_id: Number(row.customer!.id),
        currency: row.currency,
        subtotal: row.subtotal_minor,
        discount_total: row.discount_total_minor,
        shipping_total: row.shipping_total_minor,
        tax_total: row.tax_total_minor,
        total_amount: row.total_minor,
        created_at: row.created_at.replace('Z', '.000Z'),
      });
      expect(o.items.map((l) => [l.title, l.quantity, l.unit_price, l.tax_amount])).to.deep.equal(row.lines.map((l) => [l.name, l.quantity, l.unit_price_minor, l.tax_minor]));
      expect(o.items.every((l) => l.variation_id !== null), 'every item is sold through a variation').to.equal(true);
      expect(o.coupons.map((c) => c.code)).to.deep.equal(row.coupon_lines.map((c) => c.code.toLowerCase()));
      expect(o.addresses.find((a) => a.type === 'billing')).to.include({ email: row.email.toLowerCase(), country: row.billing.country });
      // A paid order's payment is a succeeded charge of its total, at the paid date.
      const own = charges.filter((t) => t.order_id === o.id);
      expect(own.map((t) => [t.transaction_type, t.status, t.total, t.created_at])).to.deep.equal(row.paid ? [['charge', 'succeeded', row.total_minor, row.paid_at!.replace('Z', '.000Z')]] : []);
    });

    const taxLines = await run('order_tax_line');
    const storedTaxLines = await store.orderTaxLines.getMany(db, taxLines.ids);
    taxLines.rows.forEach((row, i) => {
      expect(storedTaxLines[i]).to.include({ order_id: Number(row.order.id), label: row.label, tax_amount: row.tax_minor + row.shipping_tax_minor });
      expect(Number(storedTaxLines[i]!.rate)).to.equal(row.rate_percent);
    });

    const transactions = await run('transaction');
    expect(transactions.rows.some((r) => r.state === 'completed'), 'a completed transaction').to.equal(true);
    const storedTransactions = await store.transactions.getMany(db, transactions.ids);
    const stateMap: Record<string, string> = { pending: 'pending', authorized: 'authorized', completed: 'succeeded', failed: 'failed', refunded: 'refunded', disputed: 'dispute_lost' };
    transactions.rows.forEach((row, i) => {
      const t = storedTransactions[i]!;
      expect(t).to.include({ order_id: Number(row.order.id), total: row.amount_minor, vendor_charge_id: row.gateway_reference, status: stateMap[row.state] });
      // Cartwheel keeps dispute_lost to disputes: a charge lost to a dispute is the lost dispute.
      expect(t.transaction_type).to.equal(row.type === 'charge' && row.state === 'disputed' ? 'dispute' : row.type);
    });

    const refunds = await run('refund');
    const storedRefunds = await store.refunds.getMany(db, refunds.ids);
    refunds.rows.forEach((row, i) => {
      expect(storedRefunds[i]).to.include({ order_id: Number(row.order.id), transaction_type: 'refund', status: 'succeeded', total: row.amount_minor, reason: row.reason });
    });
  });

  it('generates carts, labels, subscriptions, licences and log entries', async () => {
    const carts = await run('cart_session');
    const stages = new Set(carts.rows.map((r) => r.stage));
    expect([...stages].sort()).to.deep.equal(['abandoned', 'active', 'converted']);
    const storedCarts = await store.carts.getMany(db, carts.ids);
    carts.rows.forEach((row, i) => {
      const c = storedCarts[i]!;
      expect(c).to.include({ cart_hash: row.session_token, stage: { active: 'draft', abandoned: 'intended', converted: 'completed' }[row.stage], customer_id: row.customer ? Number(row.customer.id) : null });
      expect(c.items.map((x) => x.quantity)).to.deep.equal(row.items.map((x) => x.quantity));
      // A converted cart names an order, as cartwheel requires.
      expect(c.order_id !== null).to.equal(row.stage === 'converted');
    });

    const labels = await run('label');
    expect((await store.labels.getMany(db, labels.ids)).map((l) => [l.title, l.color])).to.deep.equal(labels.rows.map((r) => [r.name, r.color]));

    const subscriptions = await run('subscription');
    const storedSubscriptions = await store.subscriptions.getMany(db, subscriptions.ids);
    subscriptions.rows.forEach((row, i) => {
      expect(storedSubscriptions[i]).to.include({
        customer_id: Number(row.customer.id),
        status: { pending: 'pending', active: 'active', on_hold: 'paused', pending_cancel: 'active', cancelled: 'canceled', expired: 'expired' }[row.status],
        billing_interval: { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' }[row.billing_period],
        recurring_amount: row.recurring_total_minor,
        product_id: Number(row.lines[0]!.product.id),
      });
    });

    const licences = await run('licence');
    const storedLicences = await pro.licenses.getMany(db, licences.ids);
    licences.rows.forEach((row, i) => {
      expect(storedLicences[i]).to.include({ license_key: row.licence_key, status: row.state, activation_limit: row.site_limit, product_id: Number(row.product.id), customer_id: Number(row.customer!.id) });
      expect(storedLicences[i]!.activations.map((a) => a.site_url)).to.deep.equal(row.activations.map((a) => a.site_url));
    });

    const logs = await run('log');
    const storedLogs = await store.activities.getMany(db, logs.ids);
    logs.rows.forEach((row, i) => {
      expect(storedLogs[i]!.title).to.equal(row.message);
      expect(storedLogs[i]!.status).to.equal({ debug: 'info', info: 'info', notice: 'success', warning: 'warning', error: 'failed', critical: 'failed' }[row.level]);
      expect(JSON.parse(storedLogs[i]!.content)).to.deep.equal({ level: row.level, source: row.source, context: row.context });
    });
    expect(RESOURCE_NAMES.filter((r) => r !== 'product_tag' && !written.has(r))).to.deep.equal([]);
  });

  it('reads existing records back as canonical values, newest first capped, in ascending order', async () => {
    const driver = new CartwheelDriver();
    const kinds: ExistingKind[] = ['products', 'variations', 'customers', 'coupons', 'orders', 'transactions', 'shipping_plans', 'tax_rates', 'product_tags'];
    const existing = await driver.existing(kinds, h.site, db);
    for (const kind of kinds) {
      const ids = existing[kind]!.map((r) => Number(r.id));
      expect(ids, kind).to.deep.equal([...ids].sort((a, b) => a - b));
    }
    expect(existing.product_tags).to.deep.equal([]);
    const orderStatuses = new Set(existing.orders!.map((o) => o.status));
    expect(orderStatuses.has('cancelled') && orderStatuses.has('on_hold') && !orderStatuses.has('canceled' as never)).to.equal(true);
    const states = new Set(existing.transactions!.map((t) => t.state));
    expect(states.has('completed') && !states.has('succeeded' as never)).to.equal(true);
    const products = existing.products!;
    expect(products.find((p) => p.id === String(hand.product))).to.deep.include({ name: 'Hand-made bowl', type: 'physical', price_minor: 4_500, sku: 'HAND-BOWL', subscription: false });
    expect(products.filter((p) => p.subscription).every((p) => p.type === 'digital')).to.equal(true);
    // A variable product's first variation is its base price, not something sold.
    const variable = new Set(products.filter((p) => p.type === 'variable').map((p) => p.id));
    expect(existing.variations!.every((v) => variable.has(v.product_id))).to.equal(true);
    expect(existing.variations!.map((v) => v.id)).to.include.members(written.get('product_variation')!.result.created.map((c) => c.id));
    // What is left to refund is what cartwheel will accept: charges less refunds.
    const handOrder = existing.orders!.find((o) => o.id === String(hand.order))!;
    const onHand = await store.transactions.getMany(db, (await store.orders.get(db, hand.order))!.transaction_ids);
    const sum = (type: string, keep: (status: string) => boolean) => onHand.filter((t) => t.transaction_type === type && keep(t.status)).reduce((n, t) => n + t.total, 0);
    const refundable = Math.max(0, Math.min(9_000, sum('charge', (s) => s === 'succeeded') - sum('refund', (s) => s !== 'failed')));
    expect(handOrder).to.include({ status: 'completed', paid: true, total_minor: 9_000, refunded_minor: 9_000 - refundable });
    expect(existing.coupons!.find((c) => c.id === String(hand.coupon))).to.deep.include({ code: 'handmade10', discount_type: 'percentage', amount_percent: 10 });
    expect(existing.customers!.find((c) => c.id === String(hand.customer))!.billing).to.include({ first_name: 'Hand', last_name: 'Made', country: 'US' });
    // The cap keeps the newest records.
    const all = await newestIds(db, store.orders.table);
    expect(await newestIds(db, store.orders.table, 3)).to.deep.equal(all.slice(-3));
  });

  it('looks records up through the store search', async () => {
    const product = (written.get('product')!.rows[0] as EntityByResource['product']);
    const found = await lookup(h.req, { resource: 'products', search: product.name });
    expect(found).to.include({ platform: 'cartwheel', searchable: true });
    expect(found.items.map((i) => i.id)).to.include(written.get('product')!.result.created[0]!.id);
    const coupon = await lookup(h.req, { resource: 'coupon', search: 'handmade' });
    expect(coupon.items).to.deep.equal([{ id: String(hand.coupon), label: 'handmade10', resource: 'coupon' }]);
    const refunds = await lookup(h.req, { resource: 'refund', search: String(written.get('refund')!.result.created[0]!.id) });
    expect(refunds.items.map((i) => i.id)).to.deep.equal([written.get('refund')!.result.created[0]!.id]);
    expect((await lookup(h.req, { resource: 'cart_session', search: 'a' })).items).to.deep.equal([]);
  });

  it('cleans up seven rows at a time until nothing is left, leaving the hand-made records exactly as they were', async () => {
    const total = [...written.values()].reduce((n, w) => n + w.result.created_count, 0);
    let remaining = Infinity;
    let deleted = 0;
    for (let round = 0; remaining > 0; round++) {
      expect(round, 'cleanup makes progress').to.be.below(Math.ceil(total / 7) + 2);
      const result = await cleanup(h.req, { limit: 7 });
      expect(result.errors).to.deep.equal([]);
      expect(result.deleted).to.be.at.most(7);
      deleted += result.deleted;
      remaining = result.remaining;
    }
    expect(deleted).to.equal(total);
    expect(await snapshot(db, [...store.tables, ...pro.tables])).to.deep.equal(original);
  });
});
