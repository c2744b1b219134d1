/** Product tags from the vocabulary's tag labels, in a seeded order, skipping those the store already has. */
import type { ProductTagEntity } from '../entities.ts';
import { params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { cycled, freePositions, takenSlugs } from './shared.ts';

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
    const batch = new Batch('product_tag', ctx.seed);
    const labels = batch.batchRng().shuffle(ctx.vocabulary.tag_labels);
    // Tags the store already has are not made again.
    const positions = freePositions(p.count, (k) => slugify(cycled(labels, k)), takenSlugs(ctx.existing.product_tags));
    return batch.rows(positions.length, ({ index, rng }) => {
      const name = cycled(labels, positions[index]!);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        description: rng.chance(p.description_ratio) ? fill(rng.pick(DESCRIPTIONS), { name }) : '',
      };
    });
  },
};
