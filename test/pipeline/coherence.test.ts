/**
 * Issue 19, point 7: the data a realistic mix of generate requests leaves in a store is coherent, read
 * back from the store's own tables (not from the generator's entities): order totals are the lines, shipping
 * and tax less discounts in the store's money; refunds never exceed what was paid; dates are ordered
 * (created ≤ paid ≤ completed ≤ refunded); a coupon is used only within its validity and limits, per
 * customer included; subscriptions and licences agree with their orders; an address's postcode, region and
 * city belong to its country. Every property is checked on both stores and both databases, over several seeds.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { generate } from '../../controllers/generate.ts';
import { generateMany } from '../../controllers/generate-many.ts';
import { CARTWHEEL } from '../../stores/cartwheel/index.ts';
import { COUNTRIES } from '../../generators/geo/countries.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';

/** The mix, in dependency order: [resource, total, parameters]. */
const MIX: Array<[string, number, Record<string, unknown>]> = [
  ['tax_class', 2, {}],
  ['shipping_class', 2, {}],
  ['shipping_plan', 2, {}],
  ['product_category', 6, {}],
  ['attribute', 2, {}],
  ['product', 30, { product_type: 'mixed' }],
  ['product_variation', 20, {}],
  ['customer', 25, {}],
  ['coupon', 8, { usage_limits: { total: { min: 2, max: 6 }, per_user: { min: 1, max: 1 }, unlimited_ratio: 0 } }],
  ['order', 150, { coupon_ratio: 60 }],
  ['transaction', 20, {}],
  ['refund', 30, {}],
  ['subscription', 12, {}],
  ['licence', 12, {}],
];
const SEEDS = ['coherence-1', 'coherence-2'];
const LOCALES = ['en_US', 'de_DE', 'ja_JP', 'fr_FR'];

const cents = (v: unknown) => Math.round(Number(v) * 100);
const t = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Date(String(v)).getTime());

/** Each violated property, with the first few offending rows. */
class Violations {
  readonly found = new Map<string, string[]>();
  /** How many rows each property was checked on: a property never checked proves nothing. */
  readonly checked = new Map<string, number>();
  check(property: string, ok: boolean, what: () => string): void {
    this.checked.set(property, (this.checked.get(property) ?? 0) + 1);
    if (ok) return;
    const list = this.found.get(property) ?? [];
    if (list.length < 3) list.push(what());
    this.found.set(property, list);
  }
  lines(): string[] {
    return [...this.found].map(([p, rows]) => `${p}: ${rows.join(' | ')}`);
  }
}

