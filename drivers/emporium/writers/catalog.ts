/** Writers for emporium's catalogue: categories, tags, brands, attributes, products, variations, download files. */
import type { AttributeEntity, BrandEntity, MoneyText, ProductCategoryEntity, ProductDownloadEntity, ProductEntity, ProductTagEntity, ProductVariationEntity, Ref, ResourceWriter, WriteContext } from '../../../plugin-api.ts';
import { deleteEach, keptImages, numericId, platformField, refId, remember, repositoryWriter, toStoreInstant, UnmappableEntityError, UnmetPrerequisiteError, UnresolvedReferenceError, uploadUrl } from '../../../plugin-api.ts';
import type { EmporiumStore, ImageInput, ProductInput, TaxStatus, TermInput, VariationInput } from '../../../stores/emporium/index.ts';
import { gramsToKg, toDecimal, toDecimalOrNull } from '../money.ts';
import { IMAGES_KEPT, PRODUCT_STATUS, PRODUCT_TYPE, STOCK_STATUS } from '../vocabulary.ts';

const idOf = (ref: Ref, ctx: WriteContext): number => numericId(refId(ref, ctx.resolved));

/**
 * The category tree. A parent may be an entity of the same batch, so the batch is written level by
 * level: every entity whose parent is already known goes in one `createMany`, then the next level
 * (at most `max_depth` statements' worth, never one per row).
 */
export function categoryWriter(store: EmporiumStore): ResourceWriter<ProductCategoryEntity> {
  return {
    async write(entities, ctx) {
      const ids: Array<string | undefined> = entities.map(() => undefined);
      let pending = entities.map((_, i) => i);
      while (pending.length > 0) {
        const ready = pending.filter((i) => {
          const parent = entities[i].parent;
          return !parent || parent.id !== undefined || ctx.resolved.has(parent.key);
        });
        if (ready.length === 0) throw new UnresolvedReferenceError(entities[pending[0]].parent!.key!);
        const inputs: TermInput[] = ready.map((i) => {
          const e = entities[i];
          return { name: e.name, slug: e.slug, description: e.description, parent_id: e.parent ? idOf(e.parent, ctx) : null };
        });
        const written = remember(ready.map((i) => entities[i]), await store.categories.createMany(ctx.trx, inputs), ctx);
        ready.forEach((i, k) => (ids[i] = written[k]));
        pending = pending.filter((i) => ids[i] === undefined);
      }
      return ids as string[];
    },
    delete: (ids, ctx) => deleteEach(ids, (id) => store.categories.delete(ctx.trx, id)),
    summarise: (e, id) => `Product category #${id} "${e.name}"${e.depth > 1 ? ` (level ${e.depth})` : ''}`,
  };
}

export function tagWriter(store: EmporiumStore): ResourceWriter<ProductTagEntity> {
  return repositoryWriter(store.tags, {
    toInput: (e) => ({ name: e.name, slug: e.slug, description: e.description }),
    summarise: (e, id) => `Product tag #${id} "${e.name}"`,
  });
}

/** Emporium's brands are flat: a sub-brand is written as a brand of its own (its parent is not kept). */
export function brandWriter(store: EmporiumStore): ResourceWriter<BrandEntity> {
  return repositoryWriter(store.brands, {
    toInput: (e) => ({ name: e.name, slug: e.slug, description: e.description }),
    summarise: (e, id) => `Brand #${id} "${e.name}"`,
  });
}

export function attributeWriter(store: EmporiumStore): ResourceWriter<AttributeEntity> {
  return repositoryWriter(store.attributes, {
    toInput: (e) => ({
      name: e.name,
      slug: e.slug,
      order_by: e.sort_order === 'name' ? ('name' as const) : ('menu_order' as const),
      terms: [...e.terms].sort((a, b) => a.position - b.position).map((t) => ({ name: t.name, slug: t.slug })),
    }),
    summarise: (e, id) => `Attribute #${id} "${e.name}" (${e.terms.length} terms)`,
  });
}

const fold = (s: string) => s.trim().toLowerCase();

/** attribute id -> folded term name -> term id, for the global attributes a batch refers to. */
async function termIndex(store: EmporiumStore, ctx: WriteContext, attributeIds: Iterable<number>): Promise<Map<number, Map<string, number>>> {
  const ids = [...new Set(attributeIds)].filter((n) => Number.isSafeInteger(n));
  const index = new Map<number, Map<string, number>>();
  for (const a of await store.attributes.getMany(ctx.trx, ids)) {
    index.set(a.id, new Map(a.terms.map((t) => [fold(t.name), t.id])));
  }
  return index;
}

function productTitle(e: ProductEntity, money: MoneyText): string {
  return e.type === 'variable' ? 'variable' : money(e.sale_price_minor ?? e.regular_price_minor, e.currency);
}

/** The pictures emporium keeps of an entity (main first, then the gallery), at their uploads URLs. */
function imageInputs(resource: 'product' | 'product_variation', e: ProductEntity | ProductVariationEntity, siteId: string): ImageInput[] {
  return keptImages(IMAGES_KEPT[resource] ?? 0, e).map((m) => ({ src: uploadUrl(siteId, m.file), alt: m.alt }));
}

/**
 * Products. Physical products are simple, digital ones simple, virtual and downloadable, variable ones
 * variable (priced by their variations, so the base price is not stored). Global attributes become
 * the product's attribute terms; product-local attributes and dimensions have no place in emporium.
 */
