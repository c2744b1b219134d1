/**
 * The one list of generated resources, in dependency order: a resource only ever refers to
 * resources listed before it. Cleanup walks this list in reverse, so children go before parents.
 * Every other module (REST routes, CLI commands, MCP tools, ledger cleanup) reads this list.
 */

export interface ResourceDef {
  /** Canonical name, used in hook names, the ledger and entity keys. */
  readonly name: string;
  /** REST segment: `{rest_root}/seeder/v1/{base}/generate`. */
  readonly base: string;
  /** Human label, plural. */
  readonly label: string;
  /** Human label, singular. */
  readonly singular: string;
  /** Earlier names that shipped and still resolve to this resource. */
  readonly aliases?: readonly string[];
}

export const RESOURCES = [
  { name: 'product_category', base: 'product-categories', label: 'Product categories', singular: 'Product category' },
  { name: 'product_tag', base: 'product-tags', label: 'Product tags', singular: 'Product tag' },
  { name: 'brand', base: 'brands', label: 'Brands', singular: 'Brand' },
  { name: 'attribute', base: 'attributes', label: 'Attributes', singular: 'Attribute' },
  { name: 'product', base: 'products', label: 'Products', singular: 'Product' },
  { name: 'product_variation', base: 'product-variations', label: 'Product variations', singular: 'Product variation' },
  { name: 'product_download', base: 'product-downloads', label: 'Product downloads', singular: 'Product download' },
  { name: 'customer', base: 'customers', label: 'Customers', singular: 'Customer' },
  { name: 'coupon', base: 'coupons', label: 'Coupons', singular: 'Coupon' },
  { name: 'shipping_class', base: 'shipping-classes', label: 'Shipping classes', singular: 'Shipping class' },
  // Shipping plans were called shipping methods before; the deprecated result filter keeps that name.
  {
    name: 'shipping_plan',
    base: 'shipping-plans',
    label: 'Shipping plans',
    singular: 'Shipping plan',
    aliases: ['shipping_method', 'shipping-methods'],
  },
  { name: 'tax_class', base: 'tax-classes', label: 'Tax classes', singular: 'Tax class' },
  { name: 'order', base: 'orders', label: 'Orders', singular: 'Order' },
  { name: 'order_tax_line', base: 'order-tax-lines', label: 'Order tax lines', singular: 'Order tax line' },
  { name: 'transaction', base: 'transactions', label: 'Transactions', singular: 'Transaction' },
  { name: 'refund', base: 'refunds', label: 'Refunds', singular: 'Refund' },
  { name: 'cart_session', base: 'cart-sessions', label: 'Cart sessions', singular: 'Cart session' },
  { name: 'label', base: 'labels', label: 'Labels', singular: 'Label' },
  { name: 'subscription', base: 'subscriptions', label: 'Subscriptions', singular: 'Subscription' },
  { name: 'licence', base: 'licences', label: 'Licences', singular: 'Licence' },
  { name: 'log', base: 'logs', label: 'Logs', singular: 'Log' },
] as const satisfies readonly ResourceDef[];

export type ResourceName = (typeof RESOURCES)[number]['name'];
export type ResourceBase = (typeof RESOURCES)[number]['base'];

export const RESOURCE_NAMES: readonly ResourceName[] = RESOURCES.map((r) => r.name);

type AnyResource = (typeof RESOURCES)[number];

const byName = new Map<string, AnyResource>(RESOURCES.map((r) => [r.name, r]));
const byBase = new Map<string, AnyResource>(RESOURCES.map((r) => [r.base, r]));

/** Every accepted spelling, folded: lower case, `-` read as `_`. */
const byFolded = new Map<string, AnyResource>();
for (const r of RESOURCES) {
  const spellings: readonly string[] = [r.name, r.base, ...('aliases' in r ? r.aliases : [])];
  for (const s of spellings) byFolded.set(fold(s), r);
}

function fold(input: string): string {
  return input.trim().toLowerCase().replace(/-/g, '_');
}

export function isResourceName(input: unknown): input is ResourceName {
  return typeof input === 'string' && byName.has(input);
}

export function resourceByName(name: string): AnyResource | undefined {
  return byName.get(name);
}

export function resourceByBase(base: string): AnyResource | undefined {
  return byBase.get(base);
}

/**
 * Accepts the canonical name (`product_category`), the REST base (`product-categories`), either
 * with `_` and `-` swapped, in any case, and the aliases of renamed resources. Undefined when unknown.
 */
export function normaliseResourceName(input: string): ResourceName | undefined {
  if (typeof input !== 'string') return undefined;
  return byFolded.get(fold(input))?.name;
}

/** The order in which cleanup removes generated records: children before parents. */
export function cleanupOrder(): ResourceName[] {
  return [...RESOURCE_NAMES].reverse();
}
