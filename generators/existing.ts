/**
 * The read-only view of records already in the store that generators may refer to. The caller
 * (the controller, through the driver) fetches each kind a generator `needs` once per request and
 * passes plain arrays; generators never query anything themselves.
 */
import type { Address } from './entities.ts';
import type { ResourceName } from './resources.ts';
import type {
  DiscountType,
  OrderStatus,
  ProductType,
  ShippingType,
  TransactionState,
  TransactionType,
} from './vocabularies.ts';

export interface ExistingTerm {
  readonly id: string;
  readonly name: string;
  readonly slug?: string;
  readonly parent_id?: string | null;
}

export interface ExistingAttribute {
  readonly id: string;
  readonly name: string;
  readonly terms: readonly { readonly id?: string; readonly name: string }[];
}

export interface ExistingProduct {
  readonly id: string;
  readonly name: string;
  readonly type: ProductType;
  /** Current selling price; for a variable product its base price. */
  readonly price_minor: number;
  readonly sku?: string | null;
  /** For variable products: the axes their variations are made from. */
  readonly attributes?: readonly { readonly name: string; readonly values: readonly string[] }[];
  /** Whether the product is sold as a subscription. */
  readonly subscription?: boolean;
}

export interface ExistingVariation {
  readonly id: string;
  readonly product_id: string;
  readonly price_minor: number;
  readonly sku?: string | null;
  readonly attributes?: Readonly<Record<string, string>>;
}

export interface ExistingCustomer {
  readonly id: string;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  /** ISO 3166-1 alpha-2 of the billing address, when known. */
  readonly country?: string | null;
  readonly billing?: Address | null;
}

export interface ExistingCoupon {
  readonly id: string;
  readonly code: string;
  readonly discount_type: DiscountType;
  readonly amount_percent?: number | null;
  readonly amount_minor?: number | null;
  readonly minimum_spend_minor?: number | null;
  /** When the coupon becomes usable (ISO); absent or null: already usable. */
  readonly starts_at?: string | null;
  /** When it stops being usable (ISO); absent or null: never expires. */
  readonly expires_at?: string | null;
  /** Uses it has left in all; absent or null: no limit. */
  readonly uses_left?: number | null;
  /** How many times one customer may use it; absent or null: no limit. */
  readonly per_customer_limit?: number | null;
  /** Its uses so far by customer id (guests left out). */
  readonly used_by?: Readonly<Record<string, number>>;
}

export interface ExistingShippingPlan {
  readonly id: string;
  readonly name: string;
  readonly countries: readonly string[];
  readonly rest_of_world?: boolean;
  readonly methods: readonly {
    readonly type: ShippingType;
    readonly title: string;
    readonly cost_minor: number | null;
    readonly min_amount_minor?: number | null;
  }[];
}

export interface ExistingTaxClass {
  readonly id: string;
  readonly name: string;
  readonly slug?: string;
}

export interface ExistingTaxRate {
  readonly id: string;
  /** Null for the standard class. */
  readonly tax_class_id: string | null;
  readonly country: string;
  readonly name: string;
  readonly rate_percent: number;
  readonly compound?: boolean;
  readonly shipping?: boolean;
}

export interface ExistingOrder {
  readonly id: string;
  readonly status: OrderStatus;
  readonly currency: string;
  readonly total_minor: number;
  readonly shipping_minor?: number;
  readonly paid: boolean;
  /** Already refunded; refunds never take the order past what was paid. */
  readonly refunded_minor?: number;
  readonly created_at: string;
  /** The products its lines sell (absent: not known); a licence or subscription tied to it is for one of them. */
  readonly product_ids?: readonly string[];
  /** What its completed charges hold; absent: the store keeps no payments apart from the order. */
  readonly charged_minor?: number;
  /** When it was completed (ISO); absent or null: not completed. A refund comes after it. */
  readonly completed_at?: string | null;
  readonly customer_id: string | null;
  readonly country?: string | null;
}

export interface ExistingTransaction {
  readonly id: string;
  readonly order_id: string;
  readonly type: TransactionType;
  readonly state: TransactionState;
  readonly amount_minor: number;
  readonly created_at: string;
}

export interface ExistingRecords {
  readonly product_categories: readonly ExistingTerm[];
  readonly product_tags: readonly ExistingTerm[];
  readonly brands: readonly ExistingTerm[];
  readonly attributes: readonly ExistingAttribute[];
  readonly products: readonly ExistingProduct[];
  readonly variations: readonly ExistingVariation[];
  readonly customers: readonly ExistingCustomer[];
  readonly coupons: readonly ExistingCoupon[];
  readonly shipping_classes: readonly ExistingTerm[];
  readonly shipping_plans: readonly ExistingShippingPlan[];
  readonly tax_classes: readonly ExistingTaxClass[];
  readonly tax_rates: readonly ExistingTaxRate[];
  readonly orders: readonly ExistingOrder[];
  readonly transactions: readonly ExistingTransaction[];
  readonly labels: readonly ExistingTerm[];
}

export type ExistingKind = keyof ExistingRecords;

/** Each kind, and the resource whose generator creates it (named in "generate X first" errors). */
export const EXISTING_KINDS: Readonly<Record<ExistingKind, ResourceName>> = {
  product_categories: 'product_category',
  product_tags: 'product_tag',
  brands: 'brand',
  attributes: 'attribute',
  products: 'product',
  variations: 'product_variation',
  customers: 'customer',
  coupons: 'coupon',
  shipping_classes: 'shipping_class',
  shipping_plans: 'shipping_plan',
  tax_classes: 'tax_class',
  tax_rates: 'tax_class',
  orders: 'order',
  transactions: 'transaction',
  labels: 'label',
};

export function emptyExisting(): ExistingRecords {
  return {
    product_categories: [],
    product_tags: [],
    brands: [],
    attributes: [],
    products: [],
    variations: [],
    customers: [],
    coupons: [],
    shipping_classes: [],
    shipping_plans: [],
    tax_classes: [],
    tax_rates: [],
    orders: [],
    transactions: [],
    labels: [],
  };
}

/** A full view from the kinds the caller fetched; the others are empty. */
export function existingRecords(partial: Partial<ExistingRecords> = {}): ExistingRecords {
  return { ...emptyExisting(), ...partial };
}
