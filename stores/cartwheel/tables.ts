/** Cartwheel's table names (prefixed `cw_` so several stores can share one site database). */
export const C = Object.freeze({
  sequences: 'cw_sequences',
  taxClasses: 'cw_tax_classes',
  taxRates: 'cw_tax_rates',
  shippingClasses: 'cw_shipping_classes',
  shippingMethods: 'cw_shipping_methods',
  categories: 'cw_categories',
  brands: 'cw_brands',
  attributes: 'cw_attribute_groups',
  attributeTerms: 'cw_attribute_terms',
  products: 'cw_products',
  variations: 'cw_product_variations',
  productCategories: 'cw_product_category_links',
  productBrands: 'cw_product_brand_links',
  variationTerms: 'cw_variation_term_links',
  downloads: 'cw_product_downloads',
  customers: 'cw_customers',
  customerAddresses: 'cw_customer_addresses',
  coupons: 'cw_coupons',
  orders: 'cw_orders',
  orderAddresses: 'cw_order_addresses',
  orderItems: 'cw_order_items',
  orderTaxes: 'cw_order_tax_lines',
  appliedCoupons: 'cw_applied_coupons',
  transactions: 'cw_order_transactions',
  carts: 'cw_carts',
  labels: 'cw_labels',
  labelRelations: 'cw_label_relations',
  subscriptions: 'cw_subscriptions',
  activities: 'cw_activities',
});

/** Every data table cartwheel owns, parents before children. */
export const CARTWHEEL_TABLES: readonly string[] = Object.freeze([
  C.taxClasses, C.taxRates, C.shippingClasses, C.shippingMethods, C.categories, C.brands, C.attributes, C.attributeTerms,
  C.products, C.variations, C.productCategories, C.productBrands, C.variationTerms, C.downloads, C.customers,
  C.customerAddresses, C.coupons, C.orders, C.orderAddresses, C.orderItems, C.orderTaxes, C.appliedCoupons,
  C.transactions, C.carts, C.labels, C.labelRelations, C.subscriptions, C.activities,
]);

const LINKS: readonly string[] = [C.productCategories, C.productBrands, C.variationTerms];
export const CARTWHEEL_SEQUENCED: readonly string[] = CARTWHEEL_TABLES.filter((t) => !LINKS.includes(t));
