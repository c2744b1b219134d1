/**
 * Cartwheel orders: items with exact cent arithmetic, totals, addresses, tax lines and applied coupons.
 * Payments are not on the order: they are transaction records of their own (transactions.ts).
 * Every amount is integer cents, and the store checks the arithmetic: an item's subtotal is unit price
 * times quantity, its line total is subtotal less discount plus tax, and a `total_amount` given by the
 * caller must equal the one computed.
 *
 * Deleting an order removes its items, addresses, tax lines, applied coupons, transactions (refunds
 * included) and labels; its customer and products stay; carts and subscriptions that name it are detached.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { groupBy, likeAny, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import type { Row } from '../../common/insert.ts';
import { addressOf, checkAddress, type AddressInput, type AddressRecord } from '../address.ts';
import { DEFAULT_CURRENCY, ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus, type PaymentType } from '../statuses.ts';
import { C } from '../tables.ts';
import { couponUses, couponUsesByCustomer } from './coupons.ts';

export interface OrderItemInput {
  /** The variation sold; its product is implied. */
  variation_id?: number | null;
  /** Must be the variation's product when both are given. */
  product_id?: number | null;
  /** Defaults to the variation's title; required without a variation. */
  title?: string;
  quantity: number;
  /** Cents per unit. */
  unit_price: number;
  /** Cents; default 0; at most the subtotal. */
  discount_total?: number;
  /** Cents; default 0. */
  tax_amount?: number;
  /** If given, must equal unit_price × quantity. */
  subtotal?: number;
  /** If given, must equal subtotal − discount_total + tax_amount. */
  line_total?: number;
}

export interface OrderTaxLineInput {
  tax_rate_id?: number | null;
  label: string;
  /** Percentage as a decimal string, e.g. "20.0000". */
  rate: string;
  /** Cents. */
  tax_amount: number;
}

export interface AppliedCouponInput {
  /** An active coupon, within its dates, with uses left. */
  code: string;
  /** Cents. */
  discount: number;
}

export interface OrderInput {
  customer_id: number;
  /** Default `pending`. */
  status?: OrderStatus;
  /** Default `pending`. */
  payment_status?: PaymentStatus;
  currency?: string;
  payment_method?: string;
  /** At least one. */
  items: OrderItemInput[];
  /** Cents; default 0. */
  shipping_total?: number;
  /** Tax on shipping, cents; default 0. */
  shipping_tax?: number;
  /** A breakdown of the order's tax; when given, adds up to its tax total. */
  tax_lines?: OrderTaxLineInput[];
  coupons?: AppliedCouponInput[];
  /** At most one billing and one shipping address. */
  addresses?: AddressInput[];
  note?: string;
  /** If given, must equal subtotal − discounts + shipping + tax. */
  total_amount?: number;
  created_at?: string;
  completed_at?: string | null;
}

export interface OrderItemRecord {
  id: number;
  product_id: number | null;
  variation_id: number | null;
  title: string;
  payment_type: PaymentType;
  quantity: number;
  unit_price: number;
  subtotal: number;
  discount_total: number;
  tax_amount: number;
  line_total: number;
}

export interface OrderRecord {
  id: number;
  customer_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  currency: string;
  payment_method: string;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  total_amount: number;
  /** Sum of succeeded refund transactions. */
  total_refunded: number;
  note: string;
  items: OrderItemRecord[];
  tax_lines: Array<{ id: number; tax_rate_id: number | null; label: string; rate: string; tax_amount: number }>;
  coupons: Array<{ id: number; coupon_id: number | null; code: string; discount: number }>;
  addresses: Array<AddressRecord & { id: number }>;
  transaction_ids: number[];
  created_at: string;
  completed_at: string | null;
}

interface Item {
  row: Row;
  items: Array<Omit<OrderItemRecord, 'id'>>;
  taxes: Array<{ tax_rate_id: number | null; label: string; rate: string; tax_amount: number }>;
  coupons: Array<{ coupon_id: number | null; code: string; discount: number }>;
  addresses: AddressRecord[];
}

const FIELDS = fieldsOf<OrderInput>()({
  customer_id: 1, status: 1, payment_status: 1, currency: 1, payment_method: 1, items: 1, shipping_total: 1, shipping_tax: 1, tax_lines: 1,
  coupons: 1, addresses: 1, note: 1, total_amount: 1, created_at: 1, completed_at: 1,
});
const ITEM_FIELDS = fieldsOf<OrderItemInput>()({ variation_id: 1, product_id: 1, title: 1, quantity: 1, unit_price: 1, discount_total: 1, tax_amount: 1, subtotal: 1, line_total: 1 });
const TAX_FIELDS = fieldsOf<OrderTaxLineInput>()({ tax_rate_id: 1, label: 1, rate: 1, tax_amount: 1 });
const COUPON_FIELDS = fieldsOf<AppliedCouponInput>()({ code: 1, discount: 1 });

