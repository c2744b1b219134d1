/**
 * Emporium orders: one row per order with the payment method, transaction id and paid date on the
 * order itself (emporium has no separate transaction records), its billing and shipping addresses,
 * and its items in one table by type, as WooCommerce's order items: line, shipping, fee, coupon and
 * tax lines. Totals are computed by the store from the lines; a `total` given by the caller must match.
 *
 * Deleting an order removes its addresses, items, refunds and download permissions; its customer,
 * products, coupons and shipping methods stay. A subscription whose parent it was is detached.
 */
import type { Knex } from 'knex';
import { Check, centsToDecimal, decimalToCents, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { bool, groupBy, likeAny, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import type { Row } from '../../common/insert.ts';
import { addressOf, addressRow, checkAddress, type Address, type AddressRecord } from '../address.ts';
import { DEFAULT_CURRENCY, ORDER_STATUSES, type OrderStatus } from '../statuses.ts';
import { T } from '../tables.ts';
import { couponUses, couponUserKey } from './coupons.ts';

/** A product line. Amounts are decimal strings for the whole line (not per unit). */
export interface OrderLineInput {
  product_id?: number | null;
  /** Required when the product is variable; must be one of its variations. */
  variation_id?: number | null;
  /** Defaults to the product's (or variation's) name; required without a product. */
  name?: string;
  quantity: number;
  /** Before discounts; defaults to `total`; never below it. */
  subtotal?: string;
  /** After discounts, before tax. */
  total: string;
  total_tax?: string;
}

export interface ShippingLineInput {
  /** `flat_rate`, `free_shipping`, `local_pickup` or a custom method id. */
  method_id: string;
  method_title: string;
  /** The shipping-zone method (emp_shipping_zone_methods id) the line came from. */
  instance_id?: number | null;
  total: string;
  total_tax?: string;
}

export interface FeeLineInput {
  name: string;
  total: string;
  total_tax?: string;
}

export interface CouponLineInput {
  /** An existing, unexpired coupon with uses left. */
  code: string;
  discount: string;
  discount_tax?: string;
}

export interface TaxLineInput {
  rate_id?: number | null;
  label: string;
  tax_total: string;
  shipping_tax_total?: string;
}

export interface OrderInput {
  /** Default `pending`. */
  status?: OrderStatus;
  /** ISO 4217, default USD. */
  currency?: string;
  /** Null for a guest order. */
  customer_id?: number | null;
  billing?: Address;
  shipping?: Address;
  payment_method?: string;
  payment_method_title?: string;
  /** The gateway's transaction id, kept on the order. */
  transaction_id?: string;
  date_paid?: string | null;
  date_completed?: string | null;
  customer_note?: string;
  prices_include_tax?: boolean;
  line_items?: OrderLineInput[];
  shipping_lines?: ShippingLineInput[];
  fee_lines?: FeeLineInput[];
  coupon_lines?: CouponLineInput[];
  tax_lines?: TaxLineInput[];
  /** If given, must equal the total the store computes from the lines. */
  total?: string;
  /** ISO 8601 UTC; default now. */
  created_at?: string;
}

export interface OrderLineRecord {
  id: number;
  product_id: number | null;
  variation_id: number | null;
  name: string;
  quantity: number;
  subtotal: string;
  total: string;
  total_tax: string;
}

export interface ShippingLineRecord {
  id: number;
  method_id: string;
  method_title: string;
  instance_id: number | null;
  total: string;
  total_tax: string;
}

export interface FeeLineRecord {
  id: number;
  name: string;
  total: string;
  total_tax: string;
}

export interface CouponLineRecord {
  id: number;
  code: string;
  discount: string;
  discount_tax: string;
}

export interface TaxLineRecord {
  id: number;
  rate_id: number | null;
  label: string;
  tax_total: string;
  shipping_tax_total: string;
}

export interface OrderRefundSummary {
  id: number;
  amount: string;
  reason: string;
  created_at: string;
}

export interface OrderRecord {
  id: number;
  status: OrderStatus;
  currency: string;
  customer_id: number | null;
  billing: AddressRecord | null;
  shipping: AddressRecord | null;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  date_paid: string | null;
  date_completed: string | null;
  customer_note: string;
  prices_include_tax: boolean;
  discount_total: string;
  shipping_total: string;
  cart_tax: string;
  shipping_tax: string;
  total_tax: string;
  total: string;
  /** Sum of the order's refunds. */
  total_refunded: string;
  line_items: OrderLineRecord[];
  shipping_lines: ShippingLineRecord[];
  fee_lines: FeeLineRecord[];
  coupon_lines: CouponLineRecord[];
  tax_lines: TaxLineRecord[];
  refunds: OrderRefundSummary[];
  created_at: string;
}

interface ItemRow {
  item_type: 'line_item' | 'shipping' | 'fee' | 'coupon' | 'tax';
  name: string;
  product_id: number | null;
  variation_id: number | null;
  quantity: number;
  subtotal: string;
  total: string;
  total_tax: string;
  method_id: string;
  instance_id: number | null;
  code: string;
  rate_id: number | null;
  shipping_tax_total: string;
}

interface Item {
  row: Row;
  billing: AddressRecord | null;
  shipping: AddressRecord | null;
  items: ItemRow[];
}

const FIELDS = fieldsOf<OrderInput>()({
  status: 1, currency: 1, customer_id: 1, billing: 1, shipping: 1, payment_method: 1, payment_method_title: 1, transaction_id: 1,
  date_paid: 1, date_completed: 1, customer_note: 1, prices_include_tax: 1, line_items: 1, shipping_lines: 1, fee_lines: 1,
  coupon_lines: 1, tax_lines: 1, total: 1, created_at: 1,
});
const LINE_FIELDS = fieldsOf<OrderLineInput>()({ product_id: 1, variation_id: 1, name: 1, quantity: 1, subtotal: 1, total: 1, total_tax: 1 });
const SHIPPING_FIELDS = fieldsOf<ShippingLineInput>()({ method_id: 1, method_title: 1, instance_id: 1, total: 1, total_tax: 1 });
const FEE_FIELDS = fieldsOf<FeeLineInput>()({ name: 1, total: 1, total_tax: 1 });
const COUPON_FIELDS = fieldsOf<CouponLineInput>()({ code: 1, discount: 1, discount_tax: 1 });
const TAX_FIELDS = fieldsOf<TaxLineInput>()({ rate_id: 1, label: 1, tax_total: 1, shipping_tax_total: 1 });

const ZERO = '0.00';

/** An item with the defaults filled in; field by field (no spread: it runs for every line of every order). */
function itemRow(p: Partial<ItemRow> & Pick<ItemRow, 'item_type' | 'name'>): ItemRow {
  return {
    item_type: p.item_type,
    name: p.name,
    product_id: p.product_id !== undefined ? p.product_id : null,
    variation_id: p.variation_id !== undefined ? p.variation_id : null,
    quantity: p.quantity !== undefined ? p.quantity : 1,
    subtotal: p.subtotal !== undefined ? p.subtotal : ZERO,
    total: p.total !== undefined ? p.total : ZERO,
    total_tax: p.total_tax !== undefined ? p.total_tax : ZERO,
    method_id: p.method_id !== undefined ? p.method_id : '',
    instance_id: p.instance_id !== undefined ? p.instance_id : null,
    code: p.code !== undefined ? p.code : '',
    rate_id: p.rate_id !== undefined ? p.rate_id : null,
    shipping_tax_total: p.shipping_tax_total !== undefined ? p.shipping_tax_total : ZERO,
  };
}

/** An item's stored row (its id and order first). */
function itemInsertRow(id: number, orderId: number, r: ItemRow): Row {
  return {
    id,
    order_id: orderId,
    item_type: r.item_type,
    name: r.name,
    product_id: r.product_id,
    variation_id: r.variation_id,
    quantity: r.quantity,
    subtotal: r.subtotal,
    total: r.total,
    total_tax: r.total_tax,
    method_id: r.method_id,
    instance_id: r.instance_id,
    code: r.code,
    rate_id: r.rate_id,
    shipping_tax_total: r.shipping_tax_total,
  };
}

/** A decimal amount at `path`, or zero when it is missing or wrong (the issue is recorded). */
function moneyOf(c: Check, path: string, value: unknown, optional = false): string {
  return c.decimal(path, value, { optional }) ?? ZERO;
}

function parseLine(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, LINE_FIELDS) ?? {};
  const total = moneyOf(c, join(p, 'total'), x.total);
  const subtotal = x.subtotal === undefined ? total : moneyOf(c, join(p, 'subtotal'), x.subtotal);
  if (decimalToCents(total) > decimalToCents(subtotal)) c.fail(join(p, 'total'), 'total_above_subtotal', 'a discount cannot raise a line above its subtotal');
  return {
    path: p,
    product_id: c.id(join(p, 'product_id'), x.product_id, { optional: true }),
    variation_id: c.id(join(p, 'variation_id'), x.variation_id, { optional: true }),
    name: c.text(join(p, 'name'), x.name, { optional: true }),
    quantity: c.int(join(p, 'quantity'), x.quantity, { min: 1, max: 1_000_000 }) ?? 1,
    subtotal,
    total,
    total_tax: moneyOf(c, join(p, 'total_tax'), x.total_tax, true),
  };
}

function parseShippingLine(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, SHIPPING_FIELDS) ?? {};
  return {
    path: p,
    row: itemRow({
      item_type: 'shipping',
      name: c.text(join(p, 'method_title'), x.method_title) ?? '',
      method_id: c.text(join(p, 'method_id'), x.method_id, { max: 64 }) ?? '',
      instance_id: c.id(join(p, 'instance_id'), x.instance_id, { optional: true }),
      total: moneyOf(c, join(p, 'total'), x.total),
      total_tax: moneyOf(c, join(p, 'total_tax'), x.total_tax, true),
    }),
  };
}

