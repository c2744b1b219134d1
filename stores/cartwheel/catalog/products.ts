/**
 * Cartwheel products and their variations (Fluent Cart's product details and variations). Every product
 * is sold through its variations: a `simple` product has exactly one, a `variations` product several.
 * Prices are integer cents; a variation is paid once (`onetime`) or repeatedly (`subscription`, with a
 * repeat interval). Cartwheel has no product tags at all.
 *
 * Deleting a product removes its variations, downloads and category/brand links; order items keep their
 * title and amounts with the product detached; subscriptions are detached too.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique, requireExisting, rowsById, type UniqueClaim } from '../../common/lookups.ts';
import { bool, groupBy, likeAny, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import {
  FULFILLMENT_TYPES, PAYMENT_TYPES, PRODUCT_STATUSES, REPEAT_INTERVALS, VARIATION_TYPES,
  type FulfillmentType, type PaymentType, type ProductStatus, type RepeatInterval, type VariationType,
} from '../statuses.ts';
import { C } from '../tables.ts';

export interface VariationInput {
  /** Defaults to the product title. */
  title?: string;
  /** Unique across all variations, ignoring case. */
  sku?: string | null;
  /** Integer cents. */
  price: number;
  /** The "was" price in cents; above `price`. */
  compare_price?: number | null;
  /** Default `onetime`. */
  payment_type?: PaymentType;
  /** Required for `subscription`, refused for `onetime`. */
  repeat_interval?: RepeatInterval | null;
  trial_days?: number;
  manage_stock?: boolean;
  /** Required when `manage_stock`. */
  stock?: number | null;
  shipping_class_id?: number | null;
  /** Attribute terms, one per attribute. */
  term_ids?: number[];
  /** The variation's picture: an http(s) URL or an absolute path (a site's uploads URL). */
  image_src?: string | null;
  /** Text for readers who cannot see the picture. */
  image_alt?: string | null;
}

/** A variation added to an existing product (which must be a `variations` product). */
export interface VariationCreate extends VariationInput {
  product_id: number;
}

export interface ProductDownloadInput {
  title: string;
  /** An http(s) URL or an absolute path. */
  file_path: string;
  download_limit?: number | null;
  expiry_days?: number | null;
}

export interface ProductInput {
  title: string;
  slug?: string;
  /** Default `publish`. */
  status?: ProductStatus;
  /** Default `physical`. */
  fulfillment_type?: FulfillmentType;
  /** Default `simple` (exactly one variation). */
  variation_type?: VariationType;
  description?: string;
  category_ids?: number[];
  brand_ids?: number[];
  /** At least one; exactly one for a `simple` product. */
  variations: VariationInput[];
  downloads?: ProductDownloadInput[];
  /** The product's one picture (Cartwheel keeps no gallery): an http(s) URL or an absolute path. */
  image_src?: string | null;
  image_alt?: string | null;
  created_at?: string;
}

export interface VariationRecord {
  id: number;
  product_id: number;
  title: string;
  sku: string | null;
  price: number;
  compare_price: number | null;
  payment_type: PaymentType;
  repeat_interval: RepeatInterval | null;
  trial_days: number;
  manage_stock: boolean;
  stock: number | null;
  shipping_class_id: number | null;
  position: number;
  term_ids: number[];
  image_src: string | null;
  image_alt: string | null;
}

export interface ProductRecord {
  id: number;
  title: string;
  slug: string;
  status: ProductStatus;
  fulfillment_type: FulfillmentType;
  variation_type: VariationType;
  description: string;
  category_ids: number[];
  brand_ids: number[];
  variations: VariationRecord[];
  downloads: Array<{ id: number; title: string; file_path: string; download_limit: number | null; expiry_days: number | null }>;
  image_src: string | null;
  image_alt: string | null;
  created_at: string;
}

type VariationRow = Omit<VariationRecord, 'id' | 'product_id' | 'term_ids' | 'position'>;

interface Item {
  row: {
    title: string; slug: string; status: string; fulfillment_type: string; variation_type: string; description: string;
    image_src: string | null; image_alt: string | null; created_at: string;
  };
  category_ids: number[];
  brand_ids: number[];
  variations: Array<{ row: VariationRow; term_ids: number[]; path: string }>;
  downloads: Array<{ title: string; file_path: string; download_limit: number | null; expiry_days: number | null }>;
}

