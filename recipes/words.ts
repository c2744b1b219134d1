/**
 * Validation of a words file (one locale of a recipe, or one locale of sample data): a JSON object of
 * vocabulary fields. Strict on purpose: an unknown field is most likely a typo that would otherwise
 * silently fall back to the built-in words, so the file is refused with the field named.
 */
import { VOCABULARY_FIELDS, type CategoryNode, type VariationAxis } from '../generators/vocabulary/index.ts';
import type { RecipeWords } from './types.ts';

/**
 * Fields a words file may carry: the vocabulary's lists and trees, without the price band (a recipe's band is in
 * its manifest) and without the structured fields of the built-in languages (grammar, tax class and coupon wording).
 */
const NOT_IN_WORDS_FILES: ReadonlySet<string> = new Set(['price_band', 'grammar', 'tax_class_names', 'coupon_descriptions']);
export const WORD_FIELDS = VOCABULARY_FIELDS.filter((f) => !NOT_IN_WORDS_FILES.has(f));

/** Descriptive keys a file may carry besides words; ignored. */
const META_FIELDS = new Set(['$schema', 'locale', 'version', 'attribution', 'license']);

const MAX_LIST = 2000;
const MAX_TEXT = 300;
const MAX_TREE_NODES = 1000;
const MAX_TREE_DEPTH = 5;

type Problem = string;

function stringList(field: string, value: unknown, allowEmpty: boolean): Problem | null {
  if (!Array.isArray(value)) return `${field} must be a list of strings`;
  if (!allowEmpty && value.length === 0) return `${field} must not be empty`;
  if (value.length > MAX_LIST) return `${field} has more than ${MAX_LIST} entries`;
  for (const v of value) {
    if (typeof v !== 'string' || v.trim() === '') return `${field} must hold non-empty strings`;
    if (v.length > MAX_TEXT) return `${field} has an entry longer than ${MAX_TEXT} characters`;
  }
  return null;
}

function categoryTree(value: unknown): Problem | null {
  if (!Array.isArray(value) || value.length === 0) return 'category_tree must be a non-empty list of {name, children?}';
  let nodes = 0;
  const walk = (list: unknown[], depth: number): Problem | null => {
    if (depth > MAX_TREE_DEPTH) return `category_tree is deeper than ${MAX_TREE_DEPTH} levels`;
    for (const n of list) {
      if (++nodes > MAX_TREE_NODES) return `category_tree has more than ${MAX_TREE_NODES} nodes`;
      const node = n as Partial<CategoryNode> | null;
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return 'category_tree nodes must be objects {name, children?}';
      const extra = Object.keys(node).filter((k) => k !== 'name' && k !== 'children');
      if (extra.length) return `category_tree node has unknown field "${extra[0]}"`;
      if (typeof node.name !== 'string' || node.name.trim() === '' || node.name.length > MAX_TEXT) return 'category_tree nodes need a non-empty name';
      if (node.children !== undefined) {
        if (!Array.isArray(node.children) || node.children.length === 0) return `children of "${node.name}" must be a non-empty list`;
        const p = walk(node.children, depth + 1);
        if (p) return p;
      }
    }
    return null;
  };
  return walk(value, 1);
}

function variationAxes(value: unknown): Problem | null {
  if (!Array.isArray(value) || value.length === 0) return 'variation_axes must be a non-empty list of {name, values}';
  if (value.length > 50) return 'variation_axes has more than 50 axes';
  for (const a of value) {
    const axis = a as Partial<VariationAxis> | null;
    if (typeof axis !== 'object' || axis === null || Array.isArray(axis)) return 'variation_axes entries must be objects {name, values}';
    const extra = Object.keys(axis).filter((k) => k !== 'name' && k !== 'values');
    if (extra.length) return `variation_axes entry has unknown field "${extra[0]}"`;
    if (typeof axis.name !== 'string' || axis.name.trim() === '') return 'variation_axes entries need a non-empty name';
    const p = stringList(`values of axis "${axis.name}"`, axis.values, false);
    if (p) return p;
  }
  return null;
}

/** The words of a file, or the first problem found. */
export function parseWords(raw: unknown): { words: RecipeWords } | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'a words file must be a JSON object of vocabulary fields' };
  const input = raw as Record<string, unknown>;
  const words: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (META_FIELDS.has(field)) continue;
    if (!(WORD_FIELDS as readonly string[]).includes(field)) {
      return { error: `unknown field "${field}"; words files hold ${WORD_FIELDS.join(', ')}` };
    }
    let problem: Problem | null;
    if (field === 'category_tree') problem = categoryTree(value);
    else if (field === 'variation_axes') problem = variationAxes(value);
    // An empty adjective list is a deliberate choice (plain product names), as in the resolver.
    else problem = stringList(field, value, field === 'product_adjectives');
    if (problem) return { error: problem };
    words[field] = value;
  }
  if (Object.keys(words).length === 0) return { error: 'a words file must hold at least one vocabulary field' };
  return { words: words as RecipeWords };
}
