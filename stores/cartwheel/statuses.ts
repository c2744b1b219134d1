/** Cartwheel's own spellings (Fluent Cart's). Money is integer cents everywhere. */

export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'canceled', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const TRANSACTION_TYPES = ['charge', 'refund', 'dispute'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATES = ['pending', 'authorized', 'succeeded', 'failed', 'refunded', 'dispute_lost'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** Which states each transaction type can be in. */
export const STATES_BY_TYPE: Readonly<Record<TransactionType, readonly TransactionState[]>> = Object.freeze({
  charge: ['pending', 'authorized', 'succeeded', 'failed', 'refunded'],
  refund: ['pending', 'succeeded', 'failed'],
  dispute: ['pending', 'succeeded', 'dispute_lost'],
});

export const CART_STAGES = ['draft', 'intended', 'completed'] as const;
export type CartStage = (typeof CART_STAGES)[number];

export const PRODUCT_STATUSES = ['publish', 'draft', 'private'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const FULFILLMENT_TYPES = ['physical', 'digital'] as const;
export type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];

/** `simple`: one variation; `variations`: several. */
export const VARIATION_TYPES = ['simple', 'variations'] as const;
export type VariationType = (typeof VARIATION_TYPES)[number];

export const PAYMENT_TYPES = ['onetime', 'subscription'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const REPEAT_INTERVALS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'intended', 'trialing', 'active', 'failing', 'paused', 'expired', 'canceled', 'completed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const COUPON_TYPES = ['percentage', 'fixed', 'free_shipping'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_STATUSES = ['active', 'disabled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const CUSTOMER_STATUSES = ['active', 'archived'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const SHIPPING_METHOD_TYPES = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
export type ShippingMethodType = (typeof SHIPPING_METHOD_TYPES)[number];

export const LABEL_TARGETS = ['order', 'customer'] as const;
export type LabelTarget = (typeof LABEL_TARGETS)[number];

export const ACTIVITY_STATUSES = ['success', 'warning', 'failed', 'info'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const DEFAULT_CURRENCY = 'USD';