/** An item's amounts in cents, with its arithmetic checked: subtotal = unit × quantity, line total = subtotal − discount + tax. */
function parseItem(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, ITEM_FIELDS) ?? {};
  const quantity = c.int(join(p, 'quantity'), x.quantity, { min: 1, max: 1_000_000 }) ?? 1;
  const unit = c.cents(join(p, 'unit_price'), x.unit_price) ?? 0;
  const subtotal = unit * quantity;
  if (x.subtotal !== undefined && c.cents(join(p, 'subtotal'), x.subtotal) !== subtotal) {
    c.fail(join(p, 'subtotal'), 'subtotal_mismatch', `must equal unit_price × quantity, ${subtotal}`);
  }
  const discount = c.cents(join(p, 'discount_total'), x.discount_total, { optional: true }) ?? 0;
  if (discount > subtotal) c.fail(join(p, 'discount_total'), 'discount_above_subtotal', 'must not exceed the subtotal');
  const tax = c.cents(join(p, 'tax_amount'), x.tax_amount, { optional: true }) ?? 0;
  const lineTotal = subtotal - discount + tax;
  if (x.line_total !== undefined && c.cents(join(p, 'line_total'), x.line_total) !== lineTotal) {
    c.fail(join(p, 'line_total'), 'line_total_mismatch', `must equal subtotal − discount_total + tax_amount, ${lineTotal}`);
  }
  return {
    path: p,
    variation_id: c.id(join(p, 'variation_id'), x.variation_id, { optional: true }),
    product_id: c.id(join(p, 'product_id'), x.product_id, { optional: true }),
    title: c.text(join(p, 'title'), x.title, { optional: true }),
    quantity, unit, subtotal, discount, tax, lineTotal,
  };
}

function parseTaxLine(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, TAX_FIELDS) ?? {};
  return {
    path: p,
    tax_rate_id: c.id(join(p, 'tax_rate_id'), x.tax_rate_id, { optional: true }),
    label: c.text(join(p, 'label'), x.label) ?? '',
    rate: c.decimal(join(p, 'rate'), x.rate, { places: 4, max: 100 }) ?? '0.0000',
    tax_amount: c.cents(join(p, 'tax_amount'), x.tax_amount) ?? 0,
  };
}

function parseCoupon(c: Check, v: unknown, p: string) {
  const x = c.object(p, v, COUPON_FIELDS) ?? {};
  return { path: p, code: (c.text(join(p, 'code'), x.code, { max: 100 }) ?? '').toLowerCase(), discount: c.cents(join(p, 'discount'), x.discount) ?? 0 };
}

/** The order's totals in cents from its items and shipping; the tax lines and a given `total_amount` must agree with them. */
function checkTotals(c: Check, o: Record<string, unknown>, items: ReturnType<typeof parseItem>[], taxes: ReturnType<typeof parseTaxLine>[]) {
  const shipping = c.cents('shipping_total', o.shipping_total, { optional: true }) ?? 0;
  const shippingTax = c.cents('shipping_tax', o.shipping_tax, { optional: true }) ?? 0;
  const subtotal = items.reduce((n, it) => n + it.subtotal, 0);
  const discount = items.reduce((n, it) => n + it.discount, 0);
  const taxTotal = items.reduce((n, it) => n + it.tax, 0) + shippingTax;
  const total = subtotal - discount + shipping + taxTotal;
  if (taxes.length > 0 && taxes.reduce((n, t) => n + t.tax_amount, 0) !== taxTotal) {
    c.fail('tax_lines', 'tax_lines_mismatch', `must add up to the order's tax, ${taxTotal}`);
  }
  if (o.total_amount !== undefined && c.cents('total_amount', o.total_amount) !== total) {
    c.fail('total_amount', 'total_mismatch', `must equal subtotal − discounts + shipping + tax, ${total}`);
  }
  return { subtotal, discount_total: discount, shipping_total: shipping, tax_total: taxTotal, total_amount: total };
}

