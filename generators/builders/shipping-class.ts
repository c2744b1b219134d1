/**
 * Shipping classes (bulky, fragile, ...) from the vocabulary. Classes the store already has (by slug)
 * are skipped; once the vocabulary's names are used, they combine ("Bulky & Fragile") and narrow to the
 * shop's categories ("Fragile – Candles", "Fragile – Candles & Frames"), so fresh seeds find free names
 * for tens of thousands of classes.
 */
import type { ShippingClassEntity } from '../entities.ts';
import { params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import { flattenCategoryNames } from '../vocabulary/index.ts';
import { crossed, joinable, joined, list, mapped, nameSequence, pairs, qualified, wordsForTopics } from './names.ts';
import { freePositions, numbered, takenSlugs } from './shared.ts';

export interface ShippingClassParams {
  description_ratio: number;
}

export const shippingClassGenerator: Generator<ShippingClassParams, ShippingClassEntity> = {
  resource: 'shipping_class',
  schema: params({
    description_ratio: ratio(70, 'Share of shipping classes that get a description; the others have an empty one.'),
  }),
  needs: ['shipping_classes'],
  generate(p, ctx) {
    const batch = new Batch('shipping_class', ctx.seed, ctx.offset);
    const names = batch.batchRng().shuffle(ctx.vocabulary.shipping_class_names);
    const descriptions = ctx.vocabulary.shipping_class_descriptions ?? EN_US.shipping_class_descriptions!;
    const topics = batch.batchRng(2).shuffle(flattenCategoryNames(ctx.vocabulary.category_tree));
    const name = nameSequence(
      batch.batchRng(1),
      // Then each class for two topics at once ("Fragile – Candles & Frames").
      [...wordsForTopics(names, topics), mapped(crossed(list(names), mapped(pairs(joinable(topics)), joined)), ([n, two]) => qualified(n, two))],
      numbered,
    );
    const positions = freePositions(batch.end(p.count), (k) => slugify(name(k)), takenSlugs(ctx.existing.shipping_classes));
    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const n = name(positions[index]!);
      return {
        key: batch.key(index),
        name: n,
        slug: slugify(n),
        description: rng.chance(p.description_ratio) ? fill(rng.pick(descriptions), { name: n, name_lower: n.toLowerCase() }) : '',
      };
    });
  },
};