const VARIATION_FIELDS = fieldsOf<VariationInput>()({
  title: 1, sku: 1, price: 1, compare_price: 1, payment_type: 1, repeat_interval: 1, trial_days: 1, manage_stock: 1, stock: 1,
  shipping_class_id: 1, term_ids: 1, image_src: 1, image_alt: 1,
});
const VARIATION_CREATE_FIELDS = fieldsOf<VariationCreate>()({
  product_id: 1, title: 1, sku: 1, price: 1, compare_price: 1, payment_type: 1, repeat_interval: 1, trial_days: 1, manage_stock: 1, stock: 1,
  shipping_class_id: 1, term_ids: 1, image_src: 1, image_alt: 1,
});
const FIELDS = fieldsOf<ProductInput>()({
  title: 1, slug: 1, status: 1, fulfillment_type: 1, variation_type: 1, description: 1, category_ids: 1, brand_ids: 1, variations: 1, downloads: 1,
  image_src: 1, image_alt: 1, created_at: 1,
});
const FILE = /^(https?:\/\/\S+|\/\S*)$/;

/** A record's one picture: its source (a URL or an absolute path) and its text, both absent or the source given. */
function checkImage(c: Check, path: string, o: Record<string, unknown>): { image_src: string | null; image_alt: string | null } {
  const src = c.text(join(path, 'image_src'), o.image_src, { optional: true, max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' });
  const alt = c.text(join(path, 'image_alt'), o.image_alt, { optional: true, max: 191 });
  if (alt !== null && src === null) c.fail(join(path, 'image_alt'), 'requires_image', 'describes a picture: give image_src too');
  return { image_src: src, image_alt: src === null ? null : (alt ?? '') };
}

/** Checks one variation's own fields. */
function checkVariation(c: Check, path: string, o: Record<string, unknown>, fallbackTitle: string): { row: VariationRow; term_ids: number[]; path: string } {
  const price = c.cents(join(path, 'price'), o.price);
  const compare = c.cents(join(path, 'compare_price'), o.compare_price, { optional: true });
  if (price !== null && compare !== null && compare <= price) c.fail(join(path, 'compare_price'), 'compare_above_price', 'must be above the price');
  const paymentType = c.oneOf(join(path, 'payment_type'), o.payment_type, PAYMENT_TYPES, 'onetime') ?? 'onetime';
  const given = o.repeat_interval !== undefined && o.repeat_interval !== null;
  const repeat = given ? c.oneOf(join(path, 'repeat_interval'), o.repeat_interval, REPEAT_INTERVALS) : null;
  if (paymentType === 'subscription' && !given) {
    c.fail(join(path, 'repeat_interval'), 'required', 'is required for a subscription variation');
  }
  if (paymentType === 'onetime' && repeat !== null) c.fail(join(path, 'repeat_interval'), 'not_for_payment_type', 'a one-time variation does not repeat');
  const manage = c.bool(join(path, 'manage_stock'), o.manage_stock, false);
  const stock = c.int(join(path, 'stock'), o.stock, { optional: true, min: 0 });
  if (manage && (o.stock === undefined || o.stock === null)) c.fail(join(path, 'stock'), 'required', 'is required when manage_stock is on');
  return {
    path,
    row: {
      title: c.text(join(path, 'title'), o.title, { optional: true }) ?? fallbackTitle,
      sku: c.text(join(path, 'sku'), o.sku, { optional: true, max: 100 }),
      price: price ?? 0,
      compare_price: compare,
      payment_type: paymentType,
      repeat_interval: paymentType === 'subscription' ? repeat : null,
      trial_days: c.int(join(path, 'trial_days'), o.trial_days, { optional: true, min: 0, max: 3650 }) ?? 0,
      manage_stock: manage,
      stock: manage ? stock : null,
      shipping_class_id: c.id(join(path, 'shipping_class_id'), o.shipping_class_id, { optional: true }),
      ...checkImage(c, path, o),
    },
    term_ids: c.ids(join(path, 'term_ids'), o.term_ids),
  };
}

/** Reference and uniqueness checks for variations, one query per table for the whole batch. */
async function checkVariationRefs(db: Executor, entries: Array<{ c: Check; v: { row: VariationRow; term_ids: number[]; path: string } }>): Promise<void> {
  const classes = await rowsById(db, C.shippingClasses, entries.map((e) => e.v.row.shipping_class_id));
  const terms = await rowsById<Record<string, unknown>>(db, C.attributeTerms, entries.flatMap((e) => e.v.term_ids), ['attribute_id']);
  for (const { c, v } of entries) {
    requireExisting(c, join(v.path, 'shipping_class_id'), v.row.shipping_class_id, classes, 'Shipping class');
    const seen = new Set<number>();
    v.term_ids.forEach((id, k) => {
      if (!requireExisting(c, `${join(v.path, 'term_ids')}[${k}]`, id, terms, 'Attribute term')) return;
      const attribute = Number(terms.get(id)!.attribute_id);
      if (seen.has(attribute)) c.fail(`${join(v.path, 'term_ids')}[${k}]`, 'one_term_per_attribute', `A variation takes one term of attribute ${attribute}`);
      seen.add(attribute);
    });
  }
  const claims: UniqueClaim[] = entries.map((e) => ({ check: e.c, field: join(e.v.path, 'sku'), value: e.v.row.sku }));
  await checkUnique(db, C.variations, 'sku', claims, 'SKU');
}

function addVariation(batch: WriteBatch, id: number, productId: number, position: number, v: { row: VariationRow; term_ids: number[] }): void {
  batch.add(C.variations, { id, product_id: productId, ...v.row, position });
  for (const term_id of v.term_ids) batch.add(C.variationTerms, { variation_id: id, term_id });
}

async function loadVariations(db: Executor, column: 'id' | 'product_id', ids: readonly number[]): Promise<VariationRecord[]> {
  const rows = await selectIn<Record<string, unknown>>(db, C.variations, column, ids);
  const found = rows.map((r) => Number(r.id));
  const links: Array<Record<string, unknown>> = [];
  for (let i = 0; i < found.length; i += 5000) {
    links.push(...((await db(C.variationTerms).whereIn('variation_id', found.slice(i, i + 5000)).select('variation_id', 'term_id').orderBy('term_id')) as Array<Record<string, unknown>>));
  }
  const terms = groupBy(links, 'variation_id');
  return rows.map((r) => ({
    id: Number(r.id),
    product_id: Number(r.product_id),
    title: str(r.title),
    sku: strOrNull(r.sku),
    price: Number(r.price),
    compare_price: numOrNull(r.compare_price),
    payment_type: str(r.payment_type) as PaymentType,
    repeat_interval: strOrNull(r.repeat_interval) as RepeatInterval | null,
    trial_days: Number(r.trial_days),
    manage_stock: bool(r.manage_stock),
    stock: numOrNull(r.stock),
    shipping_class_id: numOrNull(r.shipping_class_id),
    position: Number(r.position),
    term_ids: (terms.get(Number(r.id)) ?? []).map((t) => Number(t.term_id)),
    image_src: strOrNull(r.image_src),
    image_alt: strOrNull(r.image_alt),
  }));
}

export class ProductRepository extends Repository<ProductInput, ProductRecord, Item> {
  readonly entity = 'product';
  readonly table = C.products;

  protected async validate(db: Executor, inputs: readonly ProductInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items: Item[] = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const title = c.text('title', o.title);
      const variationType = c.oneOf('variation_type', o.variation_type, VARIATION_TYPES, 'simple') ?? 'simple';
      const fulfillment = c.oneOf('fulfillment_type', o.fulfillment_type, FULFILLMENT_TYPES, 'physical') ?? 'physical';
      const variations = c.list('variations', o.variations, (v, p) => checkVariation(c, p, c.object(p, v, VARIATION_FIELDS) ?? {}, title ?? ''));
      if (variations.length === 0 && Array.isArray(o.variations)) c.fail('variations', 'required', 'a product is sold through at least one variation');
      else if (o.variations === undefined || o.variations === null) c.fail('variations', 'required', 'a product is sold through at least one variation');
      if (variationType === 'simple' && variations.length > 1) c.fail('variations', 'simple_single_variation', 'a simple product has exactly one variation');
      if (fulfillment === 'digital') {
        variations.forEach((v) => {
          if (v.row.shipping_class_id !== null) c.fail(join(v.path, 'shipping_class_id'), 'not_for_digital', 'a digital product is not shipped');
        });
      }
      return {
        row: {
          title: title ?? '',
          slug: c.slug('slug', o.slug, title) ?? '',
          status: c.oneOf('status', o.status, PRODUCT_STATUSES, 'publish') ?? 'publish',
          fulfillment_type: fulfillment,
          variation_type: variationType,
          description: c.longText('description', o.description),
          ...checkImage(c, '', o),
          created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
        },
        category_ids: c.ids('category_ids', o.category_ids),
        brand_ids: c.ids('brand_ids', o.brand_ids),
        variations,
        downloads: c.list('downloads', o.downloads, (d, p) => {
          const x = c.object(p, d, { title: 1, file_path: 1, download_limit: 1, expiry_days: 1 }) ?? {};
          return {
            title: c.text(join(p, 'title'), x.title) ?? '',
            file_path: c.text(join(p, 'file_path'), x.file_path, { max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' }) ?? '',
            download_limit: c.int(join(p, 'download_limit'), x.download_limit, { optional: true, min: 1 }),
            expiry_days: c.int(join(p, 'expiry_days'), x.expiry_days, { optional: true, min: 1 }),
          };
        }),
      };
    });
    const categories = await rowsById(db, C.categories, items.flatMap((it) => it.category_ids));
    const brands = await rowsById(db, C.brands, items.flatMap((it) => it.brand_ids));
    items.forEach((it, i) => {
      it.category_ids.forEach((id, k) => requireExisting(checks[i], `category_ids[${k}]`, id, categories, 'Category'));
      it.brand_ids.forEach((id, k) => requireExisting(checks[i], `brand_ids[${k}]`, id, brands, 'Brand'));
    });
    await checkVariationRefs(db, items.flatMap((it, i) => it.variations.map((v) => ({ c: checks[i], v }))));
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.products, items.length);
    const variationIds = await batch.reserve(C.variations, items.reduce((n, it) => n + it.variations.length, 0));
    const downloadIds = await batch.reserve(C.downloads, items.reduce((n, it) => n + it.downloads.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.products, { id, ...it.row });
      for (const category_id of it.category_ids) batch.add(C.productCategories, { product_id: id, category_id });
      for (const brand_id of it.brand_ids) batch.add(C.productBrands, { product_id: id, brand_id });
      it.variations.forEach((v, k) => addVariation(batch, variationIds.next(), id, k, v));
      for (const d of it.downloads) batch.add(C.downloads, { id: downloadIds.next(), product_id: id, ...d });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.products, 'id', ids);
    const found = rows.map((r) => Number(r.id));
    const linkRows = async (table: string, column: string) => {
      const out: Array<Record<string, unknown>> = [];
      for (let i = 0; i < found.length; i += 5000) {
        out.push(...((await db(table).whereIn('product_id', found.slice(i, i + 5000)).select('product_id', column).orderBy(column)) as Array<Record<string, unknown>>));
      }
      return groupBy(out, 'product_id');
    };
    const cats = await linkRows(C.productCategories, 'category_id');
    const brands = await linkRows(C.productBrands, 'brand_id');
    const variations = new Map<number, VariationRecord[]>();
    for (const v of await loadVariations(db, 'product_id', found)) {
      const list = variations.get(v.product_id) ?? [];
      list.push(v);
      variations.set(v.product_id, list);
    }
    const downloads = groupBy(await selectIn<Record<string, unknown>>(db, C.downloads, 'product_id', found), 'product_id');
    return new Map(
      rows.map((r) => {
        const id = Number(r.id);
        return [
          id,
          {
            id,
            title: str(r.title),
            slug: str(r.slug),
            status: str(r.status) as ProductStatus,
            fulfillment_type: str(r.fulfillment_type) as FulfillmentType,
            variation_type: str(r.variation_type) as VariationType,
            description: str(r.description),
            category_ids: (cats.get(id) ?? []).map((x) => Number(x.category_id)),
            brand_ids: (brands.get(id) ?? []).map((x) => Number(x.brand_id)),
            variations: (variations.get(id) ?? []).sort((a, b) => a.position - b.position || a.id - b.id),
            downloads: (downloads.get(id) ?? []).map((d) => ({
              id: Number(d.id), title: str(d.title), file_path: str(d.file_path), download_limit: numOrNull(d.download_limit), expiry_days: numOrNull(d.expiry_days),
            })),
            image_src: strOrNull(r.image_src),
            image_alt: strOrNull(r.image_alt),
            created_at: str(r.created_at),
          },
        ];
      }),
    );
  }

  /** Products whose title contains `term`, or with a variation whose SKU contains it. */
  async search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ProductRecord>>> {
    const t = String(term ?? '').trim();
    const like = likeAny([`${C.products}.title`, `${C.variations}.sku`], t);
    const rows = (await db(C.products)
      .leftJoin(C.variations, `${C.variations}.product_id`, `${C.products}.id`)
      .distinct(`${C.products}.id as id`)
      .where((w: Knex.QueryBuilder) => {
        // An empty search matches everything: the most recent records, newest first.
        if (t === '') w.whereRaw('1 = 1');
        else w.whereRaw(like.sql, like.bindings);
        if (/^\d{1,9}$/.test(t)) w.orWhere(`${C.products}.id`, Number(t));
      })
      .orderBy('id', 'desc')
      .limit(Math.max(1, Math.min(100, Math.floor(Number(limit) || 20))))) as Array<{ id: number }>;
    return this.hits(db, rows.map((r) => Number(r.id)), (p) => p.title);
  }
}

interface VariationItem {
  product_id: number;
  v: { row: VariationRow; term_ids: number[]; path: string };
}

/** Variations added to existing `variations` products. Deleting one detaches order items and subscriptions that name it. */
export class VariationRepository extends Repository<VariationCreate, VariationRecord, VariationItem> {
  readonly entity = 'variation';
  readonly table = C.variations;

  protected async validate(db: Executor, inputs: readonly VariationCreate[], issues: ValidationIssue[]): Promise<VariationItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, VARIATION_CREATE_FIELDS) ?? {};
      return { product_id: c.id('product_id', o.product_id) ?? 0, v: checkVariation(c, '', o, '') };
    });
    const products = await rowsById<Record<string, unknown>>(db, C.products, items.map((it) => it.product_id || null), ['title', 'variation_type', 'fulfillment_type']);
    items.forEach((it, i) => {
      const c = checks[i];
      if (!requireExisting(c, 'product_id', it.product_id || null, products, 'Product')) return;
      const p = products.get(it.product_id)!;
      if (p.variation_type !== 'variations') c.fail('product_id', 'parent_not_variable', `Product ${it.product_id} is simple: it has exactly one variation`);
      if (p.fulfillment_type === 'digital' && it.v.row.shipping_class_id !== null) c.fail('shipping_class_id', 'not_for_digital', 'a digital product is not shipped');
      if (!it.v.row.title) it.v.row.title = str(p.title);
    });
    await checkVariationRefs(db, items.map((it, i) => ({ c: checks[i], v: it.v })));
    return items;
  }

  protected async write(batch: WriteBatch, items: VariationItem[]): Promise<number[]> {
    const ids = await batch.reserve(C.variations, items.length);
    return items.map((it) => {
      const id = ids.next();
      // Appended after the product's existing variations: positions only order, they need not be dense.
      addVariation(batch, id, it.product_id, 1000 + id, it.v);
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, VariationRecord>> {
    return new Map((await loadVariations(db, 'id', ids)).map((v) => [v.id, v]));
  }

  /** Variations whose title or SKU contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<VariationRecord>>> {
    return this.searchBy(db, ['title', 'sku'], term, limit, (v) => (v.sku ? `${v.title} (${v.sku})` : v.title));
  }
}
