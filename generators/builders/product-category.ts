/**
 * Product categories: the vocabulary's category tree, cut at `max_depth`, parents before children;
 * categories the store already has (by slug) are skipped, so another run continues the tree. Each
 * further round of the tree is a collection named after a tag label ("Clothing – Summer" with its own
 * "Men" and "Shirts" below, slugs `men-summer`, `shirts-summer`), then after two ("Clothing – Summer &
 * Sale"), so fresh seeds find free slugs for tens of thousands of categories.
 */
import type { ProductCategoryEntity, Ref } from '../entities.ts';
import { integer, params } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import type { CategoryNode } from '../vocabulary/index.ts';
import { joinable, joined, list, mapped, nameSequence, pairs, qualified } from './names.ts';
import { freePositions, numbered, takenSlugs } from './shared.ts';

export interface ProductCategoryParams {
  max_depth: number;
}

interface FlatNode {
  readonly name: string;
  readonly depth: number;
  readonly parent: number | null;
}

const DESCRIPTIONS = [
  'Shop our {name} collection.',
  'Everything {name}, picked by our team.',
  'New arrivals and best sellers in {name}.',
  'Discover {name} for every day.',
  '{name} we use and love ourselves.',
];

/** Pre-order walk to `maxDepth`; top-level branches in a seeded order so seeds give different shops. */
export function flattenTree(tree: readonly CategoryNode[], maxDepth: number, order: readonly number[]): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (node: CategoryNode, depth: number, parent: number | null) => {
    const at = out.length;
    out.push({ name: node.name, depth, parent });
    if (depth < maxDepth) for (const child of node.children ?? []) walk(child, depth + 1, at);
  };
  for (const i of order) walk(tree[i]!, 1, null);
  return out;
}

export const productCategoryGenerator: Generator<ProductCategoryParams, ProductCategoryEntity> = {
  resource: 'product_category',
  schema: params({
    max_depth: integer(3, 1, 5, 'Deepest level of the category tree; 1 makes top-level categories only.'),
  }),
  needs: ['product_categories'],
  generate(p, ctx) {
    const batch = new Batch('product_category', ctx.seed, ctx.offset);
    const tree = ctx.vocabulary.category_tree;
    const order = batch.batchRng().shuffle(tree.map((_, i) => i));
    const flat = flattenTree(tree, p.max_depth, order);
    // A name used twice in the tree (e.g. "Accessories" under Men and Women) gets its parent in the slug.
    const seen = new Map<string, number>();
    for (const n of flat) seen.set(n.name, (seen.get(n.name) ?? 0) + 1);
    const n = flat.length;
    const labels = batch.batchRng(2).shuffle(ctx.vocabulary.tag_labels);
    const collection = nameSequence(batch.batchRng(1), [list(labels), mapped(pairs(joinable(labels)), joined)], numbered);
    // Position k is node k % n of the tree, in round k / n; round r ≥ 1 is collection r - 1.
    const at = (position: number) => {
      const cycle = Math.floor(position / n);
      const node = flat[position % n]!;
      const parentNode = node.parent === null ? null : flat[node.parent]!;
      const base = parentNode && (seen.get(node.name) ?? 0) > 1 ? `${parentNode.name} ${node.name}` : node.name;
      if (cycle === 0) return { cycle, node, name: node.name, slug: slugify(base) };
      const qualifier = collection(cycle - 1);
      return { cycle, node, name: node.parent === null ? qualified(node.name, qualifier) : node.name, slug: slugify(`${base} ${qualifier}`) };
    };
    // Categories the store already has are not made again: their children hang under the existing ones.
    const taken = takenSlugs(ctx.existing.product_categories);
    const positions = freePositions(batch.end(p.count), (k) => at(k).slug, taken);
    const rowOf = new Map(positions.map((position, row) => [position, row]));
    const parentRef = (position: number): Ref | null => {
      const row = rowOf.get(position);
      if (row !== undefined) return { key: batch.key(row) };
      const id = taken.get(at(position).slug);
      return id === undefined ? null : { id };
    };
    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const { cycle, node, name, slug } = at(positions[index]!);
      return {
        key: batch.key(index),
        name,
        slug,
        description: fill(rng.pick(DESCRIPTIONS), { name }),
        parent: node.parent === null ? null : parentRef(cycle * n + node.parent),
        depth: node.depth,
      };
    });
  },
};
