/** Realism and integrity (issue 4, point 5), as fast-check properties over seeds and parameters. */
import { expect } from 'chai';
import fc from 'fast-check';
import type { Address, CanonicalEntity } from '../../generators/entities.ts';
import { countryInfo, COUNTRY_CODES } from '../../generators/geo/countries.ts';
import { LOCALE_CODES, localeInfo } from '../../generators/locales.ts';
import { toMinor } from '../../generators/money.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { refundable } from '../../generators/builders/refund-ledger.ts';
import {
  CART_STAGES,
  LICENCE_STATES,
  ORDER_STATUSES,
  PAID_ORDER_STATUSES,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_STATES,
  TRANSACTION_STATES_BY_TYPE,
  TRANSACTION_TYPES,
  isPaidOrderStatus,
} from '../../generators/vocabularies.ts';
import { existingRecords } from '../../generators/existing.ts';
import { seedArb } from './support/arbitraries.ts';
import { REFERENCE_DATE, SHOP, run } from './support/fixture.ts';

const RUNS = Number(process.env.GENERATORS_FC_RUNS ?? 25);
const NOW = Date.parse(`${REFERENCE_DATE}T23:59:59Z`);
const t = (iso: string) => Date.parse(iso);
const orderById = new Map(SHOP.orders.map((o) => [o.id, o]));

const subset = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1 });
const rangeArb = (lo: number, hi: number) => fc.tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: lo, max: hi })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));

function postcodeFits(postcode: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return postcode === '';
  return patterns.some((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/#/g, '\\d')}$`).test(postcode));
}

/** City, region and postcode come from one gazetteer row of the country; the phone has its calling code. */
function expectCoherent(a: Address, where: string): void {
  const country = countryInfo(a.country);
  expect(country, where).to.not.equal(undefined);
  const rows = country!.cities.filter((c) => c.city === a.city && c.region === a.region);
  expect(rows, `${where}: ${a.city}, ${a.region} in ${a.country}`).to.not.be.empty;
  expect(rows.some((c) => postcodeFits(a.postcode, c.postcodes)), `${where}: postcode ${a.postcode} of ${a.city}`).to.equal(true);
  expect(a.phone.startsWith(`+${country!.callingCode} `), `${where}: phone ${a.phone}`).to.equal(true);
  // The national part follows the country's format, with the city's own area code where it has one.
  const national = (area?: string) =>
    new RegExp(`^\\+${country!.callingCode} ${country!.phone.replace(/[-]/g, '\\-').replace(/#/g, '\\d').replace('{area}', area ?? '\\d+')}$`);
  expect(rows.some((c) => national(c.area).test(a.phone)), `${where}: phone ${a.phone} in the format of ${a.city}`).to.equal(true);
  expect(a.line1.trim(), where).to.not.equal('');
}

function walkMoney(value: unknown, path: string): void {
  if (Array.isArray(value)) value.forEach((v, i) => walkMoney(v, `${path}[${i}]`));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.endsWith('_minor') && v !== null) expect(Number.isSafeInteger(v) && (v as number) >= 0, `${path}.${k} = ${String(v)}`).to.equal(true);
      walkMoney(v, `${path}.${k}`);
    }
  }
}

