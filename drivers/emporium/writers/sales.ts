/** Writers for emporium's customers and sales: customers, coupons, orders, order tax lines, refunds, cart sessions, subscriptions. */
import crypto from 'node:crypto';
import type { CartSessionEntity, CouponEntity, CustomerEntity, OrderEntity, OrderTaxLineEntity, PaymentMethod, Ref, RefundEntity, ResourceWriter, SubscriptionEntity, WriteContext } from '../../../plugin-api.ts';
import { deleteAll, HOUR, plainMoney, numericId, optionalRefId, refId, remember, repositoryWriter, storeInstantPlus, toStoreInstant, toStoreInstantOrNull } from '../../../plugin-api.ts';
import type { CouponInput, EmporiumStore, OrderInput } from '../../../stores/emporium/index.ts';
import type { EmporiumSubscriptionsStore, SubscriptionInput } from '../../../stores/emporium-subscriptions/index.ts';
import { toEmporiumAddress } from '../address.ts';
import { isExact, toDecimal, toDecimalOrNull, toPercentAmount } from '../money.ts';
import { DISCOUNT_TYPE, ORDER_STATUS, SUBSCRIPTION_STATUS } from '../vocabulary.ts';

const idOf = (ref: Ref, ctx: WriteContext): number => numericId(refId(ref, ctx.resolved));
const optionalIdOf = (ref: Ref | null | undefined, ctx: WriteContext): number | null => {
  const id = optionalRefId(ref, ctx.resolved);
  return id === null ? null : numericId(id);
};

/** Display name, type, locale and marketing consent have no place in emporium's customer record. */
export function customerWriter(store: EmporiumStore): ResourceWriter<CustomerEntity> {
  return repositoryWriter(store.customers, {
    toInput: (e) => ({
      email: e.email,
      first_name: e.first_name,
      last_name: e.last_name,
      username: e.username,
      billing: toEmporiumAddress(e.billing, e.email),
      ...(e.shipping ? { shipping: toEmporiumAddress(e.shipping) } : {}),
      created_at: toStoreInstant(e.created_at),
    }),
    summarise: (e, id) => `Customer #${id} ${e.first_name} ${e.last_name} <${e.email}>`,
  });
}

/**
 * Coupons. Emporium coupons have no start date: the coupon is created at its start (`created_at`), so
 * it reads as new from then on and expires at `expires_at`.
 */
export function couponWriter(store: EmporiumStore): ResourceWriter<CouponEntity> {
  return repositoryWriter(store.coupons, {
    toInput: (e): CouponInput => ({
      code: e.code,
      discount_type: DISCOUNT_TYPE[e.discount_type],
      amount:
        e.discount_type === 'percentage'
          ? toPercentAmount(e.amount_percent ?? 0)
          : e.discount_type === 'fixed_cart'
            ? toDecimal(e.amount_minor ?? 0, e.currency)
            : '0.00',
      free_shipping: e.discount_type === 'free_shipping',
      usage_limit: e.usage_limit,
      usage_limit_per_user: e.usage_limit_per_user,
      minimum_amount: toDecimalOrNull(e.minimum_spend_minor, e.currency),
      individual_use: e.individual_use,
      description: e.description,
      created_at: toStoreInstant(e.starts_at),
      date_expires: toStoreInstant(e.expires_at),
    }),
    summarise: (e, id) => `Coupon #${id} ${e.code.toLowerCase()} (${e.description})`,
  });
}

/** Gateways that give a payment a reference of their own; the others (bank transfer, cheque, cash) do not. */
const GATEWAY_METHODS: ReadonlySet<PaymentMethod> = new Set(['card', 'paypal', 'apple_pay', 'google_pay', 'klarna']);

/**
 * The transaction id kept on a paid order: emporium has no transaction records, so a paid gateway order
 * carries the gateway's reference itself. Derived from the entity key, so the same seed gives the same id.
 */
export function transactionIdFor(e: OrderEntity): string {
  if (!e.paid || !GATEWAY_METHODS.has(e.payment_method)) return '';
  return `txn_${crypto.createHash('sha256').update(e.key).digest('hex').slice(0, 24)}`;
}

