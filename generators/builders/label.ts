/**
 * Order labels ("VIP", "Gift") with a colour each. Labels the store already has (by slug) are skipped;
 * once the vocabulary's names are used they combine ("VIP & Gift", "VIP, Gift & Express").
 */
import type { LabelEntity } from '../entities.ts';
import { params } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { joinable, joined, list, mapped, nameSequence, pairs, triples } from './names.ts';
import { freePositions, numbered, takenSlugs } from './shared.ts';

export interface LabelParams {
  colors: string[];
}

export const DEFAULT_LABEL_COLORS = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#00897b', '#1e88e5', '#3949ab', '#8e24aa', '#6d4c41', '#546e7a'];

export const labelGenerator: Generator<LabelParams, LabelEntity> = {
  resource: 'label',
  schema: params({
    colors: {
      type: 'array',
      items: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      minItems: 1,
      default: DEFAULT_LABEL_COLORS,
      examples: [['#000000']],
      description: 'Palette the labels take their colours from (#rrggbb).',
    },
  }),
  needs: ['labels'],
  generate(p, ctx) {
    const batch = new Batch('label', ctx.seed, ctx.offset);
    const names = batch.batchRng().shuffle(ctx.vocabulary.label_names);
    const descriptions = ctx.vocabulary.label_descriptions ?? EN_US.label_descriptions!;
    const label = nameSequence(batch.batchRng(1), [list(names), mapped(pairs(joinable(names)), joined), mapped(triples(joinable(names)), joined)], numbered);
    const positions = freePositions(batch.end(p.count), (k) => slugify(label(k)), takenSlugs(ctx.existing.labels));
    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const name = label(positions[index]!);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        color: rng.pick(p.colors).toLowerCase(),
        description: fill(rng.pick(descriptions), { name }),
      };
    });
  },
};
