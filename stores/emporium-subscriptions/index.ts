/** emporium-subscriptions: the plugin, its service key and its public types. */
export { EmporiumSubscriptionsPlugin } from './plugin.ts';
export { EmporiumSubscriptionsStore } from './store.ts';
export { EMPORIUM_SUBSCRIPTIONS } from './service.ts';
export { SUBSCRIPTION_TABLES, SUBSCRIPTION_STATUSES, BILLING_PERIODS, type SubscriptionStatus, type BillingPeriod } from './tables.ts';
export type { SubscriptionInput, SubscriptionLineInput, SubscriptionRecord } from './subscriptions.ts';
