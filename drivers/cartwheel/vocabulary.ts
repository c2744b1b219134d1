/**
 * Cartwheel's spelling of each canonical vocabulary (canonical -> stored) and the way back (stored ->
 * canonical) for the existing-records view. Where cartwheel has fewer values than the canonical
 * vocabulary, the way back picks the canonical value the stored one is written for.
 */
import type { ResourceName } from '../../plugin-api.ts';
import type { BillingPeriod, CartStage, DiscountType, LicenceState, LogLevel, OrderStatus, ProductStatus, SubscriptionStatus, TransactionState, VocabularyMap } from '../../plugin-api.ts';
import type {
  CartStage as CwCartStage,
  CouponType,
  OrderStatus as CwOrderStatus,
  ProductStatus as CwProductStatus,
  RepeatInterval,
  SubscriptionStatus as CwSubscriptionStatus,
  TransactionState as CwTransactionState,
  ActivityStatus,
} from '../../stores/cartwheel/index.ts';
import type { LicenseStatus } from '../../stores/cartwheel-pro/index.ts';

export const ORDER_STATUS: Readonly<Record<OrderStatus, CwOrderStatus>> = {
  pending: 'pending',
  processing: 'processing',
  on_hold: 'on-hold',
  completed: 'completed',
  cancelled: 'canceled',
  failed: 'failed',
  refunded: 'refunded',
};

export const TRANSACTION_STATE: Readonly<Record<TransactionState, CwTransactionState>> = {
  pending: 'pending',
  authorized: 'authorized',
  completed: 'succeeded',
  failed: 'failed',
  refunded: 'refunded',
  disputed: 'dispute_lost',
};

export const CART_STAGE: Readonly<Record<CartStage, CwCartStage>> = {
  active: 'draft',
  abandoned: 'intended',
  converted: 'completed',
};

export const LICENCE_STATE: Readonly<Record<LicenceState, LicenseStatus>> = {
  active: 'active',
  expired: 'expired',
  disabled: 'disabled',
};

/**
 * `on_hold` is cartwheel's `paused`; `pending_cancel` (cancelled, running until the paid period ends)
 * is an `active` subscription with a cancellation date, which is how cartwheel records it.
 */
export const SUBSCRIPTION_STATUS: Readonly<Record<SubscriptionStatus, CwSubscriptionStatus>> = {
  pending: 'pending',
  active: 'active',
  on_hold: 'paused',
  pending_cancel: 'active',
  cancelled: 'canceled',
  expired: 'expired',
};

export const DISCOUNT_TYPE: Readonly<Record<DiscountType, CouponType>> = {
  percentage: 'percentage',
  fixed_cart: 'fixed',
  free_shipping: 'free_shipping',
};

export const PRODUCT_STATUS: Readonly<Record<ProductStatus, CwProductStatus>> = {
  published: 'publish',
  draft: 'draft',
  private: 'private',
};

/** Cartwheel bills every day, week, month or year; "every 3 months" keeps only the period. */
export const BILLING_PERIOD: Readonly<Record<BillingPeriod, RepeatInterval>> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};

/** Cartwheel's activity log has four statuses for six levels; the level itself is kept in the entry's content. */
export const LOG_LEVEL: Readonly<Record<LogLevel, ActivityStatus>> = {
  debug: 'info',
  info: 'info',
  notice: 'success',
  warning: 'warning',
  error: 'failed',
  critical: 'failed',
};

export const CARTWHEEL_VOCABULARY: VocabularyMap = {
  order_status: { ...ORDER_STATUS },
  transaction_state: { ...TRANSACTION_STATE },
  transaction_type: { charge: 'charge', refund: 'refund', dispute: 'dispute' },
  cart_stage: { ...CART_STAGE },
  licence_status: { ...LICENCE_STATE },
  subscription_status: { ...SUBSCRIPTION_STATUS },
  discount_type: { ...DISCOUNT_TYPE },
};

/** Stored -> canonical. */
function invert<K extends string, V extends string>(map: Readonly<Record<K, V>>): Map<V, K> {
  const out = new Map<V, K>();
  for (const [k, v] of Object.entries(map) as Array<[K, V]>) if (!out.has(v)) out.set(v, k);
  return out;
}

const ORDER_STATUS_BACK = invert(ORDER_STATUS);
const TRANSACTION_STATE_BACK = invert(TRANSACTION_STATE);
const DISCOUNT_TYPE_BACK = invert(DISCOUNT_TYPE);

export function canonicalOrderStatus(stored: string): OrderStatus {
  return ORDER_STATUS_BACK.get(stored as CwOrderStatus) ?? 'pending';
}

export function canonicalTransactionState(stored: string): TransactionState {
  return TRANSACTION_STATE_BACK.get(stored as CwTransactionState) ?? 'pending';
}

export function canonicalDiscountType(stored: string): DiscountType {
  return DISCOUNT_TYPE_BACK.get(stored as CouponType) ?? 'fixed_cart';
}

/** How many pictures cartwheel keeps per record: one per product and per variation (Fluent Cart's featured image and variation media). */
export const IMAGES_KEPT: Readonly<Partial<Record<ResourceName, number>>> = { product: 1, product_variation: 1 };