export function orderInput(e: OrderEntity, ctx: WriteContext): OrderInput {
  const c = e.currency;
  // Optional fields are set after, not spread in: this runs for every order.
  const input: OrderInput = {
    status: ORDER_STATUS[e.status],
    currency: c,
    customer_id: optionalIdOf(e.customer, ctx),
    billing: toEmporiumAddress(e.billing, e.email),
    payment_method: e.payment_method,
    payment_method_title: e.payment_method_title,
    transaction_id: transactionIdFor(e),
    date_paid: toStoreInstantOrNull(e.paid_at),
    date_completed: toStoreInstantOrNull(e.completed_at),
    customer_note: e.customer_note ?? '',
    prices_include_tax: false,
    line_items: e.lines.map((l) => ({
      product_id: idOf(l.product, ctx),
      variation_id: optionalIdOf(l.variation, ctx),
      name: l.name,
      quantity: l.quantity,
      subtotal: toDecimal(l.subtotal_minor, c),
      total: toDecimal(l.total_minor, c),
      total_tax: toDecimal(l.tax_minor, c),
    })),
    shipping_lines: e.shipping_lines.map((s) => ({
      method_id: s.method,
      method_title: s.title,
      total: toDecimal(s.total_minor, c),
      total_tax: toDecimal(s.tax_minor, c),
    })),
    coupon_lines: e.coupon_lines.map((x) => ({ code: x.code, discount: toDecimal(x.discount_minor, c) })),
    tax_lines: e.tax_lines.map((t) => ({
      rate_id: optionalIdOf(t.rate, ctx),
      label: t.label,
      tax_total: toDecimal(t.tax_minor, c),
      shipping_tax_total: toDecimal(t.shipping_tax_minor, c),
    })),
    created_at: toStoreInstant(e.created_at),
  };
  if (e.shipping) input.shipping = toEmporiumAddress(e.shipping);
  // The store computes the total from the lines; giving the canonical one makes it refuse a mismatch.
  // A currency with three decimals is rounded per line, so its total is left to the store.
  if (isExact(c)) input.total = toDecimal(e.total_minor, c);
  return input;
}

/**
 * What WooCommerce does when an order is paid: its buyer may download the files of the downloadable
 * products it bought. One permission per paid order and file, granted when it was paid, without limit
 * or expiry (emporium keeps none per file). Permissions belong to the order: they go when it goes.
 */
async function grantDownloads(
  store: EmporiumStore,
  ctx: WriteContext,
  entities: readonly OrderEntity[],
  inputs: readonly OrderInput[],
  ids: readonly number[],
  files: Map<number, number[]>,
): Promise<void> {
  if (files.size === 0) return;
  const permissions = paidOrders(entities).flatMap((i) => {
    const granted = toStoreInstant(entities[i].paid_at ?? entities[i].created_at);
    const downloads = [...new Set(soldBy(inputs, i).flatMap((id) => files.get(id) ?? []))];
    return downloads.map((download_id) => ({ download_id, order_id: ids[i], access_granted: granted }));
  });
  await store.downloadPermissions.createMany(ctx.trx, permissions);
}

const paidOrders = (entities: readonly OrderEntity[]) => entities.flatMap((e, i) => (e.paid ? [i] : []));
const soldBy = (inputs: readonly OrderInput[], i: number) => (inputs[i].line_items ?? []).map((l) => l.variation_id ?? l.product_id ?? 0);

/** The files of the downloadable products the paid orders bought: only what the grant needs, in one query for the batch. */
async function soldFiles(store: EmporiumStore, ctx: WriteContext, entities: readonly OrderEntity[], inputs: readonly OrderInput[]): Promise<Map<number, number[]>> {
  const soldIds = [...new Set(paidOrders(entities).flatMap((i) => soldBy(inputs, i)))];
  return soldIds.length === 0 ? new Map() : store.downloads.filesOf(ctx.trx, soldIds);
}

/** Orders with their lines, and the download permissions their payment grants. */
export function orderWriter(store: EmporiumStore): ResourceWriter<OrderEntity> {
  return {
    async write(entities, ctx) {
      if (entities.length === 0) return [];
      const inputs = entities.map((e) => orderInput(e, ctx));
      // Sent before the orders (it reads products, not orders), so it waits for nothing of theirs.
      const files = soldFiles(store, ctx, entities, inputs);
      files.catch(() => undefined); // met below; a refused batch throws first, and its transaction ends
      const ids = await store.orders.createMany(ctx.trx, inputs);
      await grantDownloads(store, ctx, entities, inputs, ids, await files);
      return remember(entities, ids, ctx);
    },
    delete: (ids, ctx) => deleteAll(ids, (many) => store.orders.deleteMany(ctx.trx, many), (id) => store.orders.delete(ctx.trx, id)),
    summarise: (e, id, money = plainMoney) =>
      `Order #${id}: ${e.lines.length} item${e.lines.length === 1 ? '' : 's'}, ${money(e.total_minor, e.currency)} (${ORDER_STATUS[e.status]})`,
  };
}

