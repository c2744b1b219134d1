/**
 * Orders from existing products and customers. The money adds up by construction:
 * total = Σ line subtotals − discounts + shipping + tax, where discounts are spread over the lines
 * to the minor unit and tax is computed on each discounted line and on shipping. Paid dates exist
 * only on paid statuses and nothing happens before the order was created or after "today".
 */
import { DAY, MINUTE, instant, iso } from '../dates.ts';
import type { Address, OrderCouponLine, OrderEntity, OrderLine, OrderShippingLine, OrderTaxSummary, Ref } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import type { ExistingCoupon, ExistingCustomer, ExistingRecords, ExistingTaxRate } from '../existing.ts';
import { address, email, fakerForPlace, person } from '../geo/address.ts';
import { countryInfo } from '../geo/countries.ts';
import { boolean, checkRange, listOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { allocate, percentOf, scaledMinor, shopPrice } from '../money.ts';
import type { Rng } from '../random/prng.ts';
import { Batch } from '../row.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import type { Generator } from '../types.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_TITLES,
  isPaidOrderStatus,
  type OrderStatus,
  type PaymentMethod,
  type ShippingType,
} from '../vocabularies.ts';
import { currencyOf, homeCountry, purchasables, quantity, weightedAmong, windowOf, type Purchasable } from './shared.ts';

export interface OrderParams {
  order_statuses: OrderStatus[];
  items_per_order: { min: number; max: number };
  include_shipping: boolean;
  include_tax: boolean;
  coupon_ratio: number;
  customer_id: string | null;
  payment_methods: PaymentMethod[];
}

/** How often each status occurs in a real shop, roughly. */
export const ORDER_STATUS_WEIGHTS: Readonly<Record<OrderStatus, number>> = {
  completed: 45,
  processing: 20,
  on_hold: 6,
  pending: 8,
  cancelled: 8,
  failed: 5,
  refunded: 8,
};

interface TaxChoice {
  readonly rate: Ref | null;
  readonly label: string;
  readonly percent: number;
  readonly shipping: boolean;
}

/**
 * The standard rate for `country`: the store's own rate when it has tax rates (none for a country
 * it does not tax), else the country's usual rate.
 */
export function taxFor(existing: ExistingRecords, country: string): TaxChoice | null {
  if (existing.tax_rates.length > 0) {
    const rates: ExistingTaxRate[] = existing.tax_rates.filter((r) => r.country === country);
    const rate = rates.find((r) => r.tax_class_id === null) ?? rates[0];
    return rate ? { rate: { id: rate.id }, label: rate.name, percent: rate.rate_percent, shipping: rate.shipping !== false } : null;
  }
  const info = countryInfo(country);
  if (!info || info.vat.standard <= 0) return null;
  return { rate: null, label: `${info.taxLabel} ${info.vat.standard}%`, percent: info.vat.standard, shipping: true };
}

interface ShippingChoice {
  readonly method: ShippingType;
  readonly title: string;
  readonly cost: number;
}

function shippingFor(rng: Rng, existing: ExistingRecords, country: string, subtotal: number, currency: string, flatRateTitle: string): ShippingChoice {
  const plans = existing.shipping_plans.filter((pl) => pl.countries.includes(country));
  const usable = (plans.length > 0 ? plans : existing.shipping_plans.filter((pl) => pl.rest_of_world)).flatMap((pl) =>
    pl.methods.filter((m) => m.type !== 'free_shipping' || (m.min_amount_minor ?? 0) <= subtotal),
  );
  if (usable.length > 0) {
    const m = rng.pick(usable);
    return { method: m.type, title: m.title, cost: m.type === 'flat_rate' ? (m.cost_minor ?? 0) : 0 };
  }
  return { method: 'flat_rate', title: flatRateTitle, cost: shopPrice(rng, scaledMinor(4.99, currency), scaledMinor(14.99, currency), currency) };
}

/** Whether the coupon can be applied to an order placed at `at` (ms). */
function couponValidAt(coupon: ExistingCoupon, at: number): boolean {
  if (coupon.starts_at && Date.parse(coupon.starts_at) > at) return false;
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= at) return false;
  return true;
}

function couponDiscount(coupon: ExistingCoupon, subtotal: number): number {
  if (coupon.discount_type === 'percentage') return Math.min(subtotal, percentOf(subtotal, coupon.amount_percent ?? 0));
  if (coupon.discount_type === 'fixed_cart') return Math.min(subtotal, coupon.amount_minor ?? 0);
  return 0;
}

