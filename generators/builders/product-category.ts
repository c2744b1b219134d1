/** Product categories: the vocabulary's category tree, cut at `max_depth`, parents before children. */
import type { ProductCategoryEntity } from '../entities.ts';
import { integer, params } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import type { CategoryNode } from '../vocabulary/index.ts';

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
  needs: [],
  generate(p, ctx) {
    const batch = new Batch('product_category', ctx.seed);
    const tree = ctx.vocabulary.category_tree;
    const order = batch.batchRng().shuffle(tree.map((_, i) => i));
    const flat = flattenTree(tree, p.max_depth, order);
    // A name used twice in the tree (e.g. "Accessories" under Men and Women) gets its parent in the slug.
    const seen = new Map<string, number>();
    for (const n of flat) seen.set(n.name, (seen.get(n.name) ?? 0) + 1);
    const n = flat.length;
    return batch.rows(p.count, ({ index, rng }) => {
      const cycle = Math.floor(index / n);
      const node = flat[index % n]!;
      const suffix = cycle === 0 ? '' : ` ${cycle + 1}`;
      const name = `${node.name}${suffix}`;
      const parentNode = node.parent === null ? null : flat[node.parent]!;
      const slugBase = parentNode && (seen.get(node.name) ?? 0) > 1 ? `${parentNode.name} ${name}` : name;
      return {
        key: batch.key(index),
        name,
        slug: slugify(slugBase),
        description: fill(rng.pick(DESCRIPTIONS), { name }),
        parent: node.parent === null ? null : { key: batch.key(cycle * n + node.parent) },
        depth: node.depth,
      };
    });
  },
};
