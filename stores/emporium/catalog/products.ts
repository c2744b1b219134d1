/**
 * Emporium products and variations. Both live in `emp_products`, as WooCommerce keeps variations as
 * products whose parent is a variable product, so a SKU is unique across both. Prices are two-place
 * decimal strings; the active `price` is the sale price when there is one.
 */
import type { Knex } from 'knex';
import { Check, decimalToCents, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { checkUnique, requireExisting, rowsById } from '../../common/lookups.ts';
import { bool, groupBy, nowIso, numOrNull, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type StoreInfo, type WriteBatch } from '../../common/repository.ts';
import { PRODUCT_STATUSES, STOCK_STATUSES, TAX_STATUSES, type ProductStatus, type StockStatus, type TaxStatus } from '../statuses.ts';
import { T } from '../tables.ts';

/** A file a downloadable product offers. */
export interface DownloadInput {
  name: string;
  /** An http(s) URL or an absolute path. */
  file: string;
}

/** A picture of a product or variation: the first a product gives is its main picture, the others its gallery. */
export interface ImageInput {
  /** An http(s) URL or an absolute path (a site's uploads URL). */
  src: string;
  /** Text for readers who cannot see it; default empty. */
  alt?: string;
}

export interface ImageRecord {
  id: number;
  src: string;
  alt: string;
  /** 0 is the main picture. */
  position: number;
}

/** Fields products and variations share. */
export interface SellableInput {
  /** Unique across products and variations, ignoring case; absent or empty means none. */
  sku?: string | null;
  /** Decimal string, e.g. "19.99". */
  regular_price?: string | null;
  /** Decimal string below `regular_price`. */
  sale_price?: string | null;
  /** No shipping (a service or a digital good). Default false. */
  virtual?: boolean;
  /** Offers files (give them in `downloads`). Default false. */
  downloadable?: boolean;
  /** Track `stock_quantity`. Default false. */
  manage_stock?: boolean;
  /** Required when `manage_stock`; refused otherwise. */
  stock_quantity?: number | null;
  /** Default `instock`. */
  stock_status?: StockStatus;
  /** Weight as text in the store's unit, e.g. "0.5". */
  weight?: string;
  tax_class_id?: number | null;
  shipping_class_id?: number | null;
  description?: string;
  downloads?: DownloadInput[];
  /** Main picture first, then the gallery (a variation keeps one: its picture). */
  images?: ImageInput[];
  /** ISO 8601 UTC; default now. */
  created_at?: string;
}

/** A simple or variable product to create. */
export interface ProductInput extends SellableInput {
  name: string;
  /** `simple` (default) or `variable` (priced by its variations; give it no price). */
  type?: 'simple' | 'variable';
  /** Default `publish`. */
  status?: ProductStatus;
  slug?: string;
  /** Default `taxable`. */
  tax_status?: TaxStatus;
  short_description?: string;
  category_ids?: number[];
  tag_ids?: number[];
  brand_ids?: number[];
  /** Global attribute terms the product offers (a variable product's variations pick among them). */
  term_ids?: number[];
}

/** A variation of a variable product to create. */
export interface VariationInput extends SellableInput {
  /** The variable product; refused (`parent_not_variable`) if it is of another type. */
  parent_id: number;
  /** `publish` (default) or `private` (disabled). */
  status?: 'publish' | 'private';
  /** One term per attribute, each among the parent's terms. */
  term_ids?: number[];
}

export interface DownloadRecord {
  id: number;
  name: string;
  file: string;
}

/** A stored product or variation. */
export interface ProductRecord {
  id: number;
  /** The variable product of a variation; null for products. */
  parent_id: number | null;
  type: 'simple' | 'variable' | 'variation';
  status: ProductStatus;
  name: string;
  slug: string;
  sku: string | null;
  regular_price: string | null;
  sale_price: string | null;
  /** The price a customer pays: the sale price when set, else the regular price. */
  price: string | null;
  virtual: boolean;
  downloadable: boolean;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  weight: string;
  tax_status: TaxStatus;
  tax_class_id: number | null;
  shipping_class_id: number | null;
  description: string;
  short_description: string;
  category_ids: number[];
  tag_ids: number[];
  brand_ids: number[];
  term_ids: number[];
  downloads: DownloadRecord[];
  /** Main picture first (position 0), then the gallery. */
  images: ImageRecord[];
  /** A variable product's variations (empty otherwise). */
  variation_ids: number[];
  created_at: string;
}

interface Item {
  row: {
    parent_id: number | null;
    type: string;
    status: string;
    name: string;
    slug: string;
    sku: string | null;
    regular_price: string | null;
    sale_price: string | null;
    virtual: boolean;
    downloadable: boolean;
    manage_stock: boolean;
    stock_quantity: number | null;
    stock_status: string;
    weight: string;
    tax_status: string;
    tax_class_id: number | null;
    shipping_class_id: number | null;
    description: string;
    short_description: string;
    created_at: string;
  };
  category_ids: number[];
  tag_ids: number[];
  brand_ids: number[];
  term_ids: number[];
  downloads: DownloadInput[];
  images: Array<{ src: string; alt: string }>;
}

/** The most pictures one product keeps. */
const MAX_IMAGES = 20;

const SELLABLE_FIELDS = {
  sku: 1, regular_price: 1, sale_price: 1, virtual: 1, downloadable: 1, manage_stock: 1, stock_quantity: 1,
  stock_status: 1, weight: 1, tax_class_id: 1, shipping_class_id: 1, description: 1, downloads: 1, images: 1, created_at: 1,
} as const;
const PRODUCT_FIELDS = fieldsOf<ProductInput>()({
  ...SELLABLE_FIELDS, name: 1, type: 1, status: 1, slug: 1, tax_status: 1, short_description: 1,
  category_ids: 1, tag_ids: 1, brand_ids: 1, term_ids: 1,
});
const VARIATION_FIELDS = fieldsOf<VariationInput>()({ ...SELLABLE_FIELDS, parent_id: 1, status: 1, term_ids: 1 });

const FILE = /^(https?:\/\/\S+|\/\S*)$/;

/** Checks the fields products and variations share; returns the row part they share. */
function sellable(c: Check, o: Record<string, unknown>) {
  const sku = c.text('sku', o.sku, { optional: true, max: 100 });
  const regular = c.decimal('regular_price', o.regular_price, { optional: true });
  const sale = c.decimal('sale_price', o.sale_price, { optional: true });
  if (sale !== null && (regular === null || decimalToCents(sale) >= decimalToCents(regular))) {
    c.fail('sale_price', 'sale_below_regular', 'must be below the regular price');
  }
  const manage = c.bool('manage_stock', o.manage_stock, false);
  const qty = c.int('stock_quantity', o.stock_quantity, { optional: true, min: -1_000_000, max: 1_000_000_000 });
  if (manage && qty === null && (o.stock_quantity === undefined || o.stock_quantity === null)) {
    c.fail('stock_quantity', 'required', 'is required when manage_stock is on');
  }
  if (!manage && qty !== null) c.fail('stock_quantity', 'requires_manage_stock', 'is only kept when manage_stock is on');
  const downloadable = c.bool('downloadable', o.downloadable, false);
  const downloads = c.list('downloads', o.downloads, (d, p) => {
    const x = c.object(p, d, { name: 1, file: 1 }) ?? {};
    return { name: c.text(`${p}.name`, x.name) ?? '', file: c.text(`${p}.file`, x.file, { max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' }) ?? '' };
  });
  if (downloads.length > 0 && !downloadable) c.fail('downloads', 'requires_downloadable', 'need the product to be downloadable');
  const images = c.list('images', o.images, (d, p) => {
    const x = c.object(p, d, { src: 1, alt: 1 }) ?? {};
    return {
      src: c.text(`${p}.src`, x.src, { max: 2048, pattern: FILE, patternText: 'an http(s) URL or an absolute path' }) ?? '',
      alt: c.text(`${p}.alt`, x.alt, { optional: true, max: 191 }) ?? '',
    };
  });
  if (images.length > MAX_IMAGES) c.fail('images', 'too_many', `takes at most ${MAX_IMAGES} pictures`);
  return {
    sku,
    regular_price: regular,
    sale_price: sale,
    virtual: c.bool('virtual', o.virtual, false),
    downloadable,
    manage_stock: manage,
    stock_quantity: manage ? qty : null,
    stock_status: c.oneOf('stock_status', o.stock_status, STOCK_STATUSES, 'instock') ?? 'instock',
    weight: c.text('weight', o.weight, { optional: true, max: 32, pattern: /^\d+(\.\d+)?$/, patternText: 'a decimal number' }) ?? '',
    tax_class_id: c.id('tax_class_id', o.tax_class_id, { optional: true }),
    shipping_class_id: c.id('shipping_class_id', o.shipping_class_id, { optional: true }),
    description: c.longText('description', o.description),
    created_at: c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso(),
    downloads,
    images,
  };
}

/** Reference checks shared by both repositories, one query per referenced table for the whole batch. */
async function checkReferences(db: Executor, checks: Check[], items: Item[]): Promise<void> {
  const refs = async (table: string, pick: (it: Item) => Array<number | null>) => rowsById(db, table, items.flatMap(pick));
  const taxClasses = await refs(T.taxClasses, (it) => [it.row.tax_class_id]);
  const shippingClasses = await refs(T.shippingClasses, (it) => [it.row.shipping_class_id]);
  const categories = await refs(T.categories, (it) => it.category_ids);
  const tags = await refs(T.tags, (it) => it.tag_ids);
  const brands = await refs(T.brands, (it) => it.brand_ids);
  items.forEach((it, i) => {
    const c = checks[i];
    requireExisting(c, 'tax_class_id', it.row.tax_class_id, taxClasses, 'Tax class');
    requireExisting(c, 'shipping_class_id', it.row.shipping_class_id, shippingClasses, 'Shipping class');
    it.category_ids.forEach((id, k) => requireExisting(c, `category_ids[${k}]`, id, categories, 'Category'));
    it.tag_ids.forEach((id, k) => requireExisting(c, `tag_ids[${k}]`, id, tags, 'Tag'));
    it.brand_ids.forEach((id, k) => requireExisting(c, `brand_ids[${k}]`, id, brands, 'Brand'));
  });
  await checkUnique(db, T.products, 'sku', items.map((it, i) => ({ check: checks[i], field: 'sku', value: it.row.sku })), 'SKU');
}

async function writeProducts(batch: WriteBatch, items: Item[]): Promise<number[]> {
  const ids = await batch.reserve(T.products, items.length);
  const downloadIds = await batch.reserve(T.downloads, items.reduce((n, it) => n + it.downloads.length, 0));
  const imageIds = await batch.reserve(T.images, items.reduce((n, it) => n + it.images.length, 0));
  return items.map((it) => {
    const id = ids.next();
    batch.add(T.products, { id, ...it.row });
    for (const category_id of it.category_ids) batch.add(T.productCategories, { product_id: id, category_id });
    for (const tag_id of it.tag_ids) batch.add(T.productTags, { product_id: id, tag_id });
    for (const brand_id of it.brand_ids) batch.add(T.productBrands, { product_id: id, brand_id });
    for (const term_id of it.term_ids) batch.add(T.productTerms, { product_id: id, term_id });
    for (const d of it.downloads) batch.add(T.downloads, { id: downloadIds.next(), product_id: id, name: d.name, file: d.file });
    it.images.forEach((m, position) => batch.add(T.images, { id: imageIds.next(), product_id: id, position, src: m.src, alt: m.alt }));
    return id;
  });
}

/** Reads products or variations with their links, downloads and variations: one query per table. */
export async function loadProducts(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
  const rows = await selectIn<Record<string, unknown>>(db, T.products, 'id', ids);
  const found = rows.map((r) => Number(r.id));
  // Link tables have no id column to order by, so they are not read through selectIn.
  const plainLinks = async (table: string, column: string) => {
    const out: Array<Record<string, unknown>> = [];
    for (let i = 0; i < found.length; i += 5000) {
      out.push(...((await db(table).whereIn('product_id', found.slice(i, i + 5000)).select('product_id', column).orderBy(column)) as Array<Record<string, unknown>>));
    }
    return groupBy(out, 'product_id');
  };
  const cats = await plainLinks(T.productCategories, 'category_id');
  const tags = await plainLinks(T.productTags, 'tag_id');
  const brands = await plainLinks(T.productBrands, 'brand_id');
  const terms = await plainLinks(T.productTerms, 'term_id');
  const downloads = groupBy(await selectIn<Record<string, unknown>>(db, T.downloads, 'product_id', found), 'product_id');
  const images = groupBy(await selectIn<Record<string, unknown>>(db, T.images, 'product_id', found), 'product_id');
  const variations = groupBy(await selectIn<Record<string, unknown>>(db, T.products, 'parent_id', found, ['id', 'parent_id']), 'parent_id');
  const pick = (m: Map<number, Array<Record<string, unknown>>>, id: number, col: string) => (m.get(id) ?? []).map((r) => Number(r[col]));
  const map = new Map<number, ProductRecord>();
  for (const r of rows) {
    const id = Number(r.id);
    const regular = strOrNull(r.regular_price);
    const sale = strOrNull(r.sale_price);
    map.set(id, {
      id,
      parent_id: numOrNull(r.parent_id),
      type: str(r.type) as ProductRecord['type'],
      status: str(r.status) as ProductStatus,
      name: str(r.name),
      slug: str(r.slug),
      sku: strOrNull(r.sku),
      regular_price: regular,
      sale_price: sale,
      price: sale ?? regular,
      virtual: bool(r.virtual),
      downloadable: bool(r.downloadable),
      manage_stock: bool(r.manage_stock),
      stock_quantity: numOrNull(r.stock_quantity),
      stock_status: str(r.stock_status) as StockStatus,
      weight: str(r.weight),
      tax_status: str(r.tax_status) as TaxStatus,
      tax_class_id: numOrNull(r.tax_class_id),
      shipping_class_id: numOrNull(r.shipping_class_id),
      description: str(r.description),
      short_description: str(r.short_description),
      category_ids: pick(cats, id, 'category_id'),
      tag_ids: pick(tags, id, 'tag_id'),
      brand_ids: pick(brands, id, 'brand_id'),
      term_ids: pick(terms, id, 'term_id'),
      downloads: (downloads.get(id) ?? []).map((d) => ({ id: Number(d.id), name: str(d.name), file: str(d.file) })),
      images: (images.get(id) ?? [])
        .map((m) => ({ id: Number(m.id), src: str(m.src), alt: str(m.alt), position: Number(m.position) }))
        .sort((a, b) => a.position - b.position),
      variation_ids: pick(variations, id, 'id'),
      created_at: str(r.created_at),
    });
  }
  return map;
}

/** Simple and variable products. Deleting one removes its variations, downloads and their permissions; order lines keep their snapshot with the product detached. */
export class ProductRepository extends Repository<ProductInput, ProductRecord, Item> {
  readonly entity = 'product';
  readonly table = T.products;

  constructor(store: StoreInfo) {
    super(store);
  }

  protected override scope(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.whereNot('type', 'variation');
  }

  protected async validate(db: Executor, inputs: readonly ProductInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items: Item[] = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, PRODUCT_FIELDS) ?? {};
      const name = c.text('name', o.name);
      const type = c.oneOf('type', o.type, ['simple', 'variable'] as const, 'simple') ?? 'simple';
      const s = sellable(c, o);
      if (type === 'variable') {
        if (s.regular_price !== null) c.fail('regular_price', 'variable_has_no_price', 'is set on the variations of a variable product');
        if (s.sale_price !== null) c.fail('sale_price', 'variable_has_no_price', 'is set on the variations of a variable product');
      }
      const { downloads, images, ...shared } = s;
      return {
        row: {
          ...shared,
          parent_id: null,
          type,
          status: c.oneOf('status', o.status, PRODUCT_STATUSES, 'publish') ?? 'publish',
          name: name ?? '',
          slug: c.slug('slug', o.slug, name) ?? '',
          tax_status: c.oneOf('tax_status', o.tax_status, TAX_STATUSES, 'taxable') ?? 'taxable',
          short_description: c.longText('short_description', o.short_description),
        },
        category_ids: c.ids('category_ids', o.category_ids),
        tag_ids: c.ids('tag_ids', o.tag_ids),
        brand_ids: c.ids('brand_ids', o.brand_ids),
        term_ids: c.ids('term_ids', o.term_ids),
        downloads,
        images,
      };
    });
    await checkReferences(db, checks, items);
    const terms = await rowsById(db, T.attributeTerms, items.flatMap((it) => it.term_ids));
    items.forEach((it, i) => it.term_ids.forEach((id, k) => requireExisting(checks[i], `term_ids[${k}]`, id, terms, 'Attribute term')));
    return items;
  }

  protected write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    return writeProducts(batch, items);
  }

  protected load(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
    return loadProducts(db, ids).then((m) => new Map([...m].filter(([, p]) => p.type !== 'variation')));
  }

  /** Products (not variations) whose name or SKU contains `term`, or whose id is `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ProductRecord>>> {
    return this.searchBy(db, ['name', 'sku'], term, limit, (p) => (p.sku ? `${p.name} (${p.sku})` : p.name));
  }
}

/** Variations of variable products. Deleting one removes its downloads; order lines keep their snapshot. */
export class VariationRepository extends Repository<VariationInput, ProductRecord, Item> {
  readonly entity = 'variation';
  readonly table = T.products;

  protected override scope(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.where('type', 'variation');
  }

  protected async validate(db: Executor, inputs: readonly VariationInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const drafts = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, VARIATION_FIELDS) ?? {};
      const { downloads, images, ...shared } = sellable(c, o);
      if (images.length > 1) c.fail('images', 'one_per_variation', 'takes one picture: a variation has no gallery');
      return {
        parent: c.id('parent_id', o.parent_id),
        status: c.oneOf('status', o.status, ['publish', 'private'] as const, 'publish') ?? 'publish',
        shared,
        downloads,
        images,
        term_ids: c.ids('term_ids', o.term_ids),
      };
    });
    const parents = await rowsById<Record<string, unknown>>(db, T.products, drafts.map((d) => d.parent), ['type', 'name', 'tax_status']);
    const parentTerms = groupBy(
      (await db(T.productTerms).whereIn('product_id', [...parents.keys()]).select('product_id', 'term_id')) as Array<Record<string, unknown>>,
      'product_id',
    );
    const terms = await rowsById<Record<string, unknown>>(db, T.attributeTerms, drafts.flatMap((d) => d.term_ids), ['attribute_id', 'name']);
    const items: Item[] = drafts.map((d, i) => {
      const c = checks[i];
      const parent = d.parent === null ? undefined : parents.get(d.parent);
      if (d.parent !== null && !parent) c.fail('parent_id', 'exists', `Product ${d.parent} does not exist`);
      else if (parent && parent.type !== 'variable') c.fail('parent_id', 'parent_not_variable', `Product ${d.parent} is ${String(parent.type)}, not variable`);
      const onParent = new Set((parentTerms.get(d.parent ?? 0) ?? []).map((r) => Number(r.term_id)));
      const seenAttributes = new Set<number>();
      const names: string[] = [];
      d.term_ids.forEach((id, k) => {
        const term = terms.get(id);
        if (!requireExisting(c, `term_ids[${k}]`, id, terms, 'Attribute term') || !term) return;
        if (parent && !onParent.has(id)) c.fail(`term_ids[${k}]`, 'term_not_on_parent', `Term ${id} is not one the parent product offers`);
        const attribute = Number(term.attribute_id);
        if (seenAttributes.has(attribute)) c.fail(`term_ids[${k}]`, 'one_term_per_attribute', `A variation takes one term of attribute ${attribute}`);
        seenAttributes.add(attribute);
        names.push(String(term.name));
      });
      const parentName = parent ? String(parent.name) : '';
      return {
        row: {
          ...d.shared,
          parent_id: d.parent,
          type: 'variation',
          status: d.status,
          name: names.length > 0 ? `${parentName} - ${names.join(', ')}` : parentName,
          slug: '',
          tax_status: parent ? String(parent.tax_status) : 'taxable',
          short_description: '',
        },
        category_ids: [],
        tag_ids: [],
        brand_ids: [],
        term_ids: d.term_ids,
        downloads: d.downloads,
        images: d.images,
      };
    });
    await checkReferences(db, checks, items);
    return items;
  }

  protected write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    return writeProducts(batch, items);
  }

  protected load(db: Executor, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
    return loadProducts(db, ids).then((m) => new Map([...m].filter(([, p]) => p.type === 'variation')));
  }

  /** Variations whose name or SKU contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ProductRecord>>> {
    return this.searchBy(db, ['name', 'sku'], term, limit, (p) => (p.sku ? `${p.name} (${p.sku})` : p.name));
  }
}