describe('generators: realism and integrity (issue 4, point 5)', () => {
  it("an order's total is the sum of its lines plus shipping plus tax minus discounts", () => {
    fc.assert(
      fc.property(
        seedArb,
        rangeArb(1, 8),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('en_US', 'de_DE', 'ja_JP', 'fr_FR'),
        (seed, items, include_shipping, include_tax, coupon_ratio, locale) => {
          for (const o of run('order', { count: 30, seed, items_per_order: items, include_shipping, include_tax, coupon_ratio, locale }).entities) {
            for (const l of o.lines) {
              expect(l.subtotal_minor).to.equal(l.quantity * l.unit_price_minor);
              expect(l.total_minor).to.equal(l.subtotal_minor - l.discount_minor);
              expect(l.discount_minor).to.be.within(0, l.subtotal_minor);
            }
            const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
            expect(o.subtotal_minor).to.equal(sum(o.lines.map((l) => l.subtotal_minor)));
            expect(o.discount_total_minor).to.equal(sum(o.lines.map((l) => l.discount_minor)));
            expect(o.discount_total_minor).to.equal(sum(o.coupon_lines.map((c) => c.discount_minor)));
            expect(o.shipping_total_minor).to.equal(sum(o.shipping_lines.map((s) => s.total_minor)));
            expect(o.tax_total_minor).to.equal(sum(o.lines.map((l) => l.tax_minor)) + sum(o.shipping_lines.map((s) => s.tax_minor)));
            expect(o.tax_total_minor).to.equal(sum(o.tax_lines.map((x) => x.tax_minor + x.shipping_tax_minor)));
            expect(o.total_minor).to.equal(o.subtotal_minor - o.discount_total_minor + o.shipping_total_minor + o.tax_total_minor);
            expect(o.lines.length).to.be.within(items.min, items.max);
            if (!include_shipping) expect(o.shipping_lines).to.be.empty;
            if (!include_tax) expect(o.tax_total_minor).to.equal(0);
            walkMoney(o, o.key);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('paid dates only on paid statuses, and no date after "today" or before the order', () => {
    fc.assert(
      fc.property(seedArb, subset(ORDER_STATUSES), (seed, order_statuses) => {
        for (const o of run('order', { count: 40, seed, order_statuses }).entities) {
          expect(order_statuses).to.include(o.status);
          expect(o.paid).to.equal(isPaidOrderStatus(o.status));
          expect(o.paid_at !== null, `${o.status} paid_at`).to.equal(PAID_ORDER_STATUSES.includes(o.status));
          expect(o.completed_at !== null).to.equal(o.status === 'completed' || o.status === 'refunded');
          const created = t(o.created_at);
          expect(created).to.be.at.most(NOW);
          expect(created).to.be.at.least(Date.parse('2025-06-30T00:00:00Z'));
          if (o.paid_at) expect(t(o.paid_at)).to.be.within(created, NOW);
          if (o.completed_at) expect(t(o.completed_at)).to.be.within(t(o.paid_at ?? o.created_at), NOW);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refunds never exceed what was paid, counting earlier refunds of the batch', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 100 }), subset(['full', 'partial'] as const), (seed, count, refund_types) => {
        const taken = new Map<string, number>();
        for (const r of run('refund', { count, seed, refund_types }).entities) {
          expect(r.amount_minor).to.be.at.least(1);
          taken.set(r.order.id!, (taken.get(r.order.id!) ?? 0) + r.amount_minor);
          const order = orderById.get(r.order.id!)!;
          expect(order.paid).to.equal(true);
          expect(t(r.created_at)).to.be.at.least(t(order.created_at));
          expect(refund_types).to.include(r.type);
        }
        for (const [id, amount] of taken) expect(amount, id).to.be.at.most(refundable(orderById.get(id)!));
      }),
      { numRuns: RUNS },
    );
  });

  it('a transaction never predates its order and fits it; refunds and disputes stay within what was paid', () => {
    fc.assert(
      fc.property(seedArb, subset(TRANSACTION_TYPES), (seed, transaction_types) => {
        const held = new Map<string, number>();
        for (const x of run('transaction', { count: 100, seed, transaction_types }).entities) {
          const order = orderById.get(x.order.id!)!;
          expect(t(x.created_at), x.key).to.be.at.least(t(order.created_at));
          expect(TRANSACTION_STATES_BY_TYPE[x.type]).to.include(x.state);
          expect(transaction_types).to.include(x.type);
          if (x.type === 'charge') {
            expect(x.amount_minor).to.equal(order.total_minor);
            if (['completed', 'refunded', 'disputed'].includes(x.state)) expect(order.paid, `${x.state} charge`).to.equal(true);
            if (['pending', 'authorized'].includes(x.state)) expect(order.paid, `${x.state} charge`).to.equal(false);
          } else {
            expect(order.paid).to.equal(true);
            const consumes = (x.type === 'refund' && x.state !== 'failed') || (x.type === 'dispute' && x.state !== 'completed');
            if (consumes) held.set(order.id, (held.get(order.id) ?? 0) + x.amount_minor);
          }
          if (x.state === 'failed') expect(x.failure_reason).to.be.a('string');
          else expect(x.failure_reason).to.equal(null);
        }
        for (const [id, amount] of held) expect(amount, id).to.be.at.most(refundable(orderById.get(id)!));
      }),
      { numRuns: RUNS },
    );
  });

  it("a coupon's per-user limit never exceeds its total", () => {
    fc.assert(
      fc.property(
        seedArb,
        rangeArb(1, 50),
        rangeArb(1, 80),
        fc.integer({ min: 0, max: 100 }),
        (seed, total, per_user, unlimited_ratio) => {
          for (const c of run('coupon', { count: 50, seed, usage_limits: { total, per_user, unlimited_ratio } }).entities) {
            if (c.usage_limit !== null && c.usage_limit_per_user !== null) expect(c.usage_limit_per_user).to.be.at.most(c.usage_limit);
            if (c.usage_limit !== null) expect(c.usage_limit).to.be.within(total.min, total.max);
            expect(t(c.expires_at)).to.be.greaterThan(t(c.starts_at));
            if (c.discount_type === 'percentage') expect(c.amount_percent).to.be.within(1, 100);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('sale prices are below regular prices, and prices stay in price_range', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.tuple(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 50_000 })).map(([a, b]) => ({ min: Math.min(a, b) / 100, max: Math.max(a, b) / 100 })),
        fc.integer({ min: 0, max: 100 }),
        (seed, price_range, sale_ratio) => {
          for (const p of run('product', { count: 40, seed, price_range, sale_ratio }).entities) {
            expect(p.regular_price_minor).to.be.within(Math.max(1, toMinor(price_range.min, 'USD')), toMinor(price_range.max, 'USD'));
            if (p.sale_price_minor !== null) {
              expect(p.sale_price_minor).to.be.at.least(1);
              expect(p.sale_price_minor).to.be.lessThan(p.regular_price_minor);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a variation price is never zero or negative, whatever price_variation_range', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.tuple(fc.integer({ min: -95, max: 500 }), fc.integer({ min: -95, max: 500 })),
        fc.integer({ min: 1, max: 6 }),
        (seed, [a, b], values_per_axis) => {
          const range = { min_percentage: Math.min(a, b), max_percentage: Math.max(a, b) };
          for (const v of run('product_variation', { count: 100, seed, price_variation_range: range, values_per_axis, sale_ratio: 50 }).entities) {
            expect(v.regular_price_minor).to.be.at.least(1);
            if (v.sale_price_minor !== null) expect(v.sale_price_minor).to.be.within(1, v.regular_price_minor - 1);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("variations never repeat a combination of one parent, nor one the store has, and their SKUs are unique", () => {
    const all = run('product_variation', { count: 100, seed: 5, values_per_axis: 4 }).entities;
    // Hoodie: 3 colours x 4 sizes, Water Bottle: 3 capacities, less the shop's 3 existing variations.
    expect(all).to.have.length(15 - 3);
    expect(all.map((v) => v.sku)).to.not.include.members(['HO-5-BLACK-S']).and.not.include.members(['HO-5-NAVY-M']).and.not.include.members(['WB-6-500ML']);
    const combos = all.map((v) => `${v.product.id}:${JSON.stringify(v.attributes)}`);
    expect(new Set(combos).size).to.equal(all.length);
    expect(new Set(all.map((v) => v.sku)).size).to.equal(all.length);
  });

  it('addresses are coherent: city, region, postcode and phone fit the country and the locale', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.constantFrom(...LOCALE_CODES),
        fc.option(fc.subarray([...COUNTRY_CODES], { minLength: 1, maxLength: 3 }), { nil: undefined }),
        (seed, locale, country_focus) => {
          const params = { count: 15, seed, locale, shipping_address_ratio: 50, ...(country_focus ? { country_focus } : {}) };
          const home = localeInfo(locale).country;
          for (const c of run('customer', params).entities) {
            expectCoherent(c.billing, `${locale} ${c.key} billing`);
            if (c.shipping) {
              expectCoherent(c.shipping, `${locale} ${c.key} shipping`);
              expect(c.shipping.country).to.equal(c.billing.country);
            }
            expect(country_focus ?? [home]).to.include(c.billing.country);
            if (c.billing.country === home) expect(c.locale).to.equal(locale);
            else expect(localeInfo(c.locale).country).to.equal(c.billing.country);
            expect(c.phone).to.equal(c.billing.phone);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('orders for customers without a stored address get a coherent one in their country', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        for (const o of run('order', { count: 20, seed }).entities) {
          expectCoherent(o.billing, `${o.key} billing`);
          if (o.shipping) expectCoherent(o.shipping, `${o.key} shipping`);
          const customer = SHOP.customers.find((c) => c.id === o.customer?.id)!;
          expect(o.billing.country).to.equal(customer.country);
          expect(o.email).to.equal(customer.email);
        }
      }),
      { numRuns: 10 },
    );
  });

  it('emails, SKUs, coupon codes and licence keys are unique within a batch', () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom('en_US', 'zh_CN', 'ru_RU', 'ar_SA', 'de_DE', 'ko_KR'), (seed, locale) => {
        const unique = (xs: readonly string[], what: string) => expect(new Set(xs).size, what).to.equal(xs.length);
        const customers = run('customer', { count: 100, seed, locale }).entities;
        unique(customers.map((c) => c.email), 'emails');
        unique(customers.map((c) => c.username), 'usernames');
        for (const c of customers) {
          expect(c.email, c.email).to.match(/^[a-z0-9._]+@example\.(com|net|org)$/);
        }
        unique(run('product', { count: 100, seed }).entities.map((p) => p.sku), 'SKUs');
        unique(run('coupon', { count: 100, seed }).entities.map((c) => c.code), 'coupon codes');
        unique(run('licence', { count: 100, seed }).entities.map((l) => l.licence_key), 'licence keys');
        unique(run('cart_session', { count: 100, seed, guest_cart_ratio: 100, abandonment_rate: 100 }).entities.flatMap((c) => (c.email ? [c.email] : [])), 'guest emails');
      }),
      { numRuns: 12 },
    );
  });

  it('licences never have more activations than their site limit', () => {
    fc.assert(
      fc.property(seedArb, rangeArb(1, 12), subset(LICENCE_STATES), (seed, site_limits, statuses) => {
        for (const l of run('licence', { count: 50, seed, site_limits, statuses }).entities) {
          expect(l.activations.length).to.be.at.most(l.site_limit);
          expect(l.site_limit).to.be.within(site_limits.min, site_limits.max);
          expect(statuses).to.include(l.state);
          const created = t(l.created_at);
          for (const a of l.activations) expect(t(a.activated_at)).to.be.within(created, Math.max(created, NOW));
          if (l.state === 'expired') expect(t(l.expires_at!)).to.be.within(created, NOW);
          if (l.state === 'active' && l.expires_at) expect(t(l.expires_at)).to.be.greaterThan(NOW);
          if (l.order) expect(orderById.get(l.order.id!)?.paid).to.equal(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('cart sessions add up and their dates fit their stage', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (seed, guest_cart_ratio, abandonment_rate) => {
        for (const c of run('cart_session', { count: 30, seed, guest_cart_ratio, abandonment_rate }).entities) {
          expect(CART_STAGES).to.include(c.stage);
          expect(c.subtotal_minor).to.equal(c.items.reduce((a, i) => a + i.total_minor, 0));
          for (const i of c.items) expect(i.total_minor).to.equal(i.quantity * i.unit_price_minor);
          expect(c.abandoned_at !== null).to.equal(c.stage === 'abandoned');
          expect(c.converted_at !== null).to.equal(c.stage === 'converted');
          expect(t(c.updated_at)).to.be.at.least(t(c.created_at));
          if (c.abandoned_at) expect(t(c.abandoned_at)).to.be.within(t(c.updated_at), NOW);
          if (guest_cart_ratio === 100) expect(c.customer).to.equal(null);
          if (guest_cart_ratio === 0) expect(c.customer).to.not.equal(null);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('subscriptions bill again only when active or on hold, and after "today"', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        for (const s of run('subscription', { count: 40, seed, billing_periods: ['day', 'week', 'month', 'year'] }).entities) {
          expect(SUBSCRIPTION_STATUSES).to.include(s.status);
          expect(s.next_payment_at !== null).to.equal(s.status === 'active' || s.status === 'on_hold');
          if (s.next_payment_at) expect(t(s.next_payment_at)).to.be.greaterThan(NOW);
          expect(s.end_at !== null).to.equal(['cancelled', 'expired', 'pending_cancel'].includes(s.status));
          if (s.status === 'pending') expect(s.start_at).to.equal(null);
          if (s.end_at && s.status !== 'pending_cancel') expect(t(s.end_at)).to.be.at.most(NOW);
          expect(s.recurring_total_minor).to.equal(s.lines.reduce((a, l) => a + l.total_minor, 0));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('subscriptions are bought with a paid order that sold a subscription product: its customer, currency and price, from its date', () => {
    // The shop's orders, some of them selling the subscription product p-3 (o-3 is unpaid: never a parent).
    const sold: Record<string, string[]> = { 'o-1': ['p-1', 'p-3'], 'o-2': ['p-3'], 'o-3': ['p-3'], 'o-8': ['p-2'], 'o-9': ['p-3', 'p-4'] };
    const shop = existingRecords({ ...SHOP, orders: SHOP.orders.map((o) => (sold[o.id] ? { ...o, product_ids: sold[o.id] } : o)) });
    fc.assert(
      fc.property(seedArb, (seed) => {
        const subscriptions = run('subscription', { count: 12, seed, items_per_subscription: { min: 1, max: 3 } }, shop).entities;
        for (const s of subscriptions) {
          const order = shop.orders.find((o) => o.id === s.order?.id);
          expect(order, s.key).to.not.equal(undefined);
          expect(['o-1', 'o-2', 'o-9']).to.include(order!.id);
          expect(s.customer.id).to.equal(order!.customer_id);
          expect(s.currency).to.equal(order!.currency);
          expect(s.lines.map((l) => l.product.id)).to.deep.equal(['p-3']);
          expect(s.lines[0]!.total_minor).to.equal(900);
          expect(t(s.created_at)).to.equal(t(order!.created_at));
        }
        // Rows spread over the orders rather than piling onto one.
        expect(new Set(subscriptions.map((s) => s.order?.id)).size).to.equal(3);
      }),
      { numRuns: RUNS },
    );
  });

  it('order tax lines never change or exceed the order total', () => {
    for (const line of run('order_tax_line', { count: 100, seed: 9 }).entities) {
      const order = orderById.get(line.order.id!)!;
      expect(line.tax_minor + line.shipping_tax_minor).to.be.at.most(order.total_minor);
      if (order.country === 'DE') expect(line.rate).to.deep.equal({ id: 'tr-1' });
    }
  });

  it('money is integer minor units and statuses use the canonical vocabularies, in every resource', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        for (const r of RESOURCE_NAMES) {
          const entities: readonly CanonicalEntity[] = run(r, { count: 15, seed }).entities;
          walkMoney(entities, r);
        }
        for (const o of run('order', { count: 15, seed }).entities) expect(ORDER_STATUSES).to.include(o.status);
        for (const x of run('transaction', { count: 15, seed }).entities) {
          expect(TRANSACTION_STATES).to.include(x.state);
          expect(TRANSACTION_TYPES).to.include(x.type);
        }
        for (const l of run('licence', { count: 15, seed }).entities) expect(LICENCE_STATES).to.include(l.state);
      }),
      { numRuns: 8 },
    );
  });
});
