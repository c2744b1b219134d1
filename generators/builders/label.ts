/** Order labels ("VIP", "Gift") with a colour each. */
import type { LabelEntity } from '../entities.ts';
import { params } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { cycled } from './shared.ts';

export interface LabelParams {
  colors: string[];
}

export const DEFAULT_LABEL_COLORS = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#00897b', '#1e88e5', '#3949ab', '#8e24aa', '#6d4c41', '#546e7a'];

const DESCRIPTIONS = ['Orders marked {name}.', 'Apply to {name} orders.', 'Flag for {name} handling.'];

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
  needs: [],
  generate(p, ctx) {
    const batch = new Batch('label', ctx.seed);
    const names = batch.batchRng().shuffle(ctx.vocabulary.label_names);
    return batch.rows(p.count, ({ index, rng }) => {
      const name = cycled(names, index);
      return {
        key: batch.key(index),
        name,
        slug: slugify(name),
        color: rng.pick(p.colors).toLowerCase(),
        description: fill(rng.pick(DESCRIPTIONS), { name }),
      };
    });
  },
};
