/**
 * Canonical vocabularies: the one place each platform-neutral value set is spelled. Drivers map
 * these to their store's spelling (one store writes `succeeded` for `completed`, `dispute_lost`
 * for `disputed`, `intended` for an abandoned cart); generators and schemas read them from here.
 */

export const ORDER_STATUSES = ['pending', 'processing', 'on_hold', 'completed', 'cancelled', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order that has been paid (a refunded order was paid first). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['processing', 'completed', 'refunded'];

export function isPaidOrderStatus(status: string): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(status);
}

export const TRANSACTION_STATES = ['pending', 'authorized', 'completed', 'failed', 'refunded', 'disputed'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

export const TRANSACTION_TYPES = ['charge', 'refund', 'dispute'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Which states a transaction of each type can be in. */
export const TRANSACTION_STATES_BY_TYPE: Readonly<Record<TransactionType, readonly TransactionState[]>> = {
  charge: ['pending', 'authorized', 'completed', 'failed', 'refunded', 'disputed'],
  refund: ['pending', 'completed', 'failed'],
  // A dispute is open (pending), lost (disputed: the funds went back to the buyer) or won (completed).
  dispute: ['pending', 'disputed', 'completed'],
};

export const CART_STAGES = ['active', 'abandoned', 'converted'] as const;
export type CartStage = (typeof CART_STAGES)[number];

export const LICENCE_STATES = ['active', 'expired', 'disabled'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'on_hold', 'pending_cancel', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_SOURCES = ['checkout', 'payment', 'inventory', 'shipping', 'email', 'webhook', 'cron'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

export const DISCOUNT_TYPES = ['percentage', 'fixed_cart', 'free_shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PRODUCT_TYPES = ['physical', 'digital', 'variable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What the `product_type` parameter accepts: a product type, or `mixed` to vary per row. */
export const PRODUCT_TYPE_CHOICES = [...PRODUCT_TYPES, 'mixed'] as const;
export type ProductTypeChoice = (typeof PRODUCT_TYPE_CHOICES)[number];

export const PRODUCT_STATUSES = ['published', 'draft', 'private'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const STOCK_STATUSES = ['in_stock', 'out_of_stock', 'on_backorder'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const DESCRIPTION_LENGTHS = ['short', 'medium', 'long'] as const;
export type DescriptionLength = (typeof DESCRIPTION_LENGTHS)[number];

export const CUSTOMER_TYPES = ['individual', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const PAYMENT_METHODS = [
  'card',
  'paypal',
  'bank_transfer',
  'cash_on_delivery',
  'cheque',
  'apple_pay',
  'google_pay',
  'klarna',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_TITLES: Readonly<Record<PaymentMethod, string>> = {
  card: 'Credit card',
  paypal: 'PayPal',
  bank_transfer: 'Direct bank transfer',
  cash_on_delivery: 'Cash on delivery',
  cheque: 'Cheque',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  klarna: 'Klarna',
};

export const SHIPPING_TYPES = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

/** Where a shipping plan delivers: the shop's own country, its continent, or everywhere else. */
export const COVERAGE_AREAS = ['domestic', 'continental', 'worldwide'] as const;
export type CoverageArea = (typeof COVERAGE_AREAS)[number];

export const TAX_TYPES = ['standard', 'reduced', 'zero'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export const REFUND_TYPES = ['full', 'partial'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

export const FILE_TYPES = ['pdf', 'zip', 'mp3', 'mp4', 'epub', 'png'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const FILE_MIME_TYPES: Readonly<Record<FileType, string>> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  epub: 'application/epub+zip',
  png: 'image/png',
};

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