/** A tax line added to an order; the rate's compound flag and percentage stay on the rate itself. */
export function orderTaxLineWriter(store: EmporiumStore): ResourceWriter<OrderTaxLineEntity> {
  return repositoryWriter(store.orderTaxLines, {
    toInput: (e, ctx) => ({
      order_id: idOf(e.order, ctx),
      rate_id: optionalIdOf(e.rate, ctx),
      label: e.label,
      tax_total: toDecimal(e.tax_minor, e.currency),
      shipping_tax_total: toDecimal(e.shipping_tax_minor, e.currency),
    }),
    summarise: (e, id, money) => `Tax line #${id} "${e.label}" on order ${e.order.id ?? e.order.key}: ${money(e.tax_minor + e.shipping_tax_minor, e.currency)}`,
  });
}

/** Refunds (an amount and a reason; emporium does not restock, and the order's status is left as it is). */
export function refundWriter(store: EmporiumStore): ResourceWriter<RefundEntity> {
  return repositoryWriter(store.refunds, {
    toInput: (e, ctx) => ({
      order_id: idOf(e.order, ctx),
      amount: toDecimal(e.amount_minor, e.currency),
      reason: e.reason,
      created_at: toStoreInstant(e.created_at),
    }),
    summarise: (e, id, money) => `Refund #${id} of order ${e.order.id ?? e.order.key}: ${money(e.amount_minor, e.currency)} (${e.type})`,
  });
}

/** How long emporium (WooCommerce) keeps a cart session after its last update. */
export const SESSION_LIFETIME_MS = 48 * HOUR;

/**
 * Cart sessions. Emporium's session is a key, a customer, the cart and an expiry, so the cart's stage
 * is told by the expiry alone: it expires 48 hours after its last update, as WooCommerce's do, which
 * leaves abandoned and converted carts expired and active ones live. Guest emails, prices and the
 * stage timestamps have no place in it.
 */
export function cartSessionWriter(store: EmporiumStore): ResourceWriter<CartSessionEntity> {
  return repositoryWriter(store.sessions, {
    toInput: (e, ctx) => ({
      session_key: e.session_token,
      customer_id: optionalIdOf(e.customer, ctx),
      cart: e.items.map((it) => ({ product_id: idOf(it.product, ctx), variation_id: optionalIdOf(it.variation, ctx), quantity: it.quantity })),
      expires_at: storeInstantPlus(e.updated_at, SESSION_LIFETIME_MS),
      created_at: toStoreInstant(e.created_at),
    }),
    summarise: (e, id) => `Cart session #${id} (${e.stage}, ${e.items.length} item${e.items.length === 1 ? '' : 's'}${e.customer ? '' : ', guest'})`,
  });
}

/** Subscriptions (with emporium-subscriptions). The cancellation date has no place of its own: the end date holds when it ends. */
export function subscriptionWriter(subscriptions: EmporiumSubscriptionsStore): ResourceWriter<SubscriptionEntity> {
  return repositoryWriter(subscriptions.subscriptions, {
    toInput: (e, ctx): SubscriptionInput => ({
      customer_id: idOf(e.customer, ctx),
      parent_order_id: optionalIdOf(e.order, ctx),
      status: SUBSCRIPTION_STATUS[e.status],
      billing_period: e.billing_period,
      billing_interval: e.billing_interval,
      currency: e.currency,
      payment_method: e.payment_method,
      start_date: toStoreInstant(e.start_at ?? e.created_at),
      trial_end: toStoreInstantOrNull(e.trial_end_at),
      next_payment: toStoreInstantOrNull(e.next_payment_at),
      end_date: toStoreInstantOrNull(e.end_at),
      line_items: e.lines.map((l) => ({ product_id: idOf(l.product, ctx), name: l.name, quantity: l.quantity, total: toDecimal(l.total_minor, e.currency) })),
      created_at: toStoreInstant(e.created_at),
    }),
    summarise: (e, id, money) =>
      `Subscription #${id} (${SUBSCRIPTION_STATUS[e.status]}): ${money(e.recurring_total_minor, e.currency)} every ${e.billing_interval > 1 ? `${e.billing_interval} ${e.billing_period}s` : e.billing_period}`,
  });
}