function parseFeeLine(c: Check, v: unknown, p: string): ItemRow {
  const x = c.object(p, v, FEE_FIELDS) ?? {};
  return itemRow({
    item_type: 'fee',
    name: c.text(join(p, 'name'), x.name) ?? '',
    total: moneyOf(c, join(p, 'total'), x.total),
    total_tax: moneyOf(c, join(p, 'total_tax'), x.total_tax, true),
  });
}

function parseCouponLine(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, COUPON_FIELDS) ?? {};
  const code = (c.text(join(p, 'code'), x.code, { max: 100 }) ?? '').toLowerCase();
  return {
    path: p,
    row: itemRow({ item_type: 'coupon', name: code, code, total: moneyOf(c, join(p, 'discount'), x.discount), total_tax: moneyOf(c, join(p, 'discount_tax'), x.discount_tax, true) }),
  };
}

function parseTaxLine(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, TAX_FIELDS) ?? {};
  return {
    path: p,
    row: itemRow({
      item_type: 'tax',
      name: c.text(join(p, 'label'), x.label) ?? '',
      rate_id: c.id(join(p, 'rate_id'), x.rate_id, { optional: true }),
      total: moneyOf(c, join(p, 'tax_total'), x.tax_total),
      shipping_tax_total: moneyOf(c, join(p, 'shipping_tax_total'), x.shipping_tax_total, true),
    }),
  };
}

