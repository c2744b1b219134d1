/**
 * Canonical entities: what generators produce and drivers write. Platform-neutral: money is
 * integer minor units with a `currency`, statuses come from `vocabularies.ts`, dates are ISO 8601
 * UTC strings (`2026-03-14T09:26:53Z`). Every entity has a `key` unique per (seed, resource, row
 * index): `<resource>:<seed>:<index>`.
 */
import type { ResourceName } from './resources.ts';
import type {
  BillingPeriod,
  CardBrand,
  CartStage,
  CoverageArea,
  CustomerType,
  DiscountType,
  FileType,
  LicenceState,
  LogLevel,
  LogSource,
  OrderStatus,
  PaymentMethod,
  ProductStatus,
  ProductType,
  RefundType,
  ShippingType,
  StockStatus,
  SubscriptionStatus,
  TaxType,
  TransactionState,
  TransactionType,
} from './vocabularies.ts';

/**
 * A reference: `{ id }` names an existing record by the id the caller gave in the read-only view;
 * `{ key }` names an entity earlier in the same batch (the writer resolves it after writing that one).
 */
export type Ref = { readonly id: string; readonly key?: never } | { readonly key: string; readonly id?: never };

export interface Address {
  readonly first_name: string;
  readonly last_name: string;
  readonly company: string | null;
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly region: string;
  /** Empty where the country has no postcodes (Hong Kong, Uganda). */
  readonly postcode: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** International format, starting with `+` and the country's calling code. */
  readonly phone: string;
}

interface Keyed {
  readonly key: string;
}

export interface ProductCategoryEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly parent: Ref | null;
  /** 1 for a top-level category. */
  readonly depth: number;
}

export interface ProductTagEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

export interface BrandEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly parent: Ref | null;
  readonly depth: number;
}

export interface AttributeTerm {
  readonly name: string;
  readonly slug: string;
  readonly position: number;
}

export interface AttributeEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly sort_order: 'custom' | 'name';
  readonly terms: readonly AttributeTerm[];
}

export interface ProductAttribute {
  readonly name: string;
  /** The global attribute when the store has one of that name, else null (a product-local attribute). */
  readonly attribute: Ref | null;
  readonly values: readonly string[];
  /** Whether variations are made from it. */
  readonly variation: boolean;
}

export interface Dimensions {
  readonly length_mm: number;
  readonly width_mm: number;
  readonly height_mm: number;
}

/**
 * A picture of a product or variation (generators/images.ts draws it). `file` is its path inside the site's
 * uploads folder; the rest is what it is drawn from, so the same entity gives the same bytes everywhere.
 */
export interface ProductImage {
  readonly file: string;
  /** Where the site serves it (`/sites/{site_id}/uploads/{file}`), set by the pipeline, which knows the site; absent from a bare generator. */
  readonly url?: string;
  readonly alt: string;
  /** The product's main picture (the first); the others are its gallery. */
  readonly main: boolean;
  readonly view: 'front' | 'detail' | 'pattern';
  readonly glyph: string;
  /** #rrggbb */
  readonly colour: string;
  readonly title: string;
  readonly caption: string | null;
  /** The category name drawn as a label. */
  readonly label: string | null;
}

export interface ProductEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly sku: string;
  readonly type: ProductType;
  readonly status: ProductStatus;
  readonly featured: boolean;
  readonly description: string;
  readonly short_description: string;
  readonly currency: string;
  /** For a variable product, the base price its variations are derived from. */
  readonly regular_price_minor: number;
  /** Always below the regular price when set. */
  readonly sale_price_minor: number | null;
  readonly virtual: boolean;
  readonly downloadable: boolean;
  readonly manage_stock: boolean;
  readonly stock_quantity: number | null;
  readonly stock_status: StockStatus;
  readonly weight_grams: number | null;
  readonly dimensions: Dimensions | null;
  readonly categories: readonly Ref[];
  readonly tags: readonly Ref[];
  readonly brand: Ref | null;
  readonly attributes: readonly ProductAttribute[];
  readonly created_at: string;
  /** Its pictures, main first; empty when `images` is off. */
  readonly images: readonly ProductImage[];
}

export interface ProductVariationEntity extends Keyed {
  readonly product: Ref;
  readonly sku: string;
  /** Attribute name to term, one per varied axis. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly currency: string;
  /** Never zero or negative. */
  readonly regular_price_minor: number;
  readonly sale_price_minor: number | null;
  readonly manage_stock: boolean;
  readonly stock_quantity: number | null;
  readonly stock_status: StockStatus;
  readonly weight_grams: number | null;
  readonly created_at: string;
  /** Its picture (one); empty when `images` is off. */
  readonly images: readonly ProductImage[];
}

