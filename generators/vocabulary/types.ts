/**
 * A vocabulary is the words a shop is built from. Recipes, consented sample data and the built-in
 * defaults all supply (parts of) one; `resolveVocabulary` merges them field by field.
 */

export interface CategoryNode {
  readonly name: string;
  readonly children?: readonly CategoryNode[];
}

export interface VariationAxis {
  /** Attribute name, e.g. "Color". */
  readonly name: string;
  /** Its terms in display order, e.g. ["Red", "Blue"]. */
  readonly values: readonly string[];
}

/** A recipe's price band in major units; the recipe runner passes it on as `price_range`. */
export interface PriceBand {
  readonly min: number;
  readonly max: number;
}

export interface Vocabulary {
  /** Physical product names ("Cotton T-Shirt"); combined with an adjective when there are any. */
  readonly product_names: readonly string[];
  readonly product_adjectives: readonly string[];
  /** Names of downloadable products ("Sourdough Baking eBook"). */
  readonly digital_product_names: readonly string[];
  readonly materials: readonly string[];
  /** Description sentences; `{name}` and `{material}` are filled in. */
  readonly description_sentences: readonly string[];
  readonly category_tree: readonly CategoryNode[];
  readonly brand_names: readonly string[];
  /** Sub-brand lines appended to a parent brand ("Acme" + "Pro"). */
  readonly brand_lines: readonly string[];
  readonly tag_labels: readonly string[];
  /** Names of order labels ("VIP", "Gift"). */
  readonly label_names: readonly string[];
  /** Order label descriptions; `{name}` is filled in. */
  readonly label_descriptions?: readonly string[];
  readonly variation_axes: readonly VariationAxis[];
  readonly shipping_class_names: readonly string[];
  /** Words coupon codes are made from ("SPRING" gives SPRING15-...). */
  readonly coupon_words: readonly string[];
  readonly refund_reasons: readonly string[];
  readonly order_notes: readonly string[];
  readonly price_band?: PriceBand;
  /** How an adjective and a product name make a name; absent: "Adjective Noun" (English order, no agreement). */
  readonly grammar?: NameGrammar;
  /** Brand descriptions; `{name}` is filled in. */
  readonly brand_descriptions?: readonly string[];
  /** Shipping class descriptions; `{name}` is filled in as written, `{name_lower}` in lower case. */
  readonly shipping_class_descriptions?: readonly string[];
  /** Titles of the shipping methods a shipping plan offers (and an order's shipping line where no plan applies). */
  readonly shipping_method_titles?: Readonly<Record<'flat_rate' | 'free_shipping' | 'local_pickup', string>>;
  /** Names of the kinds of tax class. */
  readonly tax_class_names?: Readonly<Record<'standard' | 'reduced' | 'zero', string>>;
  /** Coupon descriptions. */
  readonly coupon_descriptions?: CouponPhrases;
}

/**
 * Agreement and word order for product names: the adjective takes the form of the noun's class
 * (German "Klassischer Becher", "Klassische Kanne", "Klassisches Brett"; French "Tasse classique").
 */
export interface NameGrammar {
  /** Where the adjective stands. */
  readonly adjective_position: 'before' | 'after';
  /** What goes between adjective and noun: a space, or nothing (Japanese, Chinese). */
  readonly separator: string;
  /** Class (gender, number) of each product name; a name not listed takes the listed adjective form. */
  readonly noun_classes: Readonly<Record<string, string>>;
  /** Each adjective of `product_adjectives`: its form per class. */
  readonly adjective_forms: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * Coupon descriptions. Filled in: `{percent}`; `{money}`, the amount off written for the locale (10,00 €), or
 * `{amount}` and `{currency}` (10.00 EUR); in `minimum`, `{label}` (the description without it) and `{minimum}`
 * (written for the locale) or `{minimum_amount}` (25.00).
 */
export interface CouponPhrases {
  readonly percentage: string;
  readonly fixed_cart: string;
  readonly free_shipping: string;
  /** A description with a minimum spend: `{label}` and `{minimum}` (money). */
  readonly minimum: string;
}

export const VOCABULARY_FIELDS = [
  'product_names',
  'product_adjectives',
  'digital_product_names',
  'materials',
  'description_sentences',
  'category_tree',
  'brand_names',
  'brand_lines',
  'tag_labels',
  'label_names',
  'label_descriptions',
  'variation_axes',
  'shipping_class_names',
  'coupon_words',
  'refund_reasons',
  'order_notes',
  'price_band',
  'grammar',
  'brand_descriptions',
  'shipping_class_descriptions',
  'shipping_method_titles',
  'tax_class_names',
  'coupon_descriptions',
] as const satisfies readonly (keyof Vocabulary)[];

export type VocabularyField = (typeof VOCABULARY_FIELDS)[number];
