/** Emporium's table names (prefixed `emp_` so several stores can share one site database). */
export const T = Object.freeze({
  sequences: 'emp_sequences',
  taxClasses: 'emp_tax_classes',
  taxRates: 'emp_tax_rates',
  shippingClasses: 'emp_shipping_classes',
  shippingZones: 'emp_shipping_zones',
  zoneLocations: 'emp_shipping_zone_locations',
  zoneMethods: 'emp_shipping_zone_methods',
  categories: 'emp_product_categories',
  tags: 'emp_product_tags',
  brands: 'emp_brands',
  attributes: 'emp_attributes',
  attributeTerms: 'emp_attribute_terms',
  products: 'emp_products',
  productCategories: 'emp_product_category_links',
  productTags: 'emp_product_tag_links',
  productBrands: 'emp_product_brand_links',
  productTerms: 'emp_product_term_links',
  downloads: 'emp_product_downloads',
  images: 'emp_product_images',
  customers: 'emp_customers',
  customerAddresses: 'emp_customer_addresses',
  coupons: 'emp_coupons',
  orders: 'emp_orders',
  orderAddresses: 'emp_order_addresses',
  orderItems: 'emp_order_items',
  refunds: 'emp_refunds',
  refundItems: 'emp_refund_items',
  downloadPermissions: 'emp_download_permissions',
  sessions: 'emp_sessions',
  log: 'emp_log',
});

/** Every data table emporium owns, parents before children (the order a purge would reverse). */
export const EMPORIUM_TABLES: readonly string[] = Object.freeze([
  T.taxClasses, T.taxRates, T.shippingClasses, T.shippingZones, T.zoneLocations, T.zoneMethods,
  T.categories, T.tags, T.brands, T.attributes, T.attributeTerms, T.products, T.productCategories,
  T.productTags, T.productBrands, T.productTerms, T.downloads, T.images, T.customers, T.customerAddresses,
  T.coupons, T.orders, T.orderAddresses, T.orderItems, T.refunds, T.refundItems, T.downloadPermissions,
  T.sessions, T.log,
]);

/** The tables given ids from the sequence table. */
export const EMPORIUM_SEQUENCED: readonly string[] = EMPORIUM_TABLES.filter(
  (t) => !([T.productCategories, T.productTags, T.productBrands, T.productTerms] as string[]).includes(t),
);