/** Step 1: one order's own fields and lines, checked without the database. */
function parseOrder(c: Check, input: OrderInput) {
  const o = c.object('', input, FIELDS) ?? {};
  const lines = c.list('line_items', o.line_items, (v, p) => parseLine(c, v, p));
  const shipping = c.list('shipping_lines', o.shipping_lines, (v, p) => parseShippingLine(c, v, p));
  const fees = c.list('fee_lines', o.fee_lines, (v, p) => parseFeeLine(c, v, p));
  const coupons = c.list('coupon_lines', o.coupon_lines, (v, p) => parseCouponLine(c, v, p));
  const taxes = c.list('tax_lines', o.tax_lines, (v, p) => parseTaxLine(c, v, p));
  const billing = checkAddress(c, 'billing', o.billing);
  return {
    c,
    o,
    lines,
    shipping,
    fees,
    coupons,
    taxes,
    billing,
    shippingAddress: checkAddress(c, 'shipping', o.shipping),
    customer_id: c.id('customer_id', o.customer_id, { optional: true }),
    created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
  };
}

type Draft = ReturnType<typeof parseOrder>;
type Lookup = Map<number, Record<string, unknown>>;

interface References {
  customers: Lookup;
  /** Products and variations (one table). */
  products: Lookup;
  methods: Lookup;
  rates: Lookup;
  /** By lower-case code. */
  coupons: Map<string, Record<string, unknown>>;
  /**
   * Uses of each coupon with a usage limit (in all or per user) so far; counts this batch's uses as they are
   * checked. A coupon without limits has no stored uses here (`couponUses`, `limited`): nothing checks them.
   */
  used: Map<string, number>;
  /** Uses of each such coupon by each user (`couponUserKey`) so far, this batch's counted as they are checked. */
  usedBy: Map<string, Map<string, number>>;
}

