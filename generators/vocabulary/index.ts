/**
 * Vocabulary lookup: recipe words first, then consented sample data, then the built-in defaults,
 * field by field. Built-in defaults exist per locale; a locale without its own file (or a file
 * without some field) falls back to en_US.
 */
import { EN_US } from './en-us.ts';
import { VOCABULARY_FIELDS, type CategoryNode, type Vocabulary, type VocabularyField } from './types.ts';

export type { CategoryNode, PriceBand, VariationAxis, Vocabulary, VocabularyField } from './types.ts';
export { VOCABULARY_FIELDS } from './types.ts';

/** Built-in vocabularies by locale code. Only en_US ships complete; others may be partial. */
export const BUILTIN_VOCABULARIES: Readonly<Record<string, Partial<Vocabulary>>> = {
  en_US: EN_US,
};

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
  const builtin = BUILTIN_VOCABULARIES[input.locale];
  const layers: [VocabularySource, Partial<Vocabulary> | undefined][] = [
    ['recipe', input.recipe],
    ['sample_data', input.sampleData],
    ['builtin', builtin],
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
  return { vocabulary: out as unknown as Vocabulary, sources };
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
