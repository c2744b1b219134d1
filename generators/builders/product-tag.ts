/** Product tags from the vocabulary's tag labels, in a seeded order. */
import type { ProductTagEntity } from '../entities.ts';
import { params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { cycled } from './shared.ts';

export interface ProductTagParams {
  description_ratio: number;
}

const DESCRIPTIONS = ['Products tagged {name}.', 'Our {name} picks.', 'Everything marked {name}.'];

export const productTagGenerator: Generator<ProductTagParams, ProductTagEntity> = {
  resource: 'product_tag',
  schema: params({
    description_ratio: ratio(50, 'Share of tags that get a description; the others have an empty one.'),
  }),
  needs: [],
  generate(p, ctx) {
    const batch = new Batch('product_tag', ctx.seed);
    const labels = batch.batchRng().shuffle(ctx.vocabulary.tag_labels);
    return batch.rows(p.count, ({ index, rng }) => {
      const name = cycled(labels, index);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        description: rng.chance(p.description_ratio) ? fill(rng.pick(DESCRIPTIONS), { name }) : '',
      };
    });
  },
};
