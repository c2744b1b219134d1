/**
 * Brands, optionally with sub-brands ("Northwind" > "Northwind Kids") down to `max_depth`. A row's
 * place in the hierarchy is drawn from a side stream, so any row can work out an earlier row's
 * place without replaying it, and row i never depends on the count. Brands the store already has
 * (by slug) are skipped, so another run continues the list; once the vocabulary's names are used,
 * top-level brands combine them ("Oakridge & Juniper", "Oakridge & Juniper Studio", "Oakridge, Juniper
 * & Kestrel"), so fresh seeds find free names for tens of thousands of brands.
 */
import type { BrandEntity, Ref } from '../entities.ts';
import { integer, params, ratio } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { fill, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import { crossed, joinable, joined, list, mapped, nameSequence, pairs, triples } from './names.ts';
import { cycled, freePositions, numbered, takenSlugs } from './shared.ts';

export interface BrandParams {
  max_depth: number;
  sub_brand_ratio: number;
}

export const brandGenerator: Generator<BrandParams, BrandEntity> = {
  resource: 'brand',
  schema: params({
    max_depth: integer(2, 1, 4, 'Deepest level of the brand hierarchy; 1 makes top-level brands only.'),
    sub_brand_ratio: ratio(30, 'Share of brands that are a sub-brand of an earlier one (when max_depth allows).'),
  }),
  needs: ['brands'],
  generate(p, ctx) {
    const batch = new Batch('brand', ctx.seed, ctx.offset);
    const names = batch.batchRng().shuffle(ctx.vocabulary.brand_names);
    const lines = ctx.vocabulary.brand_lines;
    const descriptions = ctx.vocabulary.brand_descriptions ?? EN_US.brand_descriptions!;
    const duos = pairs(joinable(names));
    const topName = nameSequence(
      batch.batchRng(1),
      [
        list(names),
        mapped(duos, joined),
        mapped(crossed(duos, list(lines)), ([duo, line]) => `${joined(duo)} ${line}`),
        mapped(triples(joinable(names)), joined),
      ],
      numbered,
    );
    const parentOf = new Map<number, number | null>();
    const depthOf = new Map<number, number>();
    const nameOf = new Map<number, string>();

    const parent = (i: number): number | null => {
      let result = parentOf.get(i);
      if (result !== undefined) return result;
      result = null;
      if (p.max_depth > 1 && i > 0) {
        const rng = batch.streamRng('hierarchy', i);
        if (rng.chance(p.sub_brand_ratio)) {
          const j = rng.int(0, i - 1);
          if (depth(j) < p.max_depth) result = j;
        }
      }
      parentOf.set(i, result);
      return result;
    };
    const depth = (i: number): number => {
      let d = depthOf.get(i);
      if (d === undefined) {
        const up = parent(i);
        d = up === null ? 1 : depth(up) + 1;
        depthOf.set(i, d);
      }
      return d;
    };
    const name = (i: number): string => {
      let n = nameOf.get(i);
      if (n === undefined) {
        const up = parent(i);
        if (up === null) n = topName(i);
        else {
          let siblingsBefore = 0;
          for (let j = 0; j < i; j++) if (parent(j) === up) siblingsBefore++;
          n = `${name(up)} ${cycled(lines, siblingsBefore)}`;
        }
        nameOf.set(i, n);
      }
      return n;
    };

    // Brands the store already has are not made again; a sub-brand of one hangs under the existing brand.
    const taken = takenSlugs(ctx.existing.brands);
    const positions = freePositions(batch.end(p.count), (k) => slugify(name(k)), taken);
    const rowOf = new Map(positions.map((position, row) => [position, row]));
    const ref = (position: number): Ref | null => {
      const row = rowOf.get(position);
      if (row !== undefined) return { key: batch.key(row) };
      const id = taken.get(slugify(name(position)));
      return id === undefined ? null : { id };
    };

    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const position = positions[index]!;
      const up = parent(position);
      const n = name(position);
      return {
        key: batch.key(index),
        name: n,
        slug: slugify(n),
        description: fill(rng.pick(descriptions), { name: n }),
        parent: up === null ? null : ref(up),
        depth: depth(position),
      };
    });
  },
};
