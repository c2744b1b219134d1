/**
 * Catalogue writers: the category tree, brands, attributes, products (sold through variations), variations
 * of variable products, and product downloads.
 */
import type { AttributeEntity, BrandEntity, ProductCategoryEntity, ProductDownloadEntity, ProductEntity, ProductVariationEntity } from '../../../plugin-api.ts';
import { keptImages, refId, uploadUrl } from '../../../plugin-api.ts';
import type { ProductInput, VariationCreate, VariationInput } from '../../../stores/cartwheel/index.ts';
import { idOf, idOrNull, storeOf, storeTime } from '../convert.ts';
import { termIndex } from '../lookups.ts';
import { IMAGES_KEPT, PRODUCT_STATUS } from '../vocabulary.ts';
import { cartwheelWriter } from './base.ts';

/**
 * Categories, parents before children: a parent named by key in the same batch is written first, so
 * the batch goes in one `createMany` per level of the tree.
 */
export const productCategoryWriter = cartwheelWriter<ProductCategoryEntity>({
  async write(entities, ctx, store) {
    const ids: number[] = new Array<number>(entities.length);
    let pending = entities.map((_, i) => i);
    while (pending.length > 0) {
      const ready = pending.filter((i) => {
        const parent = entities[i]!.parent;
        return parent === null || parent.id !== undefined || ctx.resolved.has(parent.key!);
      });
      // A parent that is neither written nor in the batch: refId names it in the error.
      if (ready.length === 0) refId(entities[pending[0]!]!.parent!, ctx.resolved);
      const made = await store.categories.createMany(
        ctx.trx,
        ready.map((i) => {
          const e = entities[i]!;
          return { name: e.name, slug: e.slug, description: e.description, parent_id: idOrNull(e.parent, ctx.resolved) };
        }),
      );
      ready.forEach((i, k) => {
        ids[i] = made[k]!;
        ctx.resolved.set(entities[i]!.key, String(made[k]));
      });
      const done = new Set(ready);
      pending = pending.filter((i) => !done.has(i));
    }
    return ids;
  },
  remove: (trx, id, site) => storeOf(site).categories.delete(trx, id),
  summarise: (e, id) => `Category #${id}: ${e.name}${e.depth > 1 ? ` (level ${e.depth})` : ''}`,
});

/** Cartwheel's brands are flat: a sub-brand is written as a brand of its own (its parent is not kept). */
export const brandWriter = cartwheelWriter<BrandEntity>({
  write: (entities, ctx, store) => store.brands.createMany(ctx.trx, entities.map((e) => ({ name: e.name, slug: e.slug, description: e.description }))),
  remove: (trx, id, site) => storeOf(site).brands.delete(trx, id),
  summarise: (e, id) => `Brand #${id}: ${e.name}`,
});

export const attributeWriter = cartwheelWriter<AttributeEntity>({
  write: (entities, ctx, store) =>
    store.attributes.createMany(
      ctx.trx,
      entities.map((e) => ({
        name: e.name,
        slug: e.slug,
        order_by: e.sort_order === 'name' ? 'name' : 'menu_order',
        terms: [...e.terms].sort((a, b) => a.position - b.position).map((t) => ({ name: t.name, slug: t.slug })),
      })),
    ),
  remove: (trx, id, site) => storeOf(site).attributes.delete(trx, id),
  summarise: (e, id) => `Attribute #${id}: ${e.name} (${e.terms.length} terms)`,
});

/** The variation that sells a product: the sale price is cartwheel's price, the regular one its "was" price. */
function sellingVariation(e: ProductEntity): VariationInput {
  const onSale = e.sale_price_minor !== null && e.sale_price_minor < e.regular_price_minor;
  const manage = e.type !== 'variable' && e.manage_stock;
  return {
    title: e.name,
    sku: e.sku,
    price: onSale ? e.sale_price_minor! : e.regular_price_minor,
    compare_price: onSale ? e.regular_price_minor : null,
    payment_type: 'onetime',
    manage_stock: manage,
    stock: manage ? (e.stock_quantity ?? 0) : null,
  };
}

/**
 * Products are sold through variations. A physical product is `simple` (one variation). A variable
 * product is a `variations` product whose first variation carries its base price (cartwheel needs one);
 * its sold variations come from the product_variation resource. A digital product is offered once and,
 * as Fluent Cart sells digital goods, also by monthly subscription: a `variations` product with a
 * one-time and a subscription variation, which is what cartwheel's subscriptions are made of.
 */
