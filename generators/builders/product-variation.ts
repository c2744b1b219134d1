/**
 * Variations of existing variable products: every combination of the parent's axes (first
 * `values_per_axis` terms each), parents in a seeded order. A batch never repeats a combination, so
 * it may hold fewer rows than `count` when the parents have fewer combinations.
 */
import { instant, iso } from '../dates.ts';
import type { ProductVariationEntity } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import type { ExistingProduct } from '../existing.ts';
import { integer, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { pricePoint, scaledMinor } from '../money.ts';
import { Batch } from '../row.ts';
import { asciiWord } from '../text.ts';
import type { Generator } from '../types.ts';
import type { VariationAxis } from '../vocabulary/index.ts';
import { colourOfTerm, imagesFor } from '../images.ts';
import { IMAGES_PARAMETER, salePrice } from './product.ts';
import { currencyOf, freePositions, windowOf } from './shared.ts';

export interface ProductVariationParams {
  variation_axes: string[];
  values_per_axis: number;
  price_variation_range: { min_percentage: number; max_percentage: number };
  sale_ratio: number;
  images: boolean;
}

interface Plan {
  readonly parent: ExistingProduct;
  readonly axes: readonly VariationAxis[];
  readonly combinations: number;
}

/** SKU parts per value: the value in capitals, or its position where two values would clash. */
function skuParts(values: readonly string[]): string[] {
  const parts = values.map((v) => asciiWord(v).toUpperCase().slice(0, 6));
  const clash = parts.some((x, i) => x === '' || parts.indexOf(x) !== i);
  return clash ? values.map((_, i) => String(i + 1)) : parts;
}

export const productVariationGenerator: Generator<ProductVariationParams, ProductVariationEntity> = {
  resource: 'product_variation',
  schema: params({
    variation_axes: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      uniqueItems: true,
      default: [],
      examples: [['Size']],
      description: 'Attribute names to vary (e.g. ["Color", "Size"]); empty varies every axis of the parent product.',
    },
    values_per_axis: integer(3, 1, 20, 'How many terms of each axis are combined.'),
    price_variation_range: range(
      { min: -10, max: 20 },
      { minimum: -95, maximum: 500, integer: false },
      'How far a variation price lies from the parent price, in percent. An all-positive range is valid; a price is never zero or negative.',
      { min: 'min_percentage', max: 'max_percentage' },
    ),
    sale_ratio: ratio(10, 'Share of variations on sale; a sale price is always below the regular price.'),
    images: IMAGES_PARAMETER,
  }),
  needs: ['products', 'attributes', 'variations'],
  runRecords: ['product'],
  check(p) {
    const problems: ParameterProblems = {};
    const r = p.price_variation_range;
    if (r && r.min_percentage > r.max_percentage) {
      problems.price_variation_range = 'min_percentage must not be greater than max_percentage';
    }
    return problems;
  },
  generate(p, ctx) {
    // Within a recipe run, a parent is one the run created or one that already carries attributes of its own:
    // a variable product another run (or a hand) made without attributes cannot take this run's axes
    // (a store that keeps variations as the parent's attribute terms would refuse every one).
    const ownRun = ctx.runRecords?.get('product');
    const variable = ctx.existing.products.filter(
      (x) => x.type === 'variable' && (!ownRun || ownRun.has(x.id) || (x.attributes !== undefined && x.attributes.length > 0)),
    );
    if (variable.length === 0) {
      throw new MissingPrerequisiteError('product_variation', 'products', 'product', 'variable products', 'with product_type variable');
    }
    const batch = new Batch('product_variation', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    const wanted = p.variation_axes.map((a) => a.toLowerCase());
    const fallbackAxes: VariationAxis[] =
      ctx.existing.attributes.filter((a) => a.terms.length > 0).length > 0
        ? ctx.existing.attributes.filter((a) => a.terms.length > 0).map((a) => ({ name: a.name, values: a.terms.map((t) => t.name) }))
        : [...ctx.vocabulary.variation_axes];

    const offset = batch.batchRng().int(0, variable.length - 1);
    const plans: Plan[] = [];
    for (let k = 0; k < variable.length; k++) {
      const parent = variable[(offset + k) % variable.length]!;
      const own = parent.attributes && parent.attributes.length > 0 ? parent.attributes : fallbackAxes.slice(0, 2);
      const axes = own
        .filter((a) => wanted.length === 0 || wanted.includes(a.name.toLowerCase()))
        .map((a) => ({ name: a.name, values: a.values.slice(0, p.values_per_axis) }))
        .filter((a) => a.values.length > 0);
      if (axes.length === 0) continue;
      plans.push({ parent, axes, combinations: axes.reduce((n, a) => n * a.values.length, 1) });
    }

    if (plans.length === 0) {
      const what = p.variation_axes.length > 0 ? `variable products that vary by ${p.variation_axes.join(', ')}` : 'variable products with values to vary';
      throw new MissingPrerequisiteError('product_variation', 'products', 'product', what, 'with product_type variable');
    }

    // Combination k of all the plans, in order; null past the last one.
    const total = plans.reduce((n, pl) => n + pl.combinations, 0);
    const combination = (k: number) => {
      let rest = k;
      const plan = plans.find((pl) => (rest < pl.combinations ? true : ((rest -= pl.combinations), false)));
      if (!plan) return null;
      // Mixed radix: the last axis varies fastest (Black/S, Black/M, ..., White/S, ...).
      const attributes: Record<string, string> = {};
      const parts: string[] = [];
      let r = rest;
      const picks = new Array<number>(plan.axes.length);
      for (let a = plan.axes.length - 1; a >= 0; a--) {
        const n = plan.axes[a]!.values.length;
        picks[a] = r % n;
        r = Math.floor(r / n);
      }
      plan.axes.forEach((axis, a) => {
        attributes[axis.name] = axis.values[picks[a]!]!;
        parts.push(skuParts(axis.values)[picks[a]!]!);
      });
      return { plan, attributes, sku: `${plan.parent.sku || `P${plan.parent.id}`}-${parts.join('-')}` };
    };
    // Variations the store already has (by SKU) are not made again: another run goes on to the next combinations.
    const taken = new Map(ctx.existing.variations.flatMap((v) => (v.sku ? [[v.sku.toLowerCase(), v.id] as const] : [])));
    const positions = freePositions(batch.end(p.count), (k) => (k < total ? combination(k)!.sku : `\u0000${k}`), taken);

    return batch.rowsUpTo(positions.length, ({ index, rng }) => {
      const found = combination(positions[index]!);
      if (!found) return null;
      const { plan, attributes, sku } = found;
      const base = plan.parent.price_minor > 0 ? plan.parent.price_minor : scaledMinor(20, currency);
      const pct = rng.float(p.price_variation_range.min_percentage, p.price_variation_range.max_percentage);
      // At the currency's price points where one lies within the allowed range (no draw: the row's index picks the ending).
      const bound = (percent: number) => Math.max(1, Math.round((base * (100 + percent)) / 100));
      const r = p.price_variation_range;
      const price = pricePoint(bound(pct), bound(r.min_percentage), bound(r.max_percentage), currency, index);
      const quantity = rng.int(0, 50);
      const key = batch.key(index);
      const terms = Object.values(attributes);
      const colour = terms.map(colourOfTerm).find((c) => c !== undefined);
      return {
        key,
        product: { id: plan.parent.id },
        sku,
        attributes,
        currency,
        regular_price_minor: price,
        sale_price_minor: rng.chance(p.sale_ratio) ? salePrice(rng, price, currency) : null,
        manage_stock: true,
        stock_quantity: quantity,
        stock_status: quantity > 0 ? 'in_stock' : 'out_of_stock',
        weight_grams: rng.int(20, 8000),
        created_at: iso(instant(rng, window.start, window.end)),
        // The parent's name with this variation's terms, in the colour a term names (from the key's own stream otherwise).
        images: p.images
          ? imagesFor({ key, resource: 'product_variation', name: plan.parent.name, category: null, caption: terms.join(' · '), digital: false, count: 1, ...(colour ? { colour } : {}) })
          : [],
      };
    });
  },
};
