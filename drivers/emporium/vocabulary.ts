/**
 * How emporium spells each canonical value. The maps are typed against both vocabularies, so a value
 * added on either side fails to compile until it is mapped here.
 */
import type { ResourceName } from '../../plugin-api.ts';
import type { DiscountType, LogLevel, OrderStatus, ProductStatus, ProductType, StockStatus, SubscriptionStatus, VocabularyMap } from '../../plugin-api.ts';
import type {
  CouponType,
  LogLevel as EmporiumLogLevel,
  OrderStatus as EmporiumOrderStatus,
  ProductStatus as EmporiumProductStatus,
  StockStatus as EmporiumStockStatus,
} from '../../stores/emporium/index.ts';
import type { SubscriptionStatus as EmporiumSubscriptionStatus } from '../../stores/emporium-subscriptions/index.ts';

export const ORDER_STATUS = {
  pending: 'pending',
  processing: 'processing',
  on_hold: 'on-hold',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
  refunded: 'refunded',
} as const satisfies Record<OrderStatus, EmporiumOrderStatus>;

export const SUBSCRIPTION_STATUS = {
  pending: 'pending',
  active: 'active',
  on_hold: 'on-hold',
  pending_cancel: 'pending-cancel',
  cancelled: 'cancelled',
  expired: 'expired',
} as const satisfies Record<SubscriptionStatus, EmporiumSubscriptionStatus>;

/** A free-shipping coupon is, as in WooCommerce, a fixed-cart coupon of 0.00 with free shipping switched on. */
export const DISCOUNT_TYPE = {
  percentage: 'percent',
  fixed_cart: 'fixed_cart',
  free_shipping: 'fixed_cart',
} as const satisfies Record<DiscountType, CouponType>;

/** A digital product is a simple product that is virtual and downloadable. */
export const PRODUCT_TYPE = {
  physical: 'simple',
  digital: 'simple',
  variable: 'variable',
} as const satisfies Record<ProductType, 'simple' | 'variable'>;

export const PRODUCT_STATUS = {
  published: 'publish',
  draft: 'draft',
  private: 'private',
} as const satisfies Record<ProductStatus, EmporiumProductStatus>;

export const STOCK_STATUS = {
  in_stock: 'instock',
  out_of_stock: 'outofstock',
  on_backorder: 'onbackorder',
} as const satisfies Record<StockStatus, EmporiumStockStatus>;

export const LOG_LEVEL = {
  debug: 'debug',
  info: 'info',
  notice: 'notice',
  warning: 'warning',
  error: 'error',
  critical: 'critical',
} as const satisfies Record<LogLevel, EmporiumLogLevel>;

/** What the driver reports as its spelling of the shared vocabularies (transactions, carts and licences have none here). */
export const EMPORIUM_VOCABULARY: VocabularyMap = Object.freeze({
  order_status: { ...ORDER_STATUS },
  subscription_status: { ...SUBSCRIPTION_STATUS },
  discount_type: { ...DISCOUNT_TYPE },
  product_type: { ...PRODUCT_TYPE },
});

/** Canonical order status of a stored one. */
export function canonicalOrderStatus(stored: string): OrderStatus {
  const found = (Object.keys(ORDER_STATUS) as OrderStatus[]).find((k) => ORDER_STATUS[k] === stored);
  return found ?? 'pending';
}

/** How many pictures emporium keeps per record: a product its main picture and a gallery (WooCommerce's image and gallery, up to 20), a variation one. */
export const IMAGES_KEPT: Readonly<Partial<Record<ResourceName, number>>> = { product: 20, product_variation: 1 };