/** The one picture cartwheel keeps of an entity, at its uploads URL; nothing when it has none. */
function imageOf(resource: 'product' | 'product_variation', e: ProductEntity | ProductVariationEntity, siteId: string): { image_src?: string; image_alt?: string } {
  const [main] = keptImages(IMAGES_KEPT[resource] ?? 0, e);
  return main ? { image_src: uploadUrl(siteId, main.file), image_alt: main.alt } : {};
}

export function productInput(e: ProductEntity, resolved: ReadonlyMap<string, string>, siteId: string): ProductInput {
  const selling = sellingVariation(e);
  const variations: VariationInput[] = [selling];
  if (e.type === 'digital') {
    variations.push({
      title: `${e.name} - monthly subscription`,
      sku: e.sku ? `${e.sku}-SUB` : null,
      price: selling.price,
      compare_price: selling.compare_price ?? null,
      payment_type: 'subscription',
      repeat_interval: 'monthly',
    });
  }
  return {
    title: e.name,
    slug: e.slug,
    status: PRODUCT_STATUS[e.status],
    fulfillment_type: e.type === 'digital' ? 'digital' : 'physical',
    variation_type: e.type === 'physical' ? 'simple' : 'variations',
    description: e.description,
    category_ids: e.categories.map((r) => idOf(r, resolved)),
    brand_ids: e.brand ? [idOf(e.brand, resolved)] : [],
    variations,
    ...imageOf('product', e, siteId),
    created_at: storeTime(e.created_at),
  };
}

export const productWriter = cartwheelWriter<ProductEntity>({
  write: (entities, ctx, store) => store.products.createMany(ctx.trx, entities.map((e) => productInput(e, ctx.resolved, ctx.site.id))),
  remove: (trx, id, site) => storeOf(site).products.delete(trx, id),
  summarise: (e, id, money) => `Product #${id}: ${e.name} (${e.type}, ${money(e.sale_price_minor ?? e.regular_price_minor, e.currency)})`,
});

/**
 * Variations of variable products. Each axis value is linked to the store's attribute term of that name
 * when there is one (a product-local axis has no term in cartwheel; its value stays in the title).
 */
export const productVariationWriter = cartwheelWriter<ProductVariationEntity>({
  async write(entities, ctx, store) {
    const terms = await termIndex(ctx.trx, store);
    const inputs: VariationCreate[] = entities.map((e) => {
      const onSale = e.sale_price_minor !== null && e.sale_price_minor < e.regular_price_minor;
      const term_ids = Object.entries(e.attributes)
        .map(([axis, value]) => terms.get(axis.toLowerCase())?.get(value.toLowerCase()))
        .filter((id): id is number => id !== undefined);
      return {
        product_id: idOf(e.product, ctx.resolved),
        title: Object.values(e.attributes).join(' / '),
        sku: e.sku,
        price: onSale ? e.sale_price_minor! : e.regular_price_minor,
        compare_price: onSale ? e.regular_price_minor : null,
        payment_type: 'onetime',
        manage_stock: e.manage_stock,
        stock: e.manage_stock ? (e.stock_quantity ?? 0) : null,
        term_ids,
        ...imageOf('product_variation', e, ctx.site.id),
      };
    });
    return store.variations.createMany(ctx.trx, inputs);
  },
  remove: (trx, id, site) => storeOf(site).variations.delete(trx, id),
  summarise: (e, id, money) => `Variation #${id}: ${e.sku} (${Object.values(e.attributes).join(', ')}), ${money(e.sale_price_minor ?? e.regular_price_minor, e.currency)}`,
});

export const productDownloadWriter = cartwheelWriter<ProductDownloadEntity>({
  write: (entities, ctx, store) =>
    store.downloads.createMany(
      ctx.trx,
      entities.map((e) => ({
        product_id: idOf(e.product, ctx.resolved),
        title: e.name,
        file_path: e.url,
        download_limit: e.download_limit,
        expiry_days: e.download_expiry_days,
      })),
    ),
  remove: (trx, id, site) => storeOf(site).downloads.delete(trx, id),
  summarise: (e, id) => `Download #${id}: ${e.file_name}`,
});
