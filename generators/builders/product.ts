/** Products: physical, digital or variable, priced within `price_range`, filed under existing terms. */
import type { Dimensions, ProductAttribute, ProductEntity, ProductImage, Ref } from '../entities.ts';
import { boolean, checkRange, oneOf, params, range, ratio, type ParameterProblems } from '../json-schema.ts';
import { imagesFor } from '../images.ts';
import { moneyParam, pricePoint, toMinor } from '../money.ts';
import { instant, iso } from '../dates.ts';
import type { Rng } from '../random/prng.ts';
import { Batch } from '../row.ts';
import { fill, initials, slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import {
  DESCRIPTION_LENGTHS,
  PRODUCT_TYPE_CHOICES,
  type DescriptionLength,
  type ProductType,
  type ProductTypeChoice,
  type StockStatus,
} from '../vocabularies.ts';
import { productName, type Vocabulary } from '../vocabulary/index.ts';
import { currencyOf, windowOf } from './shared.ts';

export interface ProductParams {
  product_type: ProductTypeChoice;
  price_range: { min: number; max: number };
  sale_ratio: number;
  inventory: { manage_stock: boolean; stock_range: { min: number; max: number } };
  categories_per_product: { min: number; max: number };
  tags_per_product: { min: number; max: number };
  description_length: DescriptionLength;
  images: boolean;
}

/** Pictures a product gets: the main one and two gallery views (a store that keeps one takes the main). */
export const PRODUCT_IMAGE_COUNT = 3;

/** The `images` parameter of products and variations, declared once. */
export const IMAGES_PARAMETER = boolean(
  true,
  "Draw pictures (SVG illustrations of the name, category and colour) into the site's uploads folder and attach them: a gallery on stores that keep several, the main picture on stores that keep one. false writes no files.",
);

const SENTENCES: Readonly<Record<DescriptionLength, number>> = { short: 1, medium: 3, long: 8 };

/** A description of `sentences` sentences; long ones are split into paragraphs of four. */
export function describe(rng: Rng, vocabulary: Vocabulary, name: string, sentences: number): string {
  const picked = rng.sample(vocabulary.description_sentences, Math.min(sentences, vocabulary.description_sentences.length));
  while (picked.length < sentences) picked.push(rng.pick(vocabulary.description_sentences));
  const material = rng.pick(vocabulary.materials);
  const filled = picked.map((s) => fill(s, { name, material }));
  const paragraphs: string[] = [];
  for (let i = 0; i < filled.length; i += 4) paragraphs.push(joinSentences(filled.slice(i, i + 4)));
  return paragraphs.join('\n\n');
}

/** Sentences one after another: spaced, except after a full stop of Japanese or Chinese (。！？), which takes no space. */
function joinSentences(sentences: readonly string[]): string {
  let out = '';
  for (const s of sentences) out += out === '' || /[。！？]$/u.test(out) ? s : ` ${s}`;
  return out;
}

/** A price strictly below `regular` (10 to 50 % off) at the currency's price points where one fits, or null when none is possible. */
export function salePrice(rng: Rng, regular: number, currency: string): number | null {
  const raw = Math.floor((regular * (100 - rng.int(10, 50))) / 100);
  const sale = pricePoint(raw, 1, regular - 1, currency, regular);
  return sale >= 1 && sale < regular ? sale : null;
}

function pickRefs(rng: Rng, ids: readonly { id: string }[], bounds: { min: number; max: number }): Ref[] {
  if (ids.length === 0) return [];
  return rng.sample(ids, rng.int(bounds.min, bounds.max)).map((t) => ({ id: t.id }));
}

export const productGenerator: Generator<ProductParams, ProductEntity> = {
  resource: 'product',
  schema: params({
    product_type: oneOf(
      PRODUCT_TYPE_CHOICES,
      'mixed',
      'physical, digital or variable makes every row that type; mixed varies per row (mostly physical).',
    ),
    price_range: range(
      { min: 5, max: 200 },
      { minimum: 0.01, maximum: 1_000_000, integer: false },
      'Regular price range in major units of the store currency (19.99). The default is scaled to currencies with small units (yen, rupees).',
    ),
    sale_ratio: ratio(20, 'Share of products on sale; a sale price is always below the regular price.'),
    inventory: {
      type: 'object',
      properties: {
        manage_stock: { type: 'boolean', default: true, description: 'Whether products track a stock quantity.' },
        stock_range: range({ min: 0, max: 100 }, { minimum: 0, maximum: 1_000_000 }, 'Stock quantity range when stock is managed.'),
      },
      additionalProperties: false,
      default: { manage_stock: true, stock_range: { min: 0, max: 100 } },
      description: 'Stock keeping of simple products (variations keep their own stock).',
    },
    categories_per_product: range({ min: 1, max: 2 }, { minimum: 0, maximum: 10 }, 'How many existing categories each product is filed under.'),
    tags_per_product: range({ min: 0, max: 3 }, { minimum: 0, maximum: 20 }, 'How many existing tags each product gets.'),
    description_length: oneOf(DESCRIPTION_LENGTHS, 'medium', 'short: one sentence; medium: a paragraph; long: several paragraphs.'),
    images: IMAGES_PARAMETER,
  }),
  // Not shipping classes: they come after products in the resource order (cleanup removes them first).
  needs: ['product_categories', 'product_tags', 'brands', 'attributes'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'price_range', p.price_range);
    checkRange(problems, 'categories_per_product', p.categories_per_product);
    checkRange(problems, 'tags_per_product', p.tags_per_product);
    const stock = p.inventory?.stock_range;
    if (stock && stock.min > stock.max) problems.inventory = 'stock_range.min must not be greater than stock_range.max';
    return problems;
  },
  generate(p, ctx) {
    const batch = new Batch('product', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const window = windowOf(p);
    const vocab = ctx.vocabulary;
    const { existing } = ctx;
    const categoryNames = new Map(existing.product_categories.map((c) => [c.id, c.name]));
    const globalAxes = existing.attributes.filter((a) => a.terms.length >= 2);
    const priceRange = moneyParam(p.price_range, productGenerator.schema.properties.price_range!.default, currency);
    const minPrice = toMinor(priceRange.min, currency);
    const maxPrice = toMinor(priceRange.max, currency);

    return batch.rows(p.count, ({ index, rng }) => {
      const type: ProductType =
        p.product_type === 'mixed'
          ? rng.weighted<ProductType>([
              ['physical', 60],
              ['digital', 20],
              ['variable', 20],
            ])
          : p.product_type;
      const digital = type === 'digital';
      const noun = digital ? rng.pick(vocab.digital_product_names) : rng.pick(vocab.product_names);
      const name = !digital && vocab.product_adjectives.length > 0 ? productName(vocab, rng.pick(vocab.product_adjectives), noun) : noun;
      // The currency's price points (19,99 €, 1.299,00 €, ¥1,980); two draws, as before.
      const regular = pricePoint(rng.int(minPrice, maxPrice), minPrice, maxPrice, currency, rng.int(0, 1_000_000));
      const sale = type !== 'variable' && rng.chance(p.sale_ratio) ? salePrice(rng, regular, currency) : null;

      const manage = p.inventory.manage_stock && type !== 'variable';
      const quantity = manage ? rng.int(p.inventory.stock_range.min, p.inventory.stock_range.max) : null;
      let stockStatus: StockStatus;
      if (quantity === null) stockStatus = rng.chance(92) ? 'in_stock' : 'out_of_stock';
      else if (quantity > 0) stockStatus = 'in_stock';
      else stockStatus = rng.chance(30) ? 'on_backorder' : 'out_of_stock';

      const dimensions: Dimensions | null = digital
        ? null
        : { length_mm: rng.int(50, 800), width_mm: rng.int(30, 500), height_mm: rng.int(5, 400) };

      let attributes: ProductAttribute[] = [];
      if (type === 'variable') {
        const count = rng.int(1, 2);
        if (globalAxes.length > 0) {
          attributes = rng.sample(globalAxes, count).map((a) => ({
            name: a.name,
            attribute: { id: a.id },
            values: a.terms.slice(0, Math.min(a.terms.length, rng.int(2, 5))).map((t) => t.name),
            variation: true,
          }));
        } else {
          attributes = rng.sample(vocab.variation_axes, count).map((a) => ({
            name: a.name,
            attribute: null,
            values: a.values.slice(0, Math.min(a.values.length, rng.int(2, 5))),
            variation: true,
          }));
        }
      }

      const sentences = SENTENCES[p.description_length];
      const key = batch.key(index);
      const row = {
        key,
        name,
        slug: slugify(name),
        sku: `${initials(name)}-${batch.token(index, 5)}`,
        type,
        status: rng.weighted([
          ['published', 90],
          ['draft', 7],
          ['private', 3],
        ] as const),
        featured: rng.chance(10),
        description: describe(rng, vocab, name, sentences),
        short_description: describe(rng, vocab, name, 1),
        currency,
        regular_price_minor: regular,
        sale_price_minor: sale,
        virtual: digital,
        downloadable: digital,
        manage_stock: manage,
        stock_quantity: quantity,
        stock_status: stockStatus,
        weight_grams: digital ? null : rng.int(20, 8000),
        dimensions,
        categories: pickRefs(rng, existing.product_categories, p.categories_per_product),
        tags: pickRefs(rng, existing.product_tags, p.tags_per_product),
        brand: existing.brands.length > 0 && rng.chance(80) ? { id: rng.pick(existing.brands).id } : null,
        attributes,
        created_at: iso(instant(rng, window.start, window.end)),
        images: [] as readonly ProductImage[],
      };
      // From hashes of the key, after the row's draws: pictures on or off change no other field.
      if (p.images) {
        const first = row.categories[0]?.id;
        const category = first === undefined ? null : (categoryNames.get(first) ?? null);
        row.images = imagesFor({ key, resource: 'product', name: row.name, category, caption: null, digital, count: PRODUCT_IMAGE_COUNT });
      }
      return row;
    });
  },
};
