/**
 * Sales writers: orders (with the charge that records their payment), tax lines of existing orders,
 * transactions, refunds, carts, subscriptions, licences (cartwheel-pro) and the activity log.
 */
import type { CartSessionEntity, LicenceEntity, LogEntity, OrderEntity, OrderTaxLineEntity, RefundEntity, SubscriptionEntity, TransactionEntity } from '../../../plugin-api.ts';
import { DAY, UnmappableEntityError, UnmetPrerequisiteError } from '../../../plugin-api.ts';
import type { AddressInput, OrderInput, PaymentStatus, TransactionInput, TransactionType } from '../../../stores/cartwheel/index.ts';
import { addressInput, idOf, idOrNull, percentString, proOf, storeOf, storeTime, storeTimeOrNull } from '../convert.ts';
import { convertedOrder, orderCandidates, productVariations } from '../lookups.ts';
import { BILLING_PERIOD, CART_STAGE, LICENCE_STATE, LOG_LEVEL, ORDER_STATUS, SUBSCRIPTION_STATUS, TRANSACTION_STATE } from '../vocabulary.ts';
import { cartwheelWriter } from './base.ts';

/** The order's payment status, which cartwheel keeps beside its status. */
function paymentStatus(e: OrderEntity): PaymentStatus {
  if (e.status === 'refunded') return 'refunded';
  if (e.status === 'failed') return 'failed';
  return e.paid ? 'paid' : 'pending';
}

/**
 * Orders. Lines naming only a product are sold through its selling variation. A paid order's payment
 * is, as in cartwheel, a succeeded charge of its total at the paid date (a child of the order, so it
 * goes with it); refunds are then measured against it by the store.
 */
export const orderWriter = cartwheelWriter<OrderEntity>({
  async write(entities, ctx, store) {
    const needsVariation = entities.flatMap((e) => e.lines.filter((l) => l.variation === null).map((l) => idOf(l.product, ctx.resolved)));
    const selling = await productVariations(ctx.trx, store, needsVariation);
    const inputs: OrderInput[] = entities.map((e) => {
      if (!e.customer) throw new UnmappableEntityError(`Cartwheel orders belong to a customer; order ${e.key} has none.`);
      const addresses: AddressInput[] = [addressInput('billing', e.billing, e.email)];
      if (e.shipping) addresses.push(addressInput('shipping', e.shipping, e.email));
      return {
        customer_id: idOf(e.customer, ctx.resolved),
        status: ORDER_STATUS[e.status],
        payment_status: paymentStatus(e),
        currency: e.currency,
        payment_method: e.payment_method,
        items: e.lines.map((l) => {
          const product = idOf(l.product, ctx.resolved);
          return {
            product_id: product,
            variation_id: l.variation ? idOf(l.variation, ctx.resolved) : (selling.get(product)?.primary?.id ?? null),
            title: l.name,
            quantity: l.quantity,
            unit_price: l.unit_price_minor,
            subtotal: l.subtotal_minor,
            discount_total: l.discount_minor,
            tax_amount: l.tax_minor,
            line_total: l.total_minor + l.tax_minor,
          };
        }),
        shipping_total: e.shipping_total_minor,
        shipping_tax: e.shipping_lines.reduce((n, s) => n + s.tax_minor, 0),
        tax_lines: e.tax_lines.map((t) => ({
          tax_rate_id: idOrNull(t.rate, ctx.resolved),
          label: t.label,
          rate: percentString(t.rate_percent),
          tax_amount: t.tax_minor + t.shipping_tax_minor,
        })),
        coupons: e.coupon_lines.map((c) => ({ code: c.code, discount: c.discount_minor })),
        addresses,
        note: e.customer_note ?? '',
        total_amount: e.total_minor,
        created_at: storeTime(e.created_at),
        completed_at: storeTimeOrNull(e.completed_at),
      };
    });
    const ids = await store.orders.createMany(ctx.trx, inputs);
    const charges: TransactionInput[] = entities.flatMap((e, i) =>
      e.paid && e.total_minor > 0
        ? [{
            order_id: ids[i]!,
            transaction_type: 'charge' as const,
            status: 'succeeded' as const,
            total: e.total_minor,
            currency: e.currency,
            payment_method: e.payment_method,
            created_at: storeTime(e.paid_at ?? e.created_at),
          }]
        : [],
    );
    await store.transactions.createMany(ctx.trx, charges);
    return ids;
  },
  // Items, addresses, tax lines, applied coupons and transactions go with it; the customer stays.
  remove: (trx, id, site) => storeOf(site).orders.delete(trx, id),
  summarise: (e, id, money) => `Order #${id}: ${e.lines.length} item${e.lines.length === 1 ? '' : 's'}, ${money(e.total_minor, e.currency)} (${ORDER_STATUS[e.status]})`,
});