export interface ProductDownloadEntity extends Keyed {
  readonly product: Ref;
  readonly name: string;
  readonly file_name: string;
  readonly file_type: FileType;
  readonly mime_type: string;
  readonly url: string;
  readonly file_size_bytes: number;
  /** Null: unlimited downloads. */
  readonly download_limit: number | null;
  /** Days after purchase the link keeps working; null: never expires. */
  readonly download_expiry_days: number | null;
}

export interface CustomerEntity extends Keyed {
  readonly email: string;
  readonly username: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly type: CustomerType;
  readonly company: string | null;
  readonly phone: string;
  readonly locale: string;
  readonly billing: Address;
  /** Null when the customer ships to the billing address. */
  readonly shipping: Address | null;
  readonly marketing_opt_in: boolean;
  readonly created_at: string;
}

export interface CouponEntity extends Keyed {
  readonly code: string;
  readonly description: string;
  readonly discount_type: DiscountType;
  /** Percent off, for `percentage` coupons. */
  readonly amount_percent: number | null;
  /** Amount off, for `fixed_cart` coupons. */
  readonly amount_minor: number | null;
  readonly currency: string;
  readonly minimum_spend_minor: number | null;
  /** Null: unlimited. */
  readonly usage_limit: number | null;
  /** Null: unlimited; never above `usage_limit`. */
  readonly usage_limit_per_user: number | null;
  readonly individual_use: boolean;
  readonly starts_at: string;
  readonly expires_at: string;
}

export interface ShippingClassEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

export interface ShippingMethodEntity {
  readonly type: ShippingType;
  readonly title: string;
  /** Null for free shipping. */
  readonly cost_minor: number | null;
  readonly currency: string;
  /** Free shipping from this order amount; null: no minimum. */
  readonly min_amount_minor: number | null;
  readonly delivery_days: { readonly min: number; readonly max: number };
  readonly class_costs: readonly { readonly shipping_class: Ref; readonly cost_minor: number }[];
}

export interface ShippingPlanEntity extends Keyed {
  readonly name: string;
  readonly coverage: CoverageArea;
  /** ISO country codes; empty with `rest_of_world` for a worldwide plan. */
  readonly countries: readonly string[];
  /** Regions of the single country in `countries` when the plan covers only part of it. */
  readonly regions: readonly string[];
  readonly rest_of_world: boolean;
  readonly methods: readonly ShippingMethodEntity[];
}

export interface TaxRateEntity {
  readonly country: string;
  readonly region: string | null;
  readonly postcode: string | null;
  readonly name: string;
  readonly rate_percent: number;
  readonly priority: number;
  readonly compound: boolean;
  readonly shipping: boolean;
}

export interface TaxClassEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  readonly type: TaxType;
  readonly rates: readonly TaxRateEntity[];
}

export interface OrderLine {
  readonly product: Ref;
  readonly variation: Ref | null;
  readonly name: string;
  readonly sku: string | null;
  readonly quantity: number;
  readonly unit_price_minor: number;
  /** quantity × unit price. */
  readonly subtotal_minor: number;
  readonly discount_minor: number;
  /** subtotal − discount. */
  readonly total_minor: number;
  readonly tax_minor: number;
}

export interface OrderShippingLine {
  readonly method: ShippingType;
  readonly title: string;
  readonly total_minor: number;
  readonly tax_minor: number;
}

export interface OrderCouponLine {
  readonly coupon: Ref;
  readonly code: string;
  readonly discount_minor: number;
  readonly free_shipping: boolean;
}

export interface OrderTaxSummary {
  readonly rate: Ref | null;
  readonly label: string;
  readonly rate_percent: number;
  readonly tax_minor: number;
  readonly shipping_tax_minor: number;
}

export interface OrderEntity extends Keyed {
  readonly status: OrderStatus;
  readonly currency: string;
  readonly customer: Ref | null;
  readonly email: string;
  readonly billing: Address;
  /** Null for an order without anything to ship. */
  readonly shipping: Address | null;
  readonly lines: readonly OrderLine[];
  readonly shipping_lines: readonly OrderShippingLine[];
  readonly coupon_lines: readonly OrderCouponLine[];
  readonly tax_lines: readonly OrderTaxSummary[];
  /** Sum of the lines' subtotals. */
  readonly subtotal_minor: number;
  readonly discount_total_minor: number;
  readonly shipping_total_minor: number;
  readonly tax_total_minor: number;
  /** subtotal − discount + shipping + tax. */
  readonly total_minor: number;
  readonly payment_method: PaymentMethod;
  readonly payment_method_title: string;
  readonly paid: boolean;
  readonly customer_note: string | null;
  readonly created_at: string;
  /** Only on paid statuses. */
  readonly paid_at: string | null;
  readonly completed_at: string | null;
}

export interface OrderTaxLineEntity extends Keyed {
  readonly order: Ref;
  readonly rate: Ref | null;
  readonly label: string;
  readonly rate_percent: number;
  readonly compound: boolean;
  readonly currency: string;
  /** Tax contained in the order's items (the order's total is not changed). */
  readonly tax_minor: number;
  readonly shipping_tax_minor: number;
}

