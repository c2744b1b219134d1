/** Cartwheel, the Fluent-Cart-like store: its plugin, its service key and its object layer's public types. */
export { CartwheelPlugin } from './plugin.ts';
export { CARTWHEEL } from './service.ts';
export { CartwheelStore } from './store.ts';
export { CARTWHEEL_TABLES } from './tables.ts';
export {
  ORDER_STATUSES, PAYMENT_STATUSES, TRANSACTION_TYPES, TRANSACTION_STATES, STATES_BY_TYPE, CART_STAGES, PRODUCT_STATUSES, FULFILLMENT_TYPES,
  VARIATION_TYPES, PAYMENT_TYPES, REPEAT_INTERVALS, SUBSCRIPTION_STATUSES, COUPON_TYPES, COUPON_STATUSES, CUSTOMER_STATUSES, SHIPPING_METHOD_TYPES,
  LABEL_TARGETS, ACTIVITY_STATUSES,
  type OrderStatus, type PaymentStatus, type TransactionType, type TransactionState, type CartStage, type ProductStatus, type FulfillmentType,
  type VariationType, type PaymentType, type RepeatInterval, type SubscriptionStatus, type CouponType, type CouponStatus, type CustomerStatus,
  type ShippingMethodType, type LabelTarget, type ActivityStatus,
} from './statuses.ts';
export type { AddressInput, AddressRecord, AddressType } from './address.ts';
export type { ProductInput, ProductRecord, VariationInput, VariationCreate, VariationRecord, ProductDownloadInput } from './catalog/products.ts';
export type { ProductDownloadCreate, ProductDownloadRecord } from './catalog/downloads.ts';
export type { OrderTaxLineCreate, OrderTaxLineRecord } from './sales/order-tax-lines.ts';
export type { CustomerInput, CustomerRecord } from './people/customers.ts';
export type { OrderInput, OrderRecord, OrderItemInput, OrderItemRecord, OrderTaxLineInput, AppliedCouponInput } from './sales/orders.ts';
export type { TransactionInput, TransactionRecord, RefundInput } from './sales/transactions.ts';
export type { CouponInput, CouponRecord } from './sales/coupons.ts';
export type { CartInput, CartItemInput, CartRecord } from './sales/carts.ts';
export type { LabelInput, LabelRecord, LabelAttachmentInput, LabelAttachmentRecord } from './sales/labels.ts';
export type { SubscriptionInput, SubscriptionRecord } from './sales/subscriptions.ts';
export type { ActivityInput, ActivityRecord } from './settings/activities.ts';
export type { ShippingMethodInput, ShippingMethodRecord } from './settings/shipping-methods.ts';
export type { AttributeInput, AttributeRecord, AttributeTermCreate, AttributeTermRecord } from '../common/attributes.ts';
export type { TaxRateInput, TaxRateRecord } from '../common/tax-rates.ts';
export type { TermInput, TermRecord } from '../common/taxonomy.ts';
