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
  readonly variation_axes: readonly VariationAxis[];
  readonly shipping_class_names: readonly string[];
  /** Words coupon codes are made from ("SPRING" gives SPRING15-...). */
  readonly coupon_words: readonly string[];
  readonly refund_reasons: readonly string[];
  readonly order_notes: readonly string[];
  readonly price_band?: PriceBand;
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
  'variation_axes',
  'shipping_class_names',
  'coupon_words',
  'refund_reasons',
  'order_notes',
  'price_band',
] as const satisfies readonly (keyof Vocabulary)[];

export type VocabularyField = (typeof VOCABULARY_FIELDS)[number];