/** Step 1: one order's own fields, items, tax lines, coupons, addresses and totals, checked without the database. */
function parseOrder(c: Check, input: OrderInput) {
  const o = c.object('', input, FIELDS) ?? {};
  if (!Array.isArray(o.items) || o.items.length === 0) c.fail('items', 'required', 'an order has at least one item');
  const items = c.list('items', o.items, (v, p) => parseItem(c, v, p));
  const taxes = c.list('tax_lines', o.tax_lines, (v, p) => parseTaxLine(c, v, p));
  const coupons = c.list('coupons', o.coupons, (v, p) => parseCoupon(c, v, p));
  const addresses = c.list('addresses', o.addresses, (v, p) => checkAddress(c, p, v), { max: 2 });
  if (new Set(addresses.map((a) => a.type)).size !== addresses.length) c.fail('addresses', 'unique', 'at most one billing and one shipping address');
  const totals = checkTotals(c, o, items, taxes);
  const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
  return {
    c, items, taxes, coupons, addresses, created,
    customer_id: c.id('customer_id', o.customer_id),
    row: {
      status: c.oneOf('status', o.status, ORDER_STATUSES, 'pending') ?? 'pending',
      payment_status: c.oneOf('payment_status', o.payment_status, PAYMENT_STATUSES, 'pending') ?? 'pending',
      currency: c.currency('currency', o.currency, DEFAULT_CURRENCY),
      payment_method: c.text('payment_method', o.payment_method, { optional: true, max: 100 }) ?? '',
      ...totals,
      note: c.longText('note', o.note),
      created_at: created,
      completed_at: c.datetime('completed_at', o.completed_at, { optional: true }),
    },
  };
}

type Draft = ReturnType<typeof parseOrder>;
type Lookup = Map<number, Record<string, unknown>>;

interface References {
  customers: Lookup;
  variations: Lookup;
  products: Lookup;
  rates: Lookup;
  /** By lower-case code. */
  coupons: Map<string, Record<string, unknown>>;
  /** Uses of each coupon (by id) so far; counts this batch's uses as they are checked. */
  uses: Map<number, number>;
  /** Uses of each coupon id by each customer id so far, this batch's counted as they are checked. */
  usesBy: Map<number, Map<number, number>>;
}

/** Step 2: one lookup per referenced table for the whole batch. */
async function lookUpReferences(db: Executor, drafts: readonly Draft[]): Promise<References> {
  const customers = await rowsById(db, C.customers, drafts.map((d) => d.customer_id));
  const variations = await rowsById<Record<string, unknown>>(db, C.variations, drafts.flatMap((d) => d.items.map((it) => it.variation_id)), ['product_id', 'title', 'payment_type']);
  const products = await rowsById(db, C.products, drafts.flatMap((d) => d.items.map((it) => it.product_id)));
  const rates = await rowsById(db, C.taxRates, drafts.flatMap((d) => d.taxes.map((t) => t.tax_rate_id)));
  const codes = [...new Set(drafts.flatMap((d) => d.coupons.map((x) => x.code)).filter(Boolean))];
  const coupons = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < codes.length; i += 2000) {
    for (const r of (await db(C.coupons).whereIn('code', codes.slice(i, i + 2000)).select('id', 'code', 'status', 'max_uses', 'max_per_customer', 'start_date', 'end_date')) as Array<Record<string, unknown>>) {
      coupons.set(str(r.code).toLowerCase(), r);
    }
  }
  const uses = await couponUses(db, [...coupons.values()].map((r) => Number(r.id)));
  const usesBy = await couponUsesByCustomer(db, [...coupons.values()].map((r) => Number(r.id)));
  return { customers, variations, products, rates, coupons, uses, usesBy };
}

/** An item's row: its variation and product exist and fit together, and it has a title. */
function orderItem(c: Check, it: Draft['items'][number], refs: References): Item['items'][number] {
  const variation = it.variation_id === null ? undefined : refs.variations.get(it.variation_id);
  if (it.variation_id !== null && !variation) c.fail(join(it.path, 'variation_id'), 'exists', `Variation ${it.variation_id} does not exist`);
  requireExisting(c, join(it.path, 'product_id'), it.product_id, refs.products, 'Product');
  if (variation && it.product_id !== null && Number(variation.product_id) !== it.product_id) {
    c.fail(join(it.path, 'variation_id'), 'variation_of_product', `Variation ${it.variation_id} is not a variation of product ${it.product_id}`);
  }
  const title = it.title ?? (variation ? str(variation.title) : null);
  if (title === null) c.fail(join(it.path, 'title'), 'required', 'is required for an item without a variation');
  return {
    product_id: it.product_id ?? (variation ? Number(variation.product_id) : null),
    variation_id: it.variation_id,
    title: title ?? '',
    payment_type: (variation ? str(variation.payment_type) : 'onetime') as PaymentType,
    quantity: it.quantity,
    unit_price: it.unit,
    subtotal: it.subtotal,
    discount_total: it.discount,
    tax_amount: it.tax,
    line_total: it.lineTotal,
  };
}