/**
 * Step 2: one lookup per referenced table for the whole batch, sent together: on MySQL/MariaDB they
 * follow each other on the transaction's connection with no wait for this process in between.
 */
async function lookUpReferences(db: Executor, drafts: readonly Draft[]): Promise<References> {
  const codes = drafts.flatMap((d) => d.coupons.map((x) => x.row.code)).filter(Boolean);
  const distinct = [...new Set(codes)];
  const couponRows = async () => {
    const coupons = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < distinct.length; i += 2000) {
      for (const r of (await db(T.coupons).whereIn('code', distinct.slice(i, i + 2000)).select('code', 'usage_limit', 'usage_limit_per_user', 'date_expires')) as Array<Record<string, unknown>>) {
        coupons.set(str(r.code).toLowerCase(), r);
      }
    }
    return coupons;
  };
  const [customers, products, methods, rates, coupons, uses] = await Promise.all([
    rowsById(db, T.customers, drafts.map((d) => d.customer_id), ['email']),
    rowsById<Record<string, unknown>>(
      db,
      T.products,
      drafts.flatMap((d) => d.lines.flatMap((l) => [l.product_id, l.variation_id])),
      ['type', 'parent_id', 'name'],
    ),
    rowsById(db, T.zoneMethods, drafts.flatMap((d) => d.shipping.map((s) => s.row.instance_id))),
    rowsById(db, T.taxRates, drafts.flatMap((d) => d.taxes.map((t) => t.row.rate_id))),
    couponRows(),
    couponUses(db, codes, 'limited'),
  ]);
  return { customers, products, methods, rates, coupons, used: uses.total, usedBy: uses.byUser };
}

/** A product line's row: its product and variation exist and fit together, and it has a name. */
function lineItem(c: Check, l: Draft['lines'][number], products: Lookup): ItemRow {
  const product = l.product_id === null ? undefined : products.get(l.product_id);
  const variation = l.variation_id === null ? undefined : products.get(l.variation_id);
  if (l.product_id !== null && !product) c.fail(join(l.path, 'product_id'), 'exists', `Product ${l.product_id} does not exist`);
  if (product?.type === 'variation') c.fail(join(l.path, 'product_id'), 'variation_as_product', 'name the variable product here and the variation in variation_id');
  if (product?.type === 'variable' && l.variation_id === null) c.fail(join(l.path, 'variation_id'), 'variable_needs_variation', 'a variable product is sold as one of its variations');
  if (l.variation_id !== null) {
    if (!variation) c.fail(join(l.path, 'variation_id'), 'exists', `Variation ${l.variation_id} does not exist`);
    else if (variation.type !== 'variation' || Number(variation.parent_id) !== l.product_id) {
      c.fail(join(l.path, 'variation_id'), 'variation_of_product', `Variation ${l.variation_id} is not a variation of product ${l.product_id ?? '(none)'}`);
    }
  }
  const name = l.name ?? (variation ? str(variation.name) : product ? str(product.name) : null);
  if (name === null) c.fail(join(l.path, 'name'), 'required', 'is required for a line without a product');
  return itemRow({ item_type: 'line_item', name: name ?? '', product_id: l.product_id, variation_id: l.variation_id, quantity: l.quantity, subtotal: l.subtotal, total: l.total, total_tax: l.total_tax });
}

