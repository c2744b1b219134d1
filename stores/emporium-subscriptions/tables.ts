/** The tables emporium-subscriptions adds to emporium's schema (ids come from emporium's sequence table). */
export const ST = Object.freeze({
  subscriptions: 'emp_subscriptions',
  items: 'emp_subscription_items',
});

export const SUBSCRIPTION_TABLES: readonly string[] = Object.freeze([ST.subscriptions, ST.items]);

/** WooCommerce Subscriptions' statuses, without the `wc-` prefix. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'on-hold', 'cancelled', 'switched', 'expired', 'pending-cancel'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
