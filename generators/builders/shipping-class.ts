/** Shipping classes (bulky, fragile, ...) from the vocabulary. */
import type { ShippingClassEntity } from '../entities.ts';
import { params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { cycled } from './shared.ts';

export interface ShippingClassParams {
  description_ratio: number;
}

const DESCRIPTIONS = [
  'Items shipped as {name}.',
  'Use for products that travel as {name}.',
  '{name}: priced separately by the carrier.',
];

export const shippingClassGenerator: Generator<ShippingClassParams, ShippingClassEntity> = {
  resource: 'shipping_class',
  schema: params({
    description_ratio: ratio(70, 'Share of shipping classes that get a description; the others have an empty one.'),
  }),
  needs: [],
  generate(p, ctx) {
    const batch = new Batch('shipping_class', ctx.seed);
    const names = batch.batchRng().shuffle(ctx.vocabulary.shipping_class_names);
    return batch.rows(p.count, ({ index, rng }) => {
      const name = cycled(names, index);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        description: rng.chance(p.description_ratio) ? fill(rng.pick(DESCRIPTIONS), { name: name.toLowerCase() }) : '',
      };
    });
  },
};