/**
 * A coupon line may be used: the coupon exists, has not expired when the order is placed, and has uses
 * left, in all and for the order's customer (by customer id, or billing email for a guest).
 */
function checkCoupon(d: Draft, x: Draft['coupons'][number], refs: References): void {
  const { c } = d;
  const coupon = refs.coupons.get(x.row.code);
  if (x.row.code && !coupon) c.fail(join(x.path, 'code'), 'exists', `Coupon "${x.row.code}" does not exist`);
  if (!coupon) return;
  const expires = strOrNull(coupon.date_expires);
  if (expires !== null && expires <= d.created_at) c.fail(join(x.path, 'code'), 'coupon_expired', `Coupon "${x.row.code}" expired at ${expires}`);
  const limit = numOrNull(coupon.usage_limit);
  const count = (refs.used.get(x.row.code) ?? 0) + 1;
  refs.used.set(x.row.code, count);
  if (limit !== null && count > limit) c.fail(join(x.path, 'code'), 'coupon_usage_limit', `Coupon "${x.row.code}" may be used ${limit} time(s)`);
  const perUser = numOrNull(coupon.usage_limit_per_user);
  const user = couponUserKey(d.customer_id, d.billing?.email);
  const byUser = refs.usedBy.get(x.row.code) ?? new Map<string, number>();
  const mine = (byUser.get(user) ?? 0) + 1;
  byUser.set(user, mine);
  refs.usedBy.set(x.row.code, byUser);
  if (perUser !== null && mine > perUser) {
    c.fail(join(x.path, 'code'), 'coupon_usage_limit_per_user', `Coupon "${x.row.code}" may be used ${perUser} time(s) per customer`);
  }
}

/** The order's items in stored order (lines, shipping, fees, coupons, taxes), each checked against what it refers to. */
function orderItems(d: Draft, refs: References): ItemRow[] {
  const { c } = d;
  const items = d.lines.map((l) => lineItem(c, l, refs.products));
  for (const s of d.shipping) {
    requireExisting(c, join(s.path, 'instance_id'), s.row.instance_id, refs.methods, 'Shipping method');
    items.push(s.row);
  }
  items.push(...d.fees);
  for (const x of d.coupons) {
    checkCoupon(d, x, refs);
    items.push(x.row);
  }
  for (const t of d.taxes) {
    requireExisting(c, join(t.path, 'rate_id'), t.row.rate_id, refs.rates, 'Tax rate');
    items.push(t.row);
  }
  return items;
}

/** The order's totals in cents, computed from its items as WooCommerce does. */
function totalsOf(items: readonly ItemRow[]) {
  const sum = (type: ItemRow['item_type'], pick: (r: ItemRow) => string) =>
    items.filter((r) => r.item_type === type).reduce((n, r) => n + decimalToCents(pick(r)), 0);
  const discount = sum('coupon', (r) => r.total);
  const shippingTotal = sum('shipping', (r) => r.total);
  const cartTax = sum('line_item', (r) => r.total_tax) + sum('fee', (r) => r.total_tax);
  const shippingTax = sum('shipping', (r) => r.total_tax);
  const total = sum('line_item', (r) => r.total) + sum('fee', (r) => r.total) + shippingTotal + cartTax + shippingTax;
  return { discount, shippingTotal, cartTax, shippingTax, total };
}

