/** Emporium's own spellings (WooCommerce's, without the `wc-` prefix). */

export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PRODUCT_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const TAX_STATUSES = ['taxable', 'shipping', 'none'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

export const COUPON_TYPES = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const SHIPPING_METHOD_TYPES = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
export type ShippingMethodType = (typeof SHIPPING_METHOD_TYPES)[number];

export const ZONE_LOCATION_TYPES = ['country', 'state', 'postcode', 'continent'] as const;
export type ZoneLocationType = (typeof ZONE_LOCATION_TYPES)[number];

/** WC_Log_Levels, most to least severe. */
export const LOG_LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Default currency when an order names none. */
export const DEFAULT_CURRENCY = 'USD';