/** An applied coupon: it exists, is active, within its dates when the order is placed, and has uses left, in all and for the order's customer. */
function appliedCoupon(d: Draft, x: Draft['coupons'][number], refs: References): Item['coupons'][number] {
  const { c } = d;
  const coupon = refs.coupons.get(x.code);
  if (x.code && !coupon) c.fail(join(x.path, 'code'), 'exists', `Coupon "${x.code}" does not exist`);
  if (coupon) {
    const id = Number(coupon.id);
    if (coupon.status !== 'active') c.fail(join(x.path, 'code'), 'coupon_disabled', `Coupon "${x.code}" is disabled`);
    const start = strOrNull(coupon.start_date);
    const end = strOrNull(coupon.end_date);
    if (start !== null && d.created < start) c.fail(join(x.path, 'code'), 'coupon_not_started', `Coupon "${x.code}" starts at ${start}`);
    if (end !== null && d.created >= end) c.fail(join(x.path, 'code'), 'coupon_expired', `Coupon "${x.code}" ended at ${end}`);
    const count = (refs.uses.get(id) ?? 0) + 1;
    refs.uses.set(id, count);
    const max = numOrNull(coupon.max_uses);
    if (max !== null && count > max) c.fail(join(x.path, 'code'), 'coupon_usage_limit', `Coupon "${x.code}" may be used ${max} time(s)`);
    const byCustomer = refs.usesBy.get(id) ?? new Map<number, number>();
    const customer = d.customer_id ?? 0;
    const mine = (byCustomer.get(customer) ?? 0) + 1;
    byCustomer.set(customer, mine);
    refs.usesBy.set(id, byCustomer);
    const perCustomer = numOrNull(coupon.max_per_customer);
    if (perCustomer !== null && mine > perCustomer) {
      c.fail(join(x.path, 'code'), 'coupon_usage_limit_per_user', `Coupon "${x.code}" may be used ${perCustomer} time(s) per customer`);
    }
  }
  return { coupon_id: coupon ? Number(coupon.id) : null, code: x.code, discount: x.discount };
}

/** Step 3: one order checked against the records it refers to. */
function resolveOrder(d: Draft, refs: References): Item {
  const { c } = d;
  requireExisting(c, 'customer_id', d.customer_id, refs.customers, 'Customer');
  const items = d.items.map((it) => orderItem(c, it, refs));
  d.taxes.forEach((t) => requireExisting(c, join(t.path, 'tax_rate_id'), t.tax_rate_id, refs.rates, 'Tax rate'));
  const applied = d.coupons.map((x) => appliedCoupon(d, x, refs));
  return {
    row: { ...d.row, customer_id: d.customer_id ?? 0 },
    items,
    taxes: d.taxes.map(({ path: _path, ...t }) => t),
    coupons: applied,
    addresses: d.addresses,
  };
}

export class OrderRepository extends Repository<OrderInput, OrderRecord, Item> {
  readonly entity = 'order';
  readonly table = C.orders;

