/**
 * Helpers for the language files: product nouns listed by class (gender, number) and adjectives with a
 * form per class become `product_names`, `product_adjectives` and the `grammar` that joins them.
 */
import type { NameGrammar, Vocabulary } from '../types.ts';

export interface InflectedWords {
  /** Where the adjective stands. */
  readonly position: 'before' | 'after';
  /** Between adjective and noun; a space unless given. */
  readonly separator?: string;
  /** The classes in the order each adjective lists its forms ("m", "f", "n"). */
  readonly classes: readonly string[];
  /** Product nouns by class. */
  readonly nouns: Readonly<Record<string, readonly string[]>>;
  /** Each adjective: one form per class, in `classes` order. */
  readonly adjectives: readonly (readonly string[])[];
}

/** Product names, adjectives and the grammar joining them, from nouns by class and adjectives by form. */
export function inflected(words: InflectedWords): Pick<Vocabulary, 'product_names' | 'product_adjectives' | 'grammar'> {
  const noun_classes: Record<string, string> = {};
  const product_names: string[] = [];
  for (const cls of words.classes) {
    for (const noun of words.nouns[cls] ?? []) {
      if (Object.hasOwn(noun_classes, noun)) throw new Error(`noun "${noun}" listed twice`);
      noun_classes[noun] = cls;
      product_names.push(noun);
    }
  }
  const adjective_forms: Record<string, Record<string, string>> = {};
  const product_adjectives: string[] = [];
  for (const forms of words.adjectives) {
    if (forms.length !== words.classes.length) throw new Error(`adjective "${forms[0]}" needs ${words.classes.length} forms`);
    const lemma = forms[0]!;
    adjective_forms[lemma] = Object.fromEntries(words.classes.map((c, i) => [c, forms[i]!]));
    product_adjectives.push(lemma);
  }
  const grammar: NameGrammar = { adjective_position: words.position, separator: words.separator ?? ' ', noun_classes, adjective_forms };
  return { product_names, product_adjectives, grammar };
}

/** Words that do not inflect (Turkish, Japanese, Chinese, Korean): one class. */
export function invariable(
  position: 'before' | 'after',
  separator: string,
  nouns: readonly string[],
  adjectives: readonly string[],
): Pick<Vocabulary, 'product_names' | 'product_adjectives' | 'grammar'> {
  return inflected({ position, separator, classes: ['x'], nouns: { x: nouns }, adjectives: adjectives.map((a) => [a]) });
}

/** Clothing sizes, written alike in every language. */
export const SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