export function productWriter(store: EmporiumStore): ResourceWriter<ProductEntity> {
  return repositoryWriter(store.products, {
    prepare: (entities, ctx) =>
      termIndex(store, ctx, entities.flatMap((e) => e.attributes.flatMap((a) => (a.attribute ? [idOf(a.attribute, ctx)] : [])))),
    toInput(e, ctx, terms): ProductInput {
      const variable = e.type === 'variable';
      const term_ids: number[] = [];
      for (const a of e.attributes) {
        if (!a.attribute) continue;
        const attributeId = idOf(a.attribute, ctx);
        const byName = terms.get(attributeId);
        for (const value of a.values) {
          const term = byName?.get(fold(value));
          if (term === undefined) {
            throw new UnmappableEntityError(`Attribute ${attributeId} ("${a.name}") has no term "${value}" for product "${e.name}"; emporium links products to existing attribute terms only.`);
          }
          term_ids.push(term);
        }
      }
      return {
        name: e.name,
        slug: e.slug,
        sku: e.sku,
        type: PRODUCT_TYPE[e.type],
        status: PRODUCT_STATUS[e.status],
        tax_status: platformField<TaxStatus>(e, 'emporium_tax_status'),
        description: e.description,
        short_description: e.short_description,
        ...(variable ? {} : { regular_price: toDecimal(e.regular_price_minor, e.currency), sale_price: toDecimalOrNull(e.sale_price_minor, e.currency) }),
        virtual: e.virtual,
        downloadable: e.downloadable,
        manage_stock: e.manage_stock,
        stock_quantity: e.manage_stock ? e.stock_quantity : null,
        stock_status: STOCK_STATUS[e.stock_status],
        ...(e.weight_grams === null ? {} : { weight: gramsToKg(e.weight_grams) }),
        category_ids: e.categories.map((r) => idOf(r, ctx)),
        tag_ids: e.tags.map((r) => idOf(r, ctx)),
        brand_ids: e.brand ? [idOf(e.brand, ctx)] : [],
        term_ids,
        images: imageInputs('product', e, ctx.site.id),
        created_at: toStoreInstant(e.created_at),
      };
    },
    summarise: (e, id, money) => `Product #${id} "${e.name}" (${e.type}, ${productTitle(e, money)})`,
  });
}

interface VariationContext {
  /** product id -> folded "attribute\u0000term" -> term id, over the terms the product offers. */
  offered: Map<number, Map<string, number>>;
}

/**
 * Variations. Emporium keeps a variation's attributes as terms of global attributes that its parent
 * offers, so each `attribute: value` pair is looked up among the parent's terms; a pair the parent does
 * not offer is refused with a message rather than dropped (two variations would become one).
 */
export function variationWriter(store: EmporiumStore): ResourceWriter<ProductVariationEntity> {
  return repositoryWriter(store.variations, {
    async prepare(entities, ctx): Promise<VariationContext> {
      const parents = await store.products.getMany(ctx.trx, [...new Set(entities.map((e) => idOf(e.product, ctx)))]);
      const terms = await store.attributeTerms.getMany(ctx.trx, [...new Set(parents.flatMap((p) => p.term_ids))]);
      const attributes = new Map((await store.attributes.getMany(ctx.trx, [...new Set(terms.map((t) => t.attribute_id))])).map((a) => [a.id, a.name]));
      const termById = new Map(terms.map((t) => [t.id, t]));
      const offered = new Map<number, Map<string, number>>();
      for (const p of parents) {
        const m = new Map<string, number>();
        for (const tid of p.term_ids) {
          const t = termById.get(tid);
          if (t) m.set(`${fold(attributes.get(t.attribute_id) ?? '')}\u0000${fold(t.name)}`, t.id);
        }
        offered.set(p.id, m);
      }
      return { offered };
    },
    toInput(e, ctx, { offered }): VariationInput {
      const parent = idOf(e.product, ctx);
      const own = offered.get(parent);
      const term_ids: number[] = [];
      // An unknown parent is left to the store, which refuses it naming parent_id.
      if (own) {
        for (const [axis, value] of Object.entries(e.attributes)) {
          const term = own.get(`${fold(axis)}\u0000${fold(value)}`);
          if (term === undefined) {
            throw new UnmetPrerequisiteError(
              `Product ${parent} offers no "${axis}: ${value}" as a global attribute term, so emporium cannot hold variation ${e.sku}; generate attributes before variable products, or vary only axes the product offers.`,
              'attributes',
              'product',
            );
          }
          term_ids.push(term);
        }
      }
      return {
        parent_id: parent,
        sku: e.sku,
        regular_price: toDecimal(e.regular_price_minor, e.currency),
        sale_price: toDecimalOrNull(e.sale_price_minor, e.currency),
        manage_stock: e.manage_stock,
        stock_quantity: e.manage_stock ? e.stock_quantity : null,
        stock_status: STOCK_STATUS[e.stock_status],
        ...(e.weight_grams === null ? {} : { weight: gramsToKg(e.weight_grams) }),
        term_ids,
        images: imageInputs('product_variation', e, ctx.site.id),
        created_at: toStoreInstant(e.created_at),
      };
    },
    summarise: (e, id, money) =>
      `Variation #${id} ${e.sku} (${Object.entries(e.attributes).map(([k, v]) => `${k}: ${v}`).join(', ')}; ${money(e.sale_price_minor ?? e.regular_price_minor, e.currency)})`,
  });
}

/**
 * Download files, added to their (downloadable) product. Emporium keeps a file's name and URL; the
 * file's size and type, and the per-file download limit and expiry, have no place in it.
 */
export function downloadWriter(store: EmporiumStore): ResourceWriter<ProductDownloadEntity> {
  return repositoryWriter(store.downloads, {
    toInput: (e, ctx) => ({ product_id: idOf(e.product, ctx), name: e.name, file: e.url }),
    summarise: (e, id) => `Download #${id} "${e.file_name}" of product ${e.product.id ?? e.product.key}`,
  });
}