/** Step 3: one order checked against the records it refers to, with its totals and its row. */
function resolveOrder(d: Draft, refs: References): Item {
  const { c, o } = d;
  requireExisting(c, 'customer_id', d.customer_id, refs.customers, 'Customer');
  const items = orderItems(d, refs);
  const totals = totalsOf(items);
  if (o.total !== undefined) {
    const given = c.decimal('total', o.total);
    if (given !== null && decimalToCents(given) !== totals.total) c.fail('total', 'total_mismatch', `must equal the sum of the lines, ${centsToDecimal(totals.total)}`);
  }
  const status = c.oneOf('status', o.status, ORDER_STATUSES, 'pending') ?? 'pending';
  const billingEmail = d.billing?.email || (d.customer_id !== null ? str(refs.customers.get(d.customer_id)?.email) : '');
  return {
    row: {
      // The id is set when the batch reserves it (write).
      id: 0,
      status,
      currency: c.currency('currency', o.currency, DEFAULT_CURRENCY),
      customer_id: d.customer_id,
      billing_email: billingEmail,
      payment_method: c.text('payment_method', o.payment_method, { optional: true, max: 100 }) ?? '',
      payment_method_title: c.text('payment_method_title', o.payment_method_title, { optional: true }) ?? '',
      transaction_id: c.text('transaction_id', o.transaction_id, { optional: true }) ?? '',
      date_paid: c.datetime('date_paid', o.date_paid, { optional: true }),
      date_completed: c.datetime('date_completed', o.date_completed, { optional: true }),
      customer_note: c.longText('customer_note', o.customer_note),
      prices_include_tax: c.bool('prices_include_tax', o.prices_include_tax, false),
      discount_total: centsToDecimal(totals.discount),
      shipping_total: centsToDecimal(totals.shippingTotal),
      cart_tax: centsToDecimal(totals.cartTax),
      shipping_tax: centsToDecimal(totals.shippingTax),
      total: centsToDecimal(totals.total),
      created_at: d.created_at,
    },
    billing: d.billing,
    shipping: d.shippingAddress,
    items,
  };
}

export class OrderRepository extends Repository<OrderInput, OrderRecord, Item> {
  readonly entity = 'order';
  readonly table = T.orders;