export interface TransactionEntity extends Keyed {
  readonly order: Ref;
  readonly type: TransactionType;
  readonly state: TransactionState;
  readonly amount_minor: number;
  readonly currency: string;
  readonly payment_method: PaymentMethod;
  readonly gateway_reference: string;
  readonly card: { readonly brand: CardBrand; readonly last4: string } | null;
  readonly failure_reason: string | null;
  /** Never before the order was created. */
  readonly created_at: string;
}

export interface RefundEntity extends Keyed {
  readonly order: Ref;
  readonly type: RefundType;
  /** Never more than what was paid and not yet refunded. */
  readonly amount_minor: number;
  readonly currency: string;
  readonly reason: string;
  readonly restock_items: boolean;
  readonly created_at: string;
}

export interface CartItem {
  readonly product: Ref;
  readonly variation: Ref | null;
  readonly name: string;
  readonly quantity: number;
  readonly unit_price_minor: number;
  readonly total_minor: number;
}

export interface CartSessionEntity extends Keyed {
  readonly stage: CartStage;
  /** Null for a guest cart. */
  readonly customer: Ref | null;
  /** A guest's email when captured at checkout; the customer's email otherwise. */
  readonly email: string | null;
  readonly session_token: string;
  readonly currency: string;
  readonly items: readonly CartItem[];
  readonly subtotal_minor: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly abandoned_at: string | null;
  readonly converted_at: string | null;
}

export interface LabelEntity extends Keyed {
  readonly name: string;
  readonly slug: string;
  /** `#rrggbb`. */
  readonly color: string;
  readonly description: string;
}

export interface SubscriptionLine {
  readonly product: Ref;
  readonly name: string;
  readonly quantity: number;
  readonly unit_price_minor: number;
  readonly total_minor: number;
}

export interface SubscriptionEntity extends Keyed {
  readonly customer: Ref;
  /** The paid order it was bought with (its customer's, selling its products, before it); null when no order sold one. */
  readonly order: Ref | null;
  readonly status: SubscriptionStatus;
  readonly billing_period: BillingPeriod;
  readonly billing_interval: number;
  readonly currency: string;
  readonly lines: readonly SubscriptionLine[];
  readonly recurring_total_minor: number;
  readonly payment_method: PaymentMethod;
  readonly created_at: string;
  /** Null while pending. */
  readonly start_at: string | null;
  readonly trial_end_at: string | null;
  /** Only for subscriptions that will bill again (active, on hold). */
  readonly next_payment_at: string | null;
  readonly cancelled_at: string | null;
  readonly end_at: string | null;
}

export interface LicenceActivation {
  readonly site_url: string;
  readonly activated_at: string;
}

export interface LicenceEntity extends Keyed {
  readonly licence_key: string;
  readonly product: Ref;
  readonly order: Ref | null;
  readonly customer: Ref | null;
  readonly state: LicenceState;
  readonly site_limit: number;
  /** Never more entries than `site_limit`. */
  readonly activations: readonly LicenceActivation[];
  readonly created_at: string;
  /** Null: a lifetime licence. */
  readonly expires_at: string | null;
}

export interface LogEntity extends Keyed {
  readonly level: LogLevel;
  readonly source: LogSource;
  readonly message: string;
  readonly context: Readonly<Record<string, string | number | boolean | null>>;
  readonly created_at: string;
}

export interface EntityByResource {
  product_category: ProductCategoryEntity;
  product_tag: ProductTagEntity;
  brand: BrandEntity;
  attribute: AttributeEntity;
  product: ProductEntity;
  product_variation: ProductVariationEntity;
  product_download: ProductDownloadEntity;
  customer: CustomerEntity;
  coupon: CouponEntity;
  shipping_class: ShippingClassEntity;
  shipping_plan: ShippingPlanEntity;
  tax_class: TaxClassEntity;
  order: OrderEntity;
  order_tax_line: OrderTaxLineEntity;
  transaction: TransactionEntity;
  refund: RefundEntity;
  cart_session: CartSessionEntity;
  label: LabelEntity;
  subscription: SubscriptionEntity;
  licence: LicenceEntity;
  log: LogEntity;
}

// Fails to compile if the map above misses a resource or names one that does not exist.
type _EveryResourceHasAnEntity = [ResourceName] extends [keyof EntityByResource]
  ? [keyof EntityByResource] extends [ResourceName]
    ? true
    : never
  : never;
export const ENTITY_MAP_IS_COMPLETE: _EveryResourceHasAnEntity = true;

export type CanonicalEntity = EntityByResource[ResourceName];

/** The key of row `index` of `resource` for `seed`. */
export function entityKey(resource: ResourceName, seed: string, index: number): string {
  return `${resource}:${seed}:${index}`;
}