/** A tax line of an existing order reports tax its amounts contain (items and shipping in one line). */
export const orderTaxLineWriter = cartwheelWriter<OrderTaxLineEntity>({
  write: (entities, ctx, store) =>
    store.orderTaxLines.createMany(
      ctx.trx,
      entities.map((e) => ({
        order_id: idOf(e.order, ctx.resolved),
        tax_rate_id: idOrNull(e.rate, ctx.resolved),
        label: e.label,
        rate: percentString(e.rate_percent),
        tax_amount: e.tax_minor + e.shipping_tax_minor,
      })),
    ),
  remove: (trx, id, site) => storeOf(site).orderTaxLines.delete(trx, id),
  summarise: (e, id, money) => `Order tax line #${id}: ${e.label} ${money(e.tax_minor + e.shipping_tax_minor, e.currency)}`,
});

/**
 * A transaction's type and state in cartwheel. Cartwheel keeps `dispute_lost` to disputes: a charge
 * lost to a dispute is recorded as the lost dispute.
 */
export function transactionKind(e: Pick<TransactionEntity, 'type' | 'state'>): { type: TransactionType; state: TransactionInput['status'] } {
  if (e.type === 'charge' && e.state === 'disputed') return { type: 'dispute', state: 'dispute_lost' };
  return { type: e.type, state: TRANSACTION_STATE[e.state] };
}

export const transactionWriter = cartwheelWriter<TransactionEntity>({
  write: (entities, ctx, store) =>
    store.transactions.createMany(
      ctx.trx,
      entities.map((e) => {
        const kind = transactionKind(e);
        return {
          order_id: idOf(e.order, ctx.resolved),
          transaction_type: kind.type,
          status: kind.state,
          total: e.amount_minor,
          currency: e.currency,
          payment_method: e.payment_method,
          vendor_charge_id: e.gateway_reference,
          reason: e.failure_reason ?? '',
          created_at: storeTime(e.created_at),
        };
      }),
    ),
  remove: (trx, id, site) => storeOf(site).transactions.delete(trx, id),
  summarise: (e, id, money) => {
    const kind = transactionKind(e);
    return `Transaction #${id}: ${kind.type} ${kind.state}, ${money(e.amount_minor, e.currency)}`;
  },
});

export const refundWriter = cartwheelWriter<RefundEntity>({
  write: (entities, ctx, store) =>
    store.refunds.createMany(
      ctx.trx,
      entities.map((e) => ({ order_id: idOf(e.order, ctx.resolved), total: e.amount_minor, status: 'succeeded' as const, reason: e.reason, created_at: storeTime(e.created_at) })),
    ),
  remove: (trx, id, site) => storeOf(site).refunds.delete(trx, id),
  summarise: (e, id, money) => `Refund #${id}: ${e.type}, ${money(e.amount_minor, e.currency)}`,
});

/** Carts: the session token is the cart hash; a converted cart names the order it became (see convertedOrder). */
export const cartSessionWriter = cartwheelWriter<CartSessionEntity>({
  async write(entities, ctx, store) {
    const needsVariation = entities.flatMap((e) => e.items.filter((l) => l.variation === null).map((l) => idOf(l.product, ctx.resolved)));
    const selling = await productVariations(ctx.trx, store, needsVariation);
    const candidates = entities.some((e) => e.stage === 'converted') ? await orderCandidates(ctx.trx, store) : [];
    return store.carts.createMany(
      ctx.trx,
      entities.map((e) => {
        const customer = idOrNull(e.customer, ctx.resolved);
        let order: number | null = null;
        if (e.stage === 'converted') {
          order = convertedOrder(candidates, customer, e.converted_at ?? e.updated_at) ?? null;
          if (order === null) {
            throw new UnmetPrerequisiteError('Cartwheel records a converted cart with the order it became, and the store has no order yet: generate orders first.', 'orders', 'order');
          }
        }
        return {
          cart_hash: e.session_token,
          customer_id: customer,
          stage: CART_STAGE[e.stage],
          order_id: order,
          items: e.items.map((l) => ({
            variation_id: l.variation ? idOf(l.variation, ctx.resolved) : (selling.get(idOf(l.product, ctx.resolved))?.primary?.id ?? Number.NaN),
            quantity: l.quantity,
          })),
          created_at: storeTime(e.created_at),
          completed_at: storeTimeOrNull(e.converted_at),
        };
      }),
    );
  },
  remove: (trx, id, site) => storeOf(site).carts.delete(trx, id),
  summarise: (e, id, money) => `Cart #${id}: ${CART_STAGE[e.stage]}, ${e.items.length} item${e.items.length === 1 ? '' : 's'}, ${money(e.subtotal_minor, e.currency)}`,
});