  /**
   * Three steps for the whole batch: read each order's fields and lines (`parseOrder`), look up every
   * record they refer to at once (`lookUpReferences`), then check the references and compute the totals
   * (`resolveOrder`). Issues are recorded in that order.
   */
  protected async validate(db: Executor, inputs: readonly OrderInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const drafts = inputs.map((input, i) => parseOrder(new Check(i, issues), input));
    const refs = await lookUpReferences(db, drafts);
    return drafts.map((d) => resolveOrder(d, refs));
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.orders, items.length);
    const addressIds = await batch.reserve(T.orderAddresses, items.reduce((n, it) => n + (it.billing ? 1 : 0) + (it.shipping ? 1 : 0), 0));
    const itemIds = await batch.reserve(T.orderItems, items.reduce((n, it) => n + it.items.length, 0));
    return items.map((it) => {
      const id = ids.next();
      it.row.id = id;
      batch.add(T.orders, it.row);
      if (it.billing) batch.add(T.orderAddresses, addressRow(addressIds.next(), 'order_id', id, 'billing', it.billing));
      if (it.shipping) batch.add(T.orderAddresses, addressRow(addressIds.next(), 'order_id', id, 'shipping', it.shipping));
      for (const line of it.items) batch.add(T.orderItems, itemInsertRow(itemIds.next(), id, line));
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, OrderRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.orders, 'id', ids);
    const found = rows.map((r) => Number(r.id));
    const addresses = groupBy(await selectIn<Record<string, unknown>>(db, T.orderAddresses, 'order_id', found), 'order_id');
    const lines = groupBy(await selectIn<Record<string, unknown>>(db, T.orderItems, 'order_id', found), 'order_id');
    const refunds = groupBy(await selectIn<Record<string, unknown>>(db, T.refunds, 'order_id', found), 'order_id');
    const map = new Map<number, OrderRecord>();
    for (const r of rows) {
      const id = Number(r.id);
      const own = lines.get(id) ?? [];
      const of = (type: string) => own.filter((l) => l.item_type === type);
      const orderRefunds = (refunds.get(id) ?? []).map((x) => ({ id: Number(x.id), amount: str(x.amount), reason: str(x.reason), created_at: str(x.created_at) }));
      map.set(id, {
        id,
        status: str(r.status) as OrderStatus,
        currency: str(r.currency),
        customer_id: numOrNull(r.customer_id),
        billing: addressOf((addresses.get(id) ?? []).find((a) => a.address_type === 'billing')),
        shipping: addressOf((addresses.get(id) ?? []).find((a) => a.address_type === 'shipping')),
        payment_method: str(r.payment_method),
        payment_method_title: str(r.payment_method_title),
        transaction_id: str(r.transaction_id),
        date_paid: strOrNull(r.date_paid),
        date_completed: strOrNull(r.date_completed),
        customer_note: str(r.customer_note),
        prices_include_tax: bool(r.prices_include_tax),
        discount_total: str(r.discount_total),
        shipping_total: str(r.shipping_total),
        cart_tax: str(r.cart_tax),
        shipping_tax: str(r.shipping_tax),
        total_tax: centsToDecimal(decimalToCents(str(r.cart_tax)) + decimalToCents(str(r.shipping_tax))),
        total: str(r.total),
        total_refunded: centsToDecimal(orderRefunds.reduce((n, x) => n + decimalToCents(x.amount), 0)),
        line_items: of('line_item').map((l) => ({
          id: Number(l.id), product_id: numOrNull(l.product_id), variation_id: numOrNull(l.variation_id), name: str(l.name),
          quantity: Number(l.quantity), subtotal: str(l.subtotal), total: str(l.total), total_tax: str(l.total_tax),
        })),
        shipping_lines: of('shipping').map((l) => ({
          id: Number(l.id), method_id: str(l.method_id), method_title: str(l.name), instance_id: numOrNull(l.instance_id), total: str(l.total), total_tax: str(l.total_tax),
        })),
        fee_lines: of('fee').map((l) => ({ id: Number(l.id), name: str(l.name), total: str(l.total), total_tax: str(l.total_tax) })),
        coupon_lines: of('coupon').map((l) => ({ id: Number(l.id), code: str(l.code), discount: str(l.total), discount_tax: str(l.total_tax) })),
        tax_lines: of('tax').map((l) => ({ id: Number(l.id), rate_id: numOrNull(l.rate_id), label: str(l.name), tax_total: str(l.total), shipping_tax_total: str(l.shipping_tax_total) })),
        refunds: orderRefunds,
        created_at: str(r.created_at),
      });
    }
    return map;
  }

  /** Orders whose id is `term`, or whose billing email or customer's email contains it. */
  async search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<OrderRecord>>> {
    const t = String(term ?? '').trim();
    const n = Math.max(1, Math.min(100, Math.floor(Number(limit) || 20)));
    const like = likeAny([`${T.orders}.billing_email`, `${T.customers}.email`], t);
    const q = db(T.orders)
      .leftJoin(T.customers, `${T.customers}.id`, `${T.orders}.customer_id`)
      .select(`${T.orders}.id as id`)
      .where((w: Knex.QueryBuilder) => {
        // An empty search matches everything: the most recent records, newest first.
        if (t === '') w.whereRaw('1 = 1');
        else w.whereRaw(like.sql, like.bindings);
        if (/^\d{1,9}$/.test(t)) w.orWhere(`${T.orders}.id`, Number(t));
      })
      .orderBy(`${T.orders}.id`, 'desc')
      .limit(n);
    const ids = ((await q) as Array<{ id: number }>).map((r) => Number(r.id));
    return this.hits(db, ids, (o) => [`Order #${o.id}`, o.billing?.email, `${o.total} ${o.currency}`].filter(Boolean).join(' '));
  }
}