const POSTCODE = new Map(
  COUNTRIES.map((c) => [c.code, c.cities.flatMap((city) => city.postcodes.map((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/#/g, '\\d')}$`)))]),
);
const CITIES = new Map(COUNTRIES.map((c) => [c.code, new Map(c.cities.map((city) => [city.city, city]))]));

/** Postcode format, and the region and city of one country (the country's gazetteer). */
function checkAddress(v: Violations, where: string, a: { country: string; city: string; state: string; postcode: string }): void {
  if (!a.country) return;
  const city = CITIES.get(a.country)?.get(a.city);
  v.check('address city belongs to its country', city !== undefined, () => `${where} ${a.city}, ${a.country}`);
  if (!city) return;
  v.check('address region is its city\'s', a.state === city.region, () => `${where} ${a.city} in ${a.state}, ${a.country}`);
  const patterns = POSTCODE.get(a.country)!;
  if (patterns.length === 0) v.check('address without postcodes has none', a.postcode === '', () => `${where} ${a.postcode} ${a.country}`);
  else v.check('address postcode has its country\'s format', patterns.some((re) => re.test(a.postcode)), () => `${where} "${a.postcode}" ${a.country}`);
}

/** Coupon use: within validity, within the total limit and the per-customer limit. */
function checkCouponUses(
  v: Violations,
  uses: Array<{ coupon: string; customer: string; at: number | null }>,
  coupons: Map<string, { from: number | null; until: number | null; limit: number | null; perCustomer: number | null }>,
): void {
  const total = new Map<string, number>();
  const perCustomer = new Map<string, number>();
  for (const u of uses) {
    const c = coupons.get(u.coupon);
    v.check('a used coupon exists', c !== undefined, () => u.coupon);
    if (!c) continue;
    v.check('coupon used after it starts', c.from === null || (u.at !== null && u.at >= c.from), () => `${u.coupon} at ${u.at} from ${c.from}`);
    v.check('coupon used before it expires', c.until === null || (u.at !== null && u.at <= c.until), () => `${u.coupon} at ${u.at} until ${c.until}`);
    total.set(u.coupon, (total.get(u.coupon) ?? 0) + 1);
    const key = `${u.coupon}\u0000${u.customer}`;
    perCustomer.set(key, (perCustomer.get(key) ?? 0) + 1);
  }
  for (const [code, n] of total) {
    const limit = coupons.get(code)!.limit;
    v.check('coupon used within its usage limit', limit === null || n <= limit, () => `${code} used ${n} > ${limit}`);
  }
  for (const [key, n] of perCustomer) {
    const [code, customer] = key.split('\u0000');
    const limit = coupons.get(code!)!.perCustomer;
    v.check('coupon used within its per-customer limit', limit === null || n <= limit, () => `${code} by ${customer} ${n} > ${limit}`);
  }
}

async function emporiumViolations(db: Knex): Promise<Violations> {
  const v = new Violations();
  const orders = await db('emp_orders').select('*');
  const items = await db('emp_order_items').select('*');
  const byOrder = new Map<number, Array<Record<string, unknown>>>();
  for (const i of items) byOrder.set(i.order_id, [...(byOrder.get(i.order_id) ?? []), i]);
  const refunds = await db('emp_refunds').select('*');
  const coupons = await db('emp_coupons').select('*');
  for (const o of orders) {
    const lines = byOrder.get(o.id) ?? [];
    const products = lines.filter((l) => l.item_type === 'line_item');
    const fees = lines.filter((l) => l.item_type === 'fee');
    const shipping = lines.filter((l) => l.item_type === 'shipping');
    const subtotal = products.reduce((n, l) => n + cents(l.subtotal), 0);
    const after = products.reduce((n, l) => n + cents(l.total), 0);
    const taxes = cents(o.cart_tax) + cents(o.shipping_tax);
    const expected = subtotal - cents(o.discount_total) + fees.reduce((n, l) => n + cents(l.total), 0) + cents(o.shipping_total) + taxes;
    v.check('order total = lines + shipping + tax − discounts', cents(o.total) === expected, () => `order ${o.id}: ${o.total} vs ${expected / 100}`);
    v.check('order discount = Σ line subtotal − Σ line total', subtotal - after === cents(o.discount_total), () => `order ${o.id}: ${o.discount_total} vs ${(subtotal - after) / 100}`);
    v.check('order shipping = Σ shipping lines', shipping.reduce((n, l) => n + cents(l.total), 0) === cents(o.shipping_total), () => `order ${o.id}`);
    v.check('order tax = Σ line taxes', products.reduce((n, l) => n + cents(l.total_tax), 0) + fees.reduce((n, l) => n + cents(l.total_tax), 0) === cents(o.cart_tax), () => `order ${o.id}: cart_tax ${o.cart_tax}`);
    const created = t(o.created_at)!;
    const paid = t(o.date_paid);
    const completed = t(o.date_completed);
    v.check('paid ≥ created', paid === null || paid >= created, () => `order ${o.id}`);
    v.check('completed ≥ paid', completed === null || (paid !== null && completed >= paid), () => `order ${o.id}: paid ${o.date_paid} completed ${o.date_completed}`);
    const own = refunds.filter((r) => r.order_id === o.id);
    const refunded = own.reduce((n, r) => n + cents(r.amount), 0);
    v.check('refunds ≤ total paid', refunded <= cents(o.total), () => `order ${o.id}: refunded ${refunded / 100} of ${o.total}`);
    for (const r of own) {
      v.check('refunds only of paid orders', paid !== null, () => `order ${o.id} (${o.status})`);
      v.check('refunded ≥ completed, paid and created', t(r.created_at)! >= Math.max(created, paid ?? 0, completed ?? 0), () => `refund ${r.id} ${r.created_at} of order ${o.id} created ${o.created_at} paid ${o.date_paid} completed ${o.date_completed}`);
    }
  }
  checkCouponUses(
    v,
    items.filter((i) => i.item_type === 'coupon').map((i) => {
      const o = orders.find((x) => x.id === i.order_id)!;
      return { coupon: String(i.code).toLowerCase(), customer: String(o.billing_email).toLowerCase(), at: t(o.created_at) };
    }),
    new Map(coupons.map((c) => [String(c.code).toLowerCase(), { from: t(c.created_at), until: t(c.date_expires), limit: c.usage_limit, perCustomer: c.usage_limit_per_user }])),
  );
  for (const a of await db('emp_order_addresses').select('*')) checkAddress(v, `order ${a.order_id} ${a.address_type}`, a);
  for (const a of await db('emp_customer_addresses').select('*')) checkAddress(v, `customer ${a.customer_id} ${a.address_type}`, a);

  const subscriptions = await db('emp_subscriptions').select('*');
  const subItems = await db('emp_subscription_items').select('*');
  for (const s of subscriptions) {
    // A subscription made by hand has no parent order; one that names it must agree with it.
    if (s.parent_order_id === null) continue;
    const o = orders.find((x) => x.id === s.parent_order_id);
    v.check('subscription has its parent order', o !== undefined, () => `subscription ${s.id}`);
    if (!o) continue;
    v.check('subscription customer is its order\'s', o.customer_id === s.customer_id, () => `subscription ${s.id}`);
    v.check('subscription currency is its order\'s', o.currency === s.currency, () => `subscription ${s.id}`);
    v.check('subscription starts after its order', t(s.start_date)! >= t(o.created_at)!, () => `subscription ${s.id} ${s.start_date} < ${o.created_at}`);
    const sold = new Map((byOrder.get(o.id) ?? []).filter((l) => l.item_type === 'line_item').map((l) => [l.product_id, l]));
    const own = subItems.filter((x) => x.subscription_id === s.id);
    for (const i of own) {
      const line = sold.get(i.product_id);
      v.check('subscription product is sold by its order', line !== undefined, () => `subscription ${s.id} product ${i.product_id}`);
      if (!line) continue;
      // The order's unit price (before discounts) for each unit the subscription bills.
      v.check('subscription amounts are its order\'s prices', cents(i.total) * Number(line.quantity) === cents(line.subtotal) * Number(i.quantity), () => `subscription ${s.id} product ${i.product_id}: ${i.total} × ${i.quantity} vs ${line.subtotal} / ${line.quantity}`);
    }
    v.check('subscription total = Σ its lines', cents(s.total) === own.reduce((n, i) => n + cents(i.total), 0), () => `subscription ${s.id}: ${s.total}`);
  }
  return v;
}

async function cartwheelViolations(db: Knex): Promise<Violations> {
  const v = new Violations();
  const orders = await db('cw_orders').select('*');
  const items = await db('cw_order_items').select('*');
  const taxes = await db('cw_order_tax_lines').select('*');
  const applied = await db('cw_applied_coupons').select('*');
  const transactions = await db('cw_order_transactions').select('*');
  const coupons = await db('cw_coupons').select('*');
  for (const o of orders) {
    const lines = items.filter((i) => i.order_id === o.id);
    const subtotal = lines.reduce((n, l) => n + Number(l.subtotal), 0);
    const discount = Number(o.discount_total);
    v.check('order subtotal = Σ lines', subtotal === Number(o.subtotal), () => `order ${o.id}: ${o.subtotal} vs ${subtotal}`);
    v.check('order total = lines + shipping + tax − discounts', Number(o.total_amount) === subtotal - discount + Number(o.shipping_total) + Number(o.tax_total), () => `order ${o.id}`);
    v.check('order discount = Σ applied coupons', applied.filter((a) => a.order_id === o.id).reduce((n, a) => n + Number(a.discount), 0) === discount, () => `order ${o.id}`);
    v.check('order discount = Σ line discounts', lines.reduce((n, l) => n + Number(l.discount_total), 0) === discount, () => `order ${o.id}`);
    const ownTaxes = taxes.filter((x) => x.order_id === o.id);
    if (ownTaxes.length > 0) v.check('order tax = Σ tax lines', ownTaxes.reduce((n, x) => n + Number(x.tax_amount), 0) === Number(o.tax_total), () => `order ${o.id}`);
    const own = transactions.filter((x) => x.order_id === o.id);
    const charges = own.filter((x) => x.transaction_type === 'charge' && x.status === 'succeeded');
    const refunds = own.filter((x) => x.transaction_type === 'refund');
    const paid = charges.reduce((n, x) => n + Number(x.total), 0);
    const refunded = refunds.reduce((n, x) => n + Number(x.total), 0);
    v.check('refunds ≤ what was paid', refunded <= paid, () => `order ${o.id}: refunded ${refunded} of ${paid}`);
    v.check('charges ≤ order total', paid <= Number(o.total_amount), () => `order ${o.id}: charged ${paid} of ${o.total_amount}`);
    const created = t(o.created_at)!;
    const paidAt = charges.length ? Math.min(...charges.map((x) => t(x.created_at)!)) : null;
    const completed = t(o.completed_at);
    v.check('paid ≥ created', paidAt === null || paidAt >= created, () => `order ${o.id}`);
    v.check('completed ≥ paid', completed === null || paidAt === null || completed >= paidAt, () => `order ${o.id}`);
    for (const r of refunds) {
      v.check('refunded ≥ completed, paid and created', t(r.created_at)! >= Math.max(created, paidAt ?? 0, completed ?? 0), () => `refund ${r.id} of order ${o.id}`);
    }
  }
  checkCouponUses(
    v,
    applied.map((a) => {
      const o = orders.find((x) => x.id === a.order_id)!;
      return { coupon: String(a.code).toLowerCase(), customer: String(o.customer_id), at: t(o.created_at) };
    }),
    new Map(coupons.map((c) => [String(c.code).toLowerCase(), { from: t(c.start_date) ?? t(c.created_at), until: t(c.end_date), limit: c.max_uses, perCustomer: c.max_per_customer }])),
  );
  for (const a of await db('cw_order_addresses').select('*')) checkAddress(v, `order ${a.order_id} ${a.type}`, a);
  for (const a of await db('cw_customer_addresses').select('*')) checkAddress(v, `customer ${a.customer_id} ${a.type}`, a);

  const sold = (orderId: number) => new Set(items.filter((i) => i.order_id === orderId).map((i) => i.product_id));
  for (const s of await db('cw_subscriptions').select('*')) {
    // A subscription made by hand has no parent order; one that names it must agree with it.
    if (s.parent_order_id === null) continue;
    const o = orders.find((x) => x.id === s.parent_order_id);
    v.check('subscription has its parent order', o !== undefined, () => `subscription ${s.id}`);
    if (!o) continue;
    v.check('subscription customer is its order\'s', o.customer_id === s.customer_id, () => `subscription ${s.id}`);
    v.check('subscription product is sold by its order', sold(o.id).has(s.product_id), () => `subscription ${s.id}`);
    v.check('subscription starts after its order', t(s.created_at)! >= t(o.created_at)!, () => `subscription ${s.id}`);
    // The recurring amount bills the order's price of the product at least, and never more than the order sold.
    const line = items.find((i) => i.order_id === o.id && i.product_id === s.product_id);
    v.check('subscription amounts are its order\'s prices', line !== undefined && Number(s.recurring_amount) >= Number(line.unit_price) && Number(s.recurring_amount) <= Number(o.subtotal), () => `subscription ${s.id}: ${s.recurring_amount} for order ${o.id}`);
  }
  for (const l of await db('cw_licenses').select('*')) {
    if (l.order_id === null) continue;
    const o = orders.find((x) => x.id === l.order_id);
    v.check('licence has its order', o !== undefined, () => `licence ${l.id}`);
    if (!o) continue;
    v.check('licence customer is its order\'s', o.customer_id === l.customer_id, () => `licence ${l.id}`);
    v.check('licence product is sold by its order', sold(o.id).has(l.product_id), () => `licence ${l.id}`);
    v.check('licence issued after its order', t(l.created_at)! >= t(o.created_at)!, () => `licence ${l.id}`);
    v.check('licence expires after it is issued', l.expiration_date === null || t(l.expiration_date)! > t(l.created_at)!, () => `licence ${l.id}`);
  }
  return v;
}

const STORES = [
  { platform: 'emporium', plugins: ['emporium', 'emporium-subscriptions', 'seeder'], violations: emporiumViolations },
  { platform: 'cartwheel', plugins: ['cartwheel', 'cartwheel-pro', 'seeder'], violations: cartwheelViolations },
] as const;

eachDatabase('coherence of what the stores hold', (target) => {
  for (const store of STORES) {
    describe(store.platform, () => {
      let h: SeederHarness;
      const skipped: string[] = [];
      before(async function () {
        this.timeout(600_000);
        h = await bootSeederSite(target, { plugins: [...store.plugins] });
        for (const [i, seed] of SEEDS.entries()) {
          for (const [resource, total, params] of MIX) {
            const result = await generateMany(h.req, resource as never, { ...params, seed: `${seed}-${resource}`, locale: LOCALES[i % LOCALES.length], platform: store.platform }, total).catch((e: Error & { code?: string }) => {
              // A resource the store cannot hold (cartwheel has no refunds of its own, emporium no licences).
              if (e.code?.endsWith('.unsupported')) return null;
              throw e;
            });
            if (result === null || result.stopped) skipped.push(`${resource}: ${result?.stopped?.message ?? 'unsupported'}`);
            else expect(result.failed, `${resource} ${result.errors.join('; ')}`).to.equal(0);
          }
        }
      });
      after(async () => h?.dispose());

      it('every property holds over the mix, read back from the store', async function () {
        this.timeout(120_000);
        const v = await store.violations(h.site.db);
        expect(v.lines()).to.deep.equal([]);
        const exercised = [
          'order total = lines + shipping + tax − discounts',
          'refunds ≤ what was paid',
          'refunded ≥ completed, paid and created',
          'completed ≥ paid',
          'coupon used within its usage limit',
          'coupon used within its per-customer limit',
          'coupon used before it expires',
          'address postcode has its country\'s format',
          'address region is its city\'s',
          'subscription has its parent order',
          'subscription customer is its order\'s',
          'subscription product is sold by its order',
          'subscription starts after its order',
          'subscription amounts are its order\'s prices',
          ...(store.platform === 'cartwheel' ? ['licence product is sold by its order', 'licence issued after its order'] : ['refunds ≤ total paid']),
        ].filter((p) => p !== (store.platform === 'emporium' ? 'refunds ≤ what was paid' : ''));
        for (const p of exercised) expect(v.checked.get(p) ?? 0, p).to.be.greaterThan(0);
        const orders = await h.site.db(store.platform === 'emporium' ? 'emp_orders' : 'cw_orders').count({ n: '*' }).first();
        expect(Number(orders!.n)).to.be.at.least(200);
        // Every subscription was bought with an order of the mix.
        const subscriptions = await h.site.db(store.platform === 'emporium' ? 'emp_subscriptions' : 'cw_subscriptions').select('parent_order_id');
        expect(subscriptions.length).to.be.at.least(20);
        expect(subscriptions.filter((s) => s.parent_order_id === null)).to.deep.equal([]);
      });
    });
  }
});

eachDatabase('completed charges of one batch', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target, { plugins: ['cartwheel', 'seeder'] });
  });
  after(async () => h?.dispose());

  it('never charge one order twice: each paid order takes what is left to charge, once', async () => {
    // Paid orders the shop took before the Seeder came, with no charge recorded yet (one charged in part).
    const store = h.site.services.get(CARTWHEEL)!;
    const db = h.site.db;
    const product = await store.products.create(db, { title: 'Mug', variations: [{ price: 1_500, sku: 'MUG-1' }] });
    const variation = (await store.products.get(db, product))!.variations[0]!.id;
    const customer = await store.customers.create(db, { email: 'ada@example.com', addresses: [{ type: 'billing', name: 'Ada', country: 'US' }] });
    const paid = (quantity: number) =>
      store.orders.create(db, { customer_id: customer, status: 'processing', payment_status: 'paid', items: [{ variation_id: variation, quantity, unit_price: 1_500 }] });
    const orders = [await paid(1), await paid(2), await paid(3)];
    await store.transactions.create(db, { order_id: orders[2]!, transaction_type: 'charge', status: 'succeeded', total: 1_000 });

    const result = await generate(h.req, 'transactions', { count: 12, seed: 'charges', transaction_types: ['charge'], transaction_states: ['completed'] });
    expect(result.failed, result.errors.join('; ')).to.equal(0);
    const charges = await db('cw_order_transactions').where({ transaction_type: 'charge', status: 'succeeded' }).select('order_id', 'total');
    const charged = new Map<number, number>();
    for (const c of charges) charged.set(Number(c.order_id), (charged.get(Number(c.order_id)) ?? 0) + Number(c.total));
    // Each order is charged its total exactly (the part-charged one its rest), and one new charge per order.
    expect(orders.map((o) => charged.get(o))).to.deep.equal([1_500, 3_000, 4_500]);
    expect(result.created_count).to.equal(3);
    expect(charges.length).to.equal(4);
  });
});
