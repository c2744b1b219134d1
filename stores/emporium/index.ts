/** Emporium, the WooCommerce-like store: its plugin, its service key and its object layer's public types. */
export { EmporiumPlugin } from './plugin.ts';
export { EMPORIUM } from './service.ts';
export { EmporiumStore } from './store.ts';
export { EMPORIUM_TABLES } from './tables.ts';
export {
  ORDER_STATUSES, PRODUCT_STATUSES, STOCK_STATUSES, TAX_STATUSES, COUPON_TYPES, SHIPPING_METHOD_TYPES, ZONE_LOCATION_TYPES, LOG_LEVELS,
  type OrderStatus, type ProductStatus, type StockStatus, type TaxStatus, type CouponType, type ShippingMethodType, type ZoneLocationType, type LogLevel,
} from './statuses.ts';
export type { Address, AddressRecord } from './address.ts';
export type { ProductInput, VariationInput, ProductRecord, DownloadInput, DownloadRecord, ImageInput, ImageRecord } from './catalog/products.ts';
export type { DownloadCreate, DownloadFileRecord } from './catalog/downloads.ts';
export type { OrderTaxLineCreate, OrderTaxLineRecord } from './sales/order-tax-lines.ts';
export type { AttributeInput, AttributeTermInput, AttributeTermCreate, AttributeRecord, AttributeTermRecord } from '../common/attributes.ts';
export type { CustomerInput, CustomerRecord } from './people/customers.ts';
export type { CouponInput, CouponRecord } from './sales/coupons.ts';
export type {
  OrderInput, OrderRecord, OrderLineInput, ShippingLineInput, FeeLineInput, CouponLineInput, TaxLineInput,
  OrderLineRecord, ShippingLineRecord, FeeLineRecord, CouponLineRecord, TaxLineRecord,
} from './sales/orders.ts';
export type { RefundInput, RefundLineInput, RefundRecord } from './sales/refunds.ts';
export type { DownloadPermissionInput, DownloadPermissionRecord } from './sales/download-permissions.ts';
export type { SessionInput, SessionRecord, CartLineInput } from './sales/sessions.ts';
export type { ShippingZoneInput, ShippingZoneRecord, ZoneLocationInput, ZoneMethodInput } from './settings/shipping-zones.ts';
export type { TaxRateInput, TaxRateRecord } from '../common/tax-rates.ts';
export type { LogEntryInput, LogEntryRecord } from './settings/log.ts';
export type { TermInput, TermRecord } from '../common/taxonomy.ts';
