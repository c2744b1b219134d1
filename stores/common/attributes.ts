/** The tables of one store's attributes. */
export interface AttributeTables {
  readonly attributes: string;
  readonly terms: string;
}

/**
 * Global attributes (Color, Size) and their terms, shared by both stores (same columns, own tables). Deleting an attribute removes its terms and every
 * product's and variation's use of them (the links), never the products.
 */
import { Check, fieldsOf, join } from './check.ts';
import type { ValidationIssue } from './errors.ts';
import type { Executor } from './executor.ts';
import { checkUnique, requireExisting, rowsById } from './lookups.ts';
import { groupBy, selectIn, str } from './reads.ts';
import { Repository, type SearchHit, type StoreInfo, type WriteBatch } from './repository.ts';

export const ATTRIBUTE_ORDER_BY = ['menu_order', 'name', 'name_num', 'id'] as const;

export interface AttributeTermInput {
  name: string;
  /** Derived from the name when absent; unique within the attribute. */
  slug?: string;
}

export interface AttributeInput {
  name: string;
  /** Derived from the name when absent; unique. */
  slug?: string;
  /** Default `menu_order`. */
  order_by?: (typeof ATTRIBUTE_ORDER_BY)[number];
  terms?: AttributeTermInput[];
}

/** A term to add to an existing attribute. */
export interface AttributeTermCreate extends AttributeTermInput {
  attribute_id: number;
}

export interface AttributeTermRecord {
  id: number;
  attribute_id: number;
  name: string;
  slug: string;
}

export interface AttributeRecord {
  id: number;
  name: string;
  slug: string;
  order_by: (typeof ATTRIBUTE_ORDER_BY)[number];
  terms: AttributeTermRecord[];
}

interface AttributeItem {
  name: string;
  slug: string;
  order_by: string;
  terms: Array<{ name: string; slug: string }>;
}

const FIELDS = fieldsOf<AttributeInput>()({ name: 1, slug: 1, order_by: 1, terms: 1 });
const TERM_FIELDS = fieldsOf<AttributeTermCreate>()({ attribute_id: 1, name: 1, slug: 1 });

function termOf(r: Record<string, unknown>): AttributeTermRecord {
  return { id: Number(r.id), attribute_id: Number(r.attribute_id), name: str(r.name), slug: str(r.slug) };
}

export class AttributeRepository extends Repository<AttributeInput, AttributeRecord, AttributeItem> {
  protected readonly tables: AttributeTables;

  constructor(store: StoreInfo, tables: AttributeTables) {
    super(store);
    this.tables = tables;
  }

  readonly entity = 'attribute';
  get table(): string {
    return this.tables.attributes;
  }

  protected async validate(db: Executor, inputs: readonly AttributeInput[], issues: ValidationIssue[]): Promise<AttributeItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const name = c.text('name', o.name, { max: 100 });
      const terms = c.list('terms', o.terms, (t, p) => {
        const x = c.object(p, t, { name: 1, slug: 1 }) ?? {};
        const tn = c.text(join(p, 'name'), x.name);
        return { name: tn ?? '', slug: c.slug(join(p, 'slug'), x.slug, tn) ?? '' };
      });
      const seen = new Set<string>();
      terms.forEach((t, k) => {
        if (seen.has(t.slug)) c.fail(`terms[${k}].slug`, 'unique', `Term slug "${t.slug}" appears twice`);
        seen.add(t.slug);
      });
      return {
        name: name ?? '',
        slug: c.slug('slug', o.slug, name) ?? '',
        order_by: c.oneOf('order_by', o.order_by, ATTRIBUTE_ORDER_BY, 'menu_order') ?? 'menu_order',
        terms,
      };
    });
    await checkUnique(db, this.tables.attributes, 'slug', items.map((it, i) => ({ check: checks[i], field: 'slug', value: it.slug || null })), 'Attribute slug');
    return items;
  }

  protected async write(batch: WriteBatch, items: AttributeItem[]): Promise<number[]> {
    const ids = await batch.reserve(this.tables.attributes, items.length);
    const termIds = await batch.reserve(this.tables.terms, items.reduce((n, it) => n + it.terms.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(this.tables.attributes, { id, name: it.name, slug: it.slug, order_by: it.order_by });
      for (const t of it.terms) batch.add(this.tables.terms, { id: termIds.next(), attribute_id: id, name: t.name, slug: t.slug });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, AttributeRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, this.tables.attributes, 'id', ids);
    const terms = groupBy(await selectIn<Record<string, unknown>>(db, this.tables.terms, 'attribute_id', ids), 'attribute_id');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          name: str(r.name),
          slug: str(r.slug),
          order_by: str(r.order_by) as AttributeRecord['order_by'],
          terms: (terms.get(Number(r.id)) ?? []).map(termOf),
        },
      ]),
    );
  }

  /** Attributes whose name or slug contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<AttributeRecord>>> {
    return this.searchBy(db, ['name', 'slug'], term, limit, (a) => a.name);
  }
}

interface TermItem {
  attribute_id: number;
  name: string;
  slug: string;
}

/** Terms added to existing attributes. Deleting a term removes its product and variation links. */
export class AttributeTermRepository extends Repository<AttributeTermCreate, AttributeTermRecord, TermItem> {
  protected readonly tables: AttributeTables;

  constructor(store: StoreInfo, tables: AttributeTables) {
    super(store);
    this.tables = tables;
  }

  readonly entity = 'attribute term';
  get table(): string {
    return this.tables.terms;
  }

  protected async validate(db: Executor, inputs: readonly AttributeTermCreate[], issues: ValidationIssue[]): Promise<TermItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, TERM_FIELDS) ?? {};
      const name = c.text('name', o.name);
      return { attribute_id: c.id('attribute_id', o.attribute_id) ?? 0, name: name ?? '', slug: c.slug('slug', o.slug, name) ?? '' };
    });
    const attributes = await rowsById(db, this.tables.attributes, items.map((it) => it.attribute_id || null));
    items.forEach((it, i) => requireExisting(checks[i], 'attribute_id', it.attribute_id || null, attributes, 'Attribute'));
    await checkUnique(
      db,
      this.tables.terms,
      'slug',
      items.map((it, i) => ({ check: checks[i], field: 'slug', value: it.slug || null })),
      'Term slug',
      (claim) => ({ column: 'attribute_id', value: items[claim.check.index].attribute_id }),
    );
    return items;
  }

  protected async write(batch: WriteBatch, items: TermItem[]): Promise<number[]> {
    const ids = await batch.reserve(this.tables.terms, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(this.tables.terms, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, AttributeTermRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, this.tables.terms, 'id', ids);
    return new Map(rows.map((r) => [Number(r.id), termOf(r)]));
  }
}