  /**
   * Three steps for the whole batch: read each order's fields, items and totals (`parseOrder`), look up
   * every record they refer to at once (`lookUpReferences`), then check the references (`resolveOrder`).
   * Issues are recorded in that order.
   */
  protected async validate(db: Executor, inputs: readonly OrderInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const drafts = inputs.map((input, i) => parseOrder(new Check(i, issues), input));
    const refs = await lookUpReferences(db, drafts);
    return drafts.map((d) => resolveOrder(d, refs));
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.orders, items.length);
    const count = (f: (it: Item) => number) => items.reduce((n, it) => n + f(it), 0);
    const addressIds = await batch.reserve(C.orderAddresses, count((it) => it.addresses.length));
    const itemIds = await batch.reserve(C.orderItems, count((it) => it.items.length));
    const taxIds = await batch.reserve(C.orderTaxes, count((it) => it.taxes.length));
    const couponIds = await batch.reserve(C.appliedCoupons, count((it) => it.coupons.length));
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.orders, { id, ...it.row });
      for (const { is_primary: _p, ...a } of it.addresses) batch.add(C.orderAddresses, { id: addressIds.next(), order_id: id, ...a });
      for (const line of it.items) batch.add(C.orderItems, { id: itemIds.next(), order_id: id, ...line });
      for (const t of it.taxes) batch.add(C.orderTaxes, { id: taxIds.next(), order_id: id, ...t });
      for (const x of it.coupons) batch.add(C.appliedCoupons, { id: couponIds.next(), order_id: id, ...x });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, OrderRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.orders, 'id', ids);
    const found = rows.map((r) => Number(r.id));
    const by = async (table: string) => groupBy(await selectIn<Record<string, unknown>>(db, table, 'order_id', found), 'order_id');
    const items = await by(C.orderItems);
    const taxes = await by(C.orderTaxes);
    const coupons = await by(C.appliedCoupons);
    const addresses = await by(C.orderAddresses);
    const transactions = groupBy(await selectIn<Record<string, unknown>>(db, C.transactions, 'order_id', found, ['id', 'order_id', 'transaction_type', 'status', 'total']), 'order_id');
    return new Map(
      rows.map((r) => {
        const id = Number(r.id);
        const tx = transactions.get(id) ?? [];
        return [
          id,
          {
            id,
            customer_id: Number(r.customer_id),
            status: str(r.status) as OrderStatus,
            payment_status: str(r.payment_status) as PaymentStatus,
            currency: str(r.currency),
            payment_method: str(r.payment_method),
            subtotal: Number(r.subtotal),
            discount_total: Number(r.discount_total),
            shipping_total: Number(r.shipping_total),
            tax_total: Number(r.tax_total),
            total_amount: Number(r.total_amount),
            total_refunded: tx.filter((t) => t.transaction_type === 'refund' && t.status === 'succeeded').reduce((n, t) => n + Number(t.total), 0),
            note: str(r.note),
            items: (items.get(id) ?? []).map((l) => ({
              id: Number(l.id), product_id: numOrNull(l.product_id), variation_id: numOrNull(l.variation_id), title: str(l.title),
              payment_type: str(l.payment_type) as PaymentType, quantity: Number(l.quantity), unit_price: Number(l.unit_price),
              subtotal: Number(l.subtotal), discount_total: Number(l.discount_total), tax_amount: Number(l.tax_amount), line_total: Number(l.line_total),
            })),
            tax_lines: (taxes.get(id) ?? []).map((t) => ({ id: Number(t.id), tax_rate_id: numOrNull(t.tax_rate_id), label: str(t.label), rate: str(t.rate), tax_amount: Number(t.tax_amount) })),
            coupons: (coupons.get(id) ?? []).map((x) => ({ id: Number(x.id), coupon_id: numOrNull(x.coupon_id), code: str(x.code), discount: Number(x.discount) })),
            addresses: (addresses.get(id) ?? []).map((a) => ({ id: Number(a.id), ...addressOf(a) })),
            transaction_ids: tx.map((t) => Number(t.id)),
            created_at: str(r.created_at),
            completed_at: strOrNull(r.completed_at),
          },
        ];
      }),
    );
  }

  protected override async remove(trx: Knex.Transaction, id: number): Promise<boolean> {
    const removed = await super.remove(trx, id);
    // Labels are polymorphic (no foreign key), so the order's go by hand.
    if (removed) await trx(C.labelRelations).where({ labelable_type: 'order', labelable_id: id }).delete();
    return removed;
  }

  /** Orders whose id is `term`, or whose customer's email or name contains it. */
  async search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<OrderRecord>>> {
    const t = String(term ?? '').trim();
    const like = likeAny([`${C.customers}.email`, `${C.customers}.first_name`, `${C.customers}.last_name`], t);
    const rows = (await db(C.orders)
      .join(C.customers, `${C.customers}.id`, `${C.orders}.customer_id`)
      .select(`${C.orders}.id as id`, `${C.customers}.email as email`)
      .where((w: Knex.QueryBuilder) => {
        // An empty search matches everything: the most recent records, newest first.
        if (t === '') w.whereRaw('1 = 1');
        else w.whereRaw(like.sql, like.bindings);
        if (/^\d{1,9}$/.test(t)) w.orWhere(`${C.orders}.id`, Number(t));
      })
      .orderBy(`${C.orders}.id`, 'desc')
      .limit(Math.max(1, Math.min(100, Math.floor(Number(limit) || 20))))) as Array<{ id: number; email: string }>;
    const emails = new Map(rows.map((r) => [Number(r.id), String(r.email)]));
    return this.hits(db, rows.map((r) => Number(r.id)), (o) => `Order #${o.id} ${emails.get(o.id) ?? ''} ${o.total_amount} ${o.currency}`);
  }
}
