/**
 * Vocabulary lookup: recipe words first, then consented sample data, then the built-in defaults,
 * field by field. Built-in defaults exist per language (one file each under languages/); every locale
 * of a language uses its file, and a locale whose language has none (or a field a file lacks) falls
 * back to en_US.
 */
import { capitalise } from '../text.ts';
import { EN_US } from './en-us.ts';
import { LANGUAGE_VOCABULARIES, SCRIPT_VOCABULARIES, scriptOf } from './languages/index.ts';
import { VOCABULARY_FIELDS, type CategoryNode, type Vocabulary, type VocabularyField } from './types.ts';

export type { CategoryNode, CouponPhrases, NameGrammar, PriceBand, VariationAxis, Vocabulary, VocabularyField } from './types.ts';
export { VOCABULARY_FIELDS } from './types.ts';

/** Built-in vocabularies: en_US, one per language by its code (de, fr, ja...), and per language and script (zh_Hant). */
export const BUILTIN_VOCABULARIES: Readonly<Record<string, Partial<Vocabulary>>> = {
  en_US: EN_US,
  ...LANGUAGE_VOCABULARIES,
  ...SCRIPT_VOCABULARIES,
};

/** The language part of a locale code: de_AT gives de, sr_Latn_RS gives sr. */
function languageOf(locale: string): string {
  return (locale.split(/[_-]/)[0] ?? '').toLowerCase();
}

/**
 * Which built-in vocabulary a locale's words come from: `en_US` for English locales, the language and script
 * when its script has a file (zh_TW, zh_HK: `zh_Hant`), the language's code when there is a file for it (every
 * German locale: `de`), else `en_US` (the fallback).
 */
export function builtinVocabularyId(locale: string): string {
  const language = languageOf(locale);
  const script = scriptOf(locale);
  if (script !== null && Object.hasOwn(SCRIPT_VOCABULARIES, `${language}_${script}`)) return `${language}_${script}`;
  return language !== 'en' && Object.hasOwn(LANGUAGE_VOCABULARIES, language) ? language : 'en_US';
}

export type VocabularySource = 'recipe' | 'sample_data' | 'builtin' | 'builtin_en_US';

export interface VocabularyInput {
  readonly locale: string;
  readonly recipe?: Partial<Vocabulary> | undefined;
  readonly sampleData?: Partial<Vocabulary> | undefined;
}

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function isCategoryNode(v: unknown): v is CategoryNode {
  if (typeof v !== 'object' || v === null) return false;
  const n = v as Record<string, unknown>;
  return isNonEmptyString(n.name) && (n.children === undefined || (Array.isArray(n.children) && n.children.every(isCategoryNode)));
}

/** Whether a source's value for `field` is usable; an empty or malformed value falls through. */
function usable(field: VocabularyField, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (field) {
    case 'category_tree':
      return Array.isArray(value) && value.length > 0 && value.every(isCategoryNode);
    case 'variation_axes':
      return (
        Array.isArray(value) &&
        value.length > 0 &&
        value.every(
          (a: unknown) =>
            typeof a === 'object' &&
            a !== null &&
            isNonEmptyString((a as Record<string, unknown>).name) &&
            Array.isArray((a as Record<string, unknown>).values) &&
            ((a as Record<string, unknown>).values as unknown[]).length > 0 &&
            ((a as Record<string, unknown>).values as unknown[]).every(isNonEmptyString),
        )
      );
    case 'price_band': {
      const b = value as Record<string, unknown>;
      return typeof b.min === 'number' && typeof b.max === 'number' && b.min >= 0 && b.min <= b.max;
    }
    case 'grammar': {
      const g = value as Record<string, unknown>;
      return (
        typeof g === 'object' &&
        (g.adjective_position === 'before' || g.adjective_position === 'after') &&
        typeof g.separator === 'string' &&
        typeof g.noun_classes === 'object' &&
        g.noun_classes !== null &&
        typeof g.adjective_forms === 'object' &&
        g.adjective_forms !== null
      );
    }
    case 'shipping_method_titles': {
      const t = value as Record<string, unknown>;
      return typeof t === 'object' && ['flat_rate', 'free_shipping', 'local_pickup'].every((k) => isNonEmptyString(t[k]));
    }
    case 'tax_class_names': {
      const t = value as Record<string, unknown>;
      return typeof t === 'object' && ['standard', 'reduced', 'zero'].every((k) => isNonEmptyString(t[k]));
    }
    case 'coupon_descriptions': {
      const c = value as Record<string, unknown>;
      return typeof c === 'object' && ['percentage', 'fixed_cart', 'free_shipping', 'minimum'].every((k) => isNonEmptyString(c[k]));
    }
    case 'product_adjectives':
      // An empty adjective list is a deliberate choice (plain product names), so it counts.
      return Array.isArray(value) && value.every(isNonEmptyString);
    default:
      return Array.isArray(value) && value.length > 0 && value.every(isNonEmptyString);
  }
}

/** The vocabulary and, per field, where it came from. */
export function resolveVocabularyWithSources(input: VocabularyInput): {
  vocabulary: Vocabulary;
  sources: Record<VocabularyField, VocabularySource | null>;
} {
  const id = builtinVocabularyId(input.locale);
  const layers: [VocabularySource, Partial<Vocabulary> | undefined][] = [
    ['recipe', input.recipe],
    ['sample_data', input.sampleData],
    ['builtin', id === 'en_US' && languageOf(input.locale) !== 'en' ? undefined : BUILTIN_VOCABULARIES[id]],
  ];
  if (input.locale !== 'en_US') layers.push(['builtin_en_US', EN_US]);
  const out: Record<string, unknown> = {};
  const sources = {} as Record<VocabularyField, VocabularySource | null>;
  for (const field of VOCABULARY_FIELDS) {
    sources[field] = null;
    for (const [source, layer] of layers) {
      const value = layer?.[field];
      if (usable(field, value)) {
        out[field] = value;
        sources[field] = source;
        break;
      }
    }
  }
  // Agreement rules belong to the words they were written for: product names or adjectives from another
  // source (a recipe's English words over German grammar) are joined plainly.
  if (out.grammar !== undefined && (sources.grammar !== sources.product_names || sources.grammar !== sources.product_adjectives)) {
    delete out.grammar;
    sources.grammar = null;
  }
  return { vocabulary: out as unknown as Vocabulary, sources };
}

/**
 * A product name from an adjective and a noun, in the vocabulary's word order, with the adjective in the
 * noun's class ("Klassischer Becher", "Tasse classique", "北欧風マグカップ"); without grammar, "Adjective Noun".
 */
export function productName(vocabulary: Vocabulary, adjective: string, noun: string): string {
  const g = vocabulary.grammar;
  if (!g) return `${adjective} ${noun}`;
  const cls = g.noun_classes[noun];
  const form = (cls === undefined ? undefined : g.adjective_forms[adjective]?.[cls]) ?? adjective;
  return capitalise(g.adjective_position === 'before' ? `${form}${g.separator}${noun}` : `${noun}${g.separator}${form}`);
}

/** Recipe words, then sample data, then built-in defaults (locale, then en_US), per field. */
export function resolveVocabulary(input: VocabularyInput): Vocabulary {
  return resolveVocabularyWithSources(input).vocabulary;
}

/** Every category name of a tree, depth first. */
export function flattenCategoryNames(tree: readonly CategoryNode[]): string[] {
  const names: string[] = [];
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const n of nodes) {
      names.push(n.name);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return names;
}
