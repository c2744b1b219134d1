/**
 * Product tags from the vocabulary's tag labels, in a seeded order, skipping those the store already
 * has. Once the labels are used they combine ("Vegan & Organic") and narrow to the shop's categories
 * ("Sale – Candles"), so fresh seeds find free names for tens of thousands of tags.
 */
import type { ProductTagEntity } from '../entities.ts';
import { params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { flattenCategoryNames } from '../vocabulary/index.ts';
import { nameSequence, wordsForTopics } from './names.ts';
import { freePositions, numbered, takenSlugs } from './shared.ts';

export interface ProductTagParams {
  description_ratio: number;
}

const DESCRIPTIONS = ['Products tagged {name}.', 'Our {name} picks.', 'Everything marked {name}.'];

export const productTagGenerator: Generator<ProductTagParams, ProductTagEntity> = {
  resource: 'product_tag',
  schema: params({
    description_ratio: ratio(50, 'Share of tags that get a description; the others have an empty one.'),
  }),
  needs: ['product_tags'],
  generate(p, ctx) {
    const batch = new Batch('product_tag', ctx.seed, ctx.offset);
    const labels = batch.batchRng().shuffle(ctx.vocabulary.tag_labels);
    const topics = batch.batchRng(2).shuffle(flattenCategoryNames(ctx.vocabulary.category_tree));
    const tag = nameSequence(batch.batchRng(1), wordsForTopics(labels, topics), numbered);
    // Tags the store already has are not made again.
    const positions = freePositions(batch.end(p.count), (k) => slugify(tag(k)), takenSlugs(ctx.existing.product_tags));
    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const name = tag(positions[index]!);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        description: rng.chance(p.description_ratio) ? fill(rng.pick(DESCRIPTIONS), { name }) : '',
      };
    });
  },
};
