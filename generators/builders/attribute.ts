/**
 * Global product attributes with their terms, from the vocabulary's variation axes, skipping those the
 * store already has. Once the axes' names are used, an axis is narrowed to the shop's categories
 * ("Color – Candles", "Color – Candles & Frames", "Color – Candles, Frames & Pens") with the axis's own terms, so fresh seeds find free
 * names for tens of thousands of attributes.
 */
import type { AttributeEntity } from '../entities.ts';
import { checkRange, oneOf, params, range, type ParameterProblems } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { flattenCategoryNames } from '../vocabulary/index.ts';
import { crossed, joinable, joined, list, mapped, nameSequence, pairs, qualified, triples } from './names.ts';
import { freePositions, numbered, takenSlugs } from './shared.ts';

export interface AttributeParams {
  terms_per_attribute: { min: number; max: number };
  sort_order: 'custom' | 'name';
}

export const attributeGenerator: Generator<AttributeParams, AttributeEntity> = {
  resource: 'attribute',
  schema: params({
    terms_per_attribute: range({ min: 3, max: 6 }, { minimum: 1, maximum: 50 }, 'How many terms each attribute gets (capped by the vocabulary).'),
    sort_order: oneOf(['custom', 'name'], 'custom', 'How the store lists the terms: in the given order, or by name.'),
  }),
  needs: ['attributes'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'terms_per_attribute', p.terms_per_attribute);
    return problems;
  },
  generate(p, ctx) {
    const batch = new Batch('attribute', ctx.seed, ctx.offset);
    const axes = batch.batchRng().shuffle(ctx.vocabulary.variation_axes);
    const topics = batch.batchRng(2).shuffle(flattenCategoryNames(ctx.vocabulary.category_tree));
    const which = list(axes.map((_, i) => i));
    // Position -> the axis whose terms it takes, and its name.
    const at = nameSequence(
      batch.batchRng(1),
      [
        mapped(which, (i) => ({ axis: i, name: axes[i]!.name })),
        mapped(crossed(which, list(topics)), ([i, topic]) => ({ axis: i, name: qualified(axes[i]!.name, topic) })),
        mapped(crossed(which, mapped(pairs(joinable(topics)), joined)), ([i, two]) => ({ axis: i, name: qualified(axes[i]!.name, two) })),
        mapped(crossed(which, mapped(triples(joinable(topics)), joined)), ([i, three]) => ({ axis: i, name: qualified(axes[i]!.name, three) })),
      ],
      (a, n) => ({ axis: a.axis, name: numbered(a.name, n) }),
    );
    // Attributes the store already has are not made again.
    const positions = freePositions(batch.end(p.count), (k) => slugify(at(k).name), takenSlugs(ctx.existing.attributes));
    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const { axis: a, name } = at(positions[index]!);
      const axis = axes[a]!;
      const k = Math.min(axis.values.length, rng.int(p.terms_per_attribute.min, p.terms_per_attribute.max));
      const chosen = rng.sample(axis.values.map((_, i) => i), k).sort((a, b) => a - b);
      let values = chosen.map((i) => axis.values[i]!);
      if (p.sort_order === 'name') values = [...values].sort((a, b) => a.localeCompare(b, 'en'));
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        sort_order: p.sort_order,
        terms: values.map((v, position) => ({ name: v, slug: slugify(v), position })),
      };
    });
  },
};