/**
 * Subscriptions. A cartwheel subscription is one subscription variation billed every day, week, month or
 * year: the first line whose product is sold by subscription names it, and the recurring amount is the
 * whole subscription's. Trial length, next billing and cancellation dates are kept.
 */
export const subscriptionWriter = cartwheelWriter<SubscriptionEntity>({
  async write(entities, ctx, store) {
    const variations = await productVariations(ctx.trx, store, entities.flatMap((e) => e.lines.map((l) => idOf(l.product, ctx.resolved))));
    return store.subscriptions.createMany(
      ctx.trx,
      entities.map((e) => {
        const products = e.lines.map((l) => idOf(l.product, ctx.resolved));
        const variation = products.map((p) => variations.get(p)?.subscription).find((v) => v !== undefined);
        if (!variation) {
          throw new UnmetPrerequisiteError(
            `Cartwheel sells subscriptions through a product's subscription variation, and product ${products.join(', ')} is sold once only; generate digital products (the Seeder gives them one) before subscriptions.`,
            'products',
            'product',
          );
        }
        const start = Date.parse(e.start_at ?? e.created_at);
        const trialDays = e.trial_end_at ? Math.max(0, Math.round((Date.parse(e.trial_end_at) - start) / DAY)) : 0;
        return {
          customer_id: idOf(e.customer, ctx.resolved),
          parent_order_id: idOrNull(e.order, ctx.resolved),
          variation_id: variation.id,
          status: SUBSCRIPTION_STATUS[e.status],
          billing_interval: BILLING_PERIOD[e.billing_period],
          recurring_amount: e.recurring_total_minor,
          trial_days: Math.min(trialDays, 3650),
          next_billing_date: storeTimeOrNull(e.next_payment_at),
          created_at: storeTime(e.created_at),
          canceled_at: storeTimeOrNull(e.cancelled_at),
        };
      }),
    );
  },
  remove: (trx, id, site) => storeOf(site).subscriptions.delete(trx, id),
  summarise: (e, id, money) => `Subscription #${id}: ${SUBSCRIPTION_STATUS[e.status]}, ${money(e.recurring_total_minor, e.currency)} every ${e.billing_period}`,
});

/** Licences (cartwheel-pro): sold through the product's selling variation; each activation is an active site. */
export const licenceWriter = cartwheelWriter<LicenceEntity>({
  async write(entities, ctx, store) {
    const pro = proOf(ctx.site);
    const selling = await productVariations(ctx.trx, store, entities.map((e) => idOf(e.product, ctx.resolved)));
    return pro.licenses.createMany(
      ctx.trx,
      entities.map((e) => {
        if (!e.customer) throw new UnmappableEntityError(`Cartwheel licences belong to a customer; licence ${e.licence_key} has none.`);
        const product = idOf(e.product, ctx.resolved);
        return {
          license_key: e.licence_key,
          status: LICENCE_STATE[e.state],
          activation_limit: e.site_limit,
          customer_id: idOf(e.customer, ctx.resolved),
          order_id: idOrNull(e.order, ctx.resolved),
          variation_id: selling.get(product)?.primary?.id ?? Number.NaN,
          expiration_date: storeTimeOrNull(e.expires_at),
          activations: e.activations.map((a) => ({ site_url: a.site_url, status: 'active' as const, created_at: storeTime(a.activated_at) })),
          created_at: storeTime(e.created_at),
        };
      }),
    );
  },
  remove: (trx, id, site) => proOf(site).licenses.delete(trx, id),
  summarise: (e, id) => `Licence #${id}: ${e.licence_key} (${e.state}, ${e.activations.length}/${e.site_limit} sites)`,
});

/** The record a log entry is about: an order or product whose id its context names, else its source. */
function moduleOf(e: LogEntity): { module_type: string; module_id: number | null } {
  for (const [field, type] of [['order_id', 'order'], ['product_id', 'product']] as const) {
    const v = e.context[field];
    if (typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0) return { module_type: type, module_id: Number(v) };
  }
  return { module_type: e.source, module_id: null };
}

/**
 * Log entries go to cartwheel's activity log. Its four statuses are coarser than the six levels, so the
 * entry's content keeps the level, the source and the context as JSON.
 */
export const logWriter = cartwheelWriter<LogEntity>({
  write: (entities, ctx, store) =>
    store.activities.createMany(
      ctx.trx,
      entities.map((e) => ({
        status: LOG_LEVEL[e.level],
        log_type: 'activity' as const,
        ...moduleOf(e),
        title: e.message.length > 191 ? `${e.message.slice(0, 188)}...` : e.message,
        content: JSON.stringify({ level: e.level, source: e.source, context: e.context }),
        created_at: storeTime(e.created_at),
      })),
    ),
  remove: (trx, id, site) => storeOf(site).activities.delete(trx, id),
  summarise: (e, id) => `Log #${id}: [${e.level}] ${e.message}`,
});