export const orderGenerator: Generator<OrderParams, OrderEntity> = {
  resource: 'order',
  schema: params({
    order_statuses: listOf(ORDER_STATUSES, [...ORDER_STATUSES], 'Statuses to draw from, in realistic proportions (mostly completed).'),
    items_per_order: range({ min: 1, max: 5 }, { minimum: 1, maximum: 50 }, 'Number of lines per order (capped by the products available).'),
    include_shipping: boolean(true, 'Whether orders with physical items carry a shipping line.'),
    include_tax: boolean(true, 'Whether orders are taxed (with the store\'s rates, or the country\'s usual rate when the store has none).'),
    coupon_ratio: ratio(15, 'Share of orders that use an existing coupon.'),
    customer_id: {
      type: ['string', 'null'],
      minLength: 1,
      default: null,
      examples: ['c-2'],
      'x-seeder-lookup': 'customer',
      description: 'Place every order for this existing customer id; null picks customers at random.',
    },
    payment_methods: listOf(PAYMENT_METHODS, ['card', 'paypal', 'bank_transfer'], 'Payment methods orders are paid with.'),
  }),
  needs: ['products', 'variations', 'customers', 'coupons', 'shipping_plans', 'tax_rates'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'items_per_order', p.items_per_order);
    return problems;
  },
  generate(p, ctx) {
    const { existing } = ctx;
    const items = purchasables(existing);
    if (items.length === 0) throw new MissingPrerequisiteError('order', 'products', 'product');
    if (p.customer_id === null && existing.customers.length === 0) throw new MissingPrerequisiteError('order', 'customers', 'customer');
    const batch = new Batch('order', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    const home = homeCountry(ctx);
    const fixedCustomer: ExistingCustomer | null =
      p.customer_id === null ? null : (existing.customers.find((c) => c.id === p.customer_id) ?? null);

    // Coupon uses this batch made so far, in all and per customer: a coupon is applied only while it has uses
    // left (`uses_left`) and the customer has uses left (`per_customer_limit`, counting `used_by`).
    const couponUses = new Map<string, number>();
    const customerUses = new Map<string, number>();
    const admits = (coupon: ExistingCoupon, customerId: string | null): boolean => {
      const used = couponUses.get(coupon.id) ?? 0;
      if (coupon.uses_left !== undefined && coupon.uses_left !== null && used >= coupon.uses_left) return false;
      if (coupon.per_customer_limit !== undefined && coupon.per_customer_limit !== null) {
        if (customerId === null) return false;
        const mine = (coupon.used_by?.[customerId] ?? 0) + (customerUses.get(`${coupon.id}\u0000${customerId}`) ?? 0);
        if (mine >= coupon.per_customer_limit) return false;
      }
      return true;
    };
    const admit = (coupon: ExistingCoupon, customerId: string | null) => {
      couponUses.set(coupon.id, (couponUses.get(coupon.id) ?? 0) + 1);
      if (customerId !== null) customerUses.set(`${coupon.id}\u0000${customerId}`, (customerUses.get(`${coupon.id}\u0000${customerId}`) ?? 0) + 1);
    };

    const build = ({ index, rng }: { index: number; rng: Rng }): OrderEntity => {
      const status = weightedAmong(rng, p.order_statuses, ORDER_STATUS_WEIGHTS);
      const customer = p.customer_id === null ? rng.pick(existing.customers) : fixedCustomer;
      const country = customer?.billing?.country ?? customer?.country ?? home;
      const faker = fakerForPlace(ctx.locale, country);
      // A typed id the view does not list: the order still goes to it, with generated contact details.
      const who = customer ? { first_name: customer.first_name, last_name: customer.last_name } : person(faker);
      const billing: Address = customer?.billing ?? address(rng, faker, country, who);
      const mail = customer?.email ?? email(rng, faker, who, batch.token(index, 4));

      const chosen: Purchasable[] = rng.sample(items, rng.int(p.items_per_order.min, p.items_per_order.max));
      const quantities = chosen.map(() => quantity(rng));
      const subtotals = chosen.map((it, i) => it.price_minor * quantities[i]!);
      const subtotal = subtotals.reduce((a, b) => a + b, 0);
      const ships = p.include_shipping && chosen.some((it) => it.ships);

      let shippingLine: ShippingChoice | null = ships ? shippingFor(rng, existing, country, subtotal, currency, (ctx.vocabulary.shipping_method_titles ?? EN_US.shipping_method_titles!).flat_rate) : null;
      // The order's date comes before the coupon: a store refuses a coupon outside its validity window.
      const created = instant(rng, window.start, window.end);
      let couponLine: OrderCouponLine | null = null;
      const customerId = customer?.id ?? p.customer_id;
      if (existing.coupons.length > 0 && rng.chance(p.coupon_ratio)) {
        const coupon = rng.pick(existing.coupons);
        if ((coupon.minimum_spend_minor ?? 0) <= subtotal && couponValidAt(coupon, created) && admits(coupon, customerId)) {
          admit(coupon, customerId);
          const free = coupon.discount_type === 'free_shipping';
          if (free && shippingLine) shippingLine = { ...shippingLine, cost: 0 };
          couponLine = { coupon: { id: coupon.id }, code: coupon.code, discount_minor: couponDiscount(coupon, subtotal), free_shipping: free };
        }
      }
      const discount = couponLine?.discount_minor ?? 0;
      const discounts = allocate(discount, subtotals);
      const tax = p.include_tax ? taxFor(existing, country) : null;

      const lines: OrderLine[] = chosen.map((it, i) => {
        const total = subtotals[i]! - discounts[i]!;
        return {
          product: it.product,
          variation: it.variation,
          name: it.name,
          sku: it.sku,
          quantity: quantities[i]!,
          unit_price_minor: it.price_minor,
          subtotal_minor: subtotals[i]!,
          discount_minor: discounts[i]!,
          total_minor: total,
          tax_minor: tax ? percentOf(total, tax.percent) : 0,
        };
      });
      const shippingCost = shippingLine?.cost ?? 0;
      const shippingTax = tax && tax.shipping ? percentOf(shippingCost, tax.percent) : 0;
      const shippingLines: OrderShippingLine[] = shippingLine
        ? [{ method: shippingLine.method, title: shippingLine.title, total_minor: shippingCost, tax_minor: shippingTax }]
        : [];
      const lineTax = lines.reduce((a, l) => a + l.tax_minor, 0);
      const taxTotal = lineTax + shippingTax;
      const taxLines: OrderTaxSummary[] = tax
        ? [{ rate: tax.rate, label: tax.label, rate_percent: tax.percent, tax_minor: lineTax, shipping_tax_minor: shippingTax }]
        : [];

      const paid = isPaidOrderStatus(status);
      const paidAt = paid ? Math.min(window.now, created + rng.int(0, 120) * MINUTE) : null;
      const completedAt =
        status === 'completed' || status === 'refunded'
          ? Math.min(window.now, Math.max(paidAt ?? created, created + rng.int(1, 7) * DAY))
          : null;
      const method = rng.pick(p.payment_methods);
      const shippingAddress: Address | null = ships
        ? rng.chance(85)
          ? billing
          : address(rng, faker, country, rng.chance(50) ? who : person(faker))
        : null;

      return {
        key: batch.key(index),
        status,
        currency,
        customer: customer ? { id: customer.id } : p.customer_id !== null ? { id: p.customer_id } : null,
        email: mail,
        billing,
        shipping: shippingAddress,
        lines,
        shipping_lines: shippingLines,
        coupon_lines: couponLine ? [couponLine] : [],
        tax_lines: taxLines,
        subtotal_minor: subtotal,
        discount_total_minor: discount,
        shipping_total_minor: shippingCost,
        tax_total_minor: taxTotal,
        total_minor: subtotal - discount + shippingCost + taxTotal,
        payment_method: method,
        payment_method_title: PAYMENT_METHOD_TITLES[method],
        paid,
        customer_note: rng.chance(10) ? rng.pick(ctx.vocabulary.order_notes) : null,
        created_at: iso(created),
        paid_at: paidAt === null ? null : iso(paidAt),
        completed_at: completedAt === null ? null : iso(completedAt),
      };
    };
    // Rows before the offset are built (and dropped) first, so coupon uses count as in one whole run.
    if (batch.offset > 0 && existing.coupons.some((c) => c.uses_left != null || c.per_customer_limit != null)) {
      new Batch('order', ctx.seed).rowsUpTo(batch.offset, build);
    }
    return batch.rows(p.count, build);
  },
};
