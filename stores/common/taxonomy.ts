/**
 * A name + slug taxonomy (product tags, brands, shipping and tax classes, and, with a parent, the
 * category tree). Shared by both stores: the platforms model these identically. Deleting a term removes
 * its links to products (never the products); deleting a category moves its children up to its parent,
 * as WordPress does.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf } from './check.ts';
import type { ValidationIssue } from './errors.ts';
import type { Executor } from './executor.ts';
import { checkUnique, requireExisting, rowsById } from './lookups.ts';
import { selectIn } from './reads.ts';
import { Repository, type SearchHit, type StoreInfo, type WriteBatch } from './repository.ts';

/** A taxonomy term to create. */
export interface TermInput {
  /** Display name, at most 191 characters. */
  name: string;
  /** URL slug; derived from the name when absent; unique (ignoring case). */
  slug?: string;
  description?: string;
  /** Parent term id (hierarchical taxonomies only: categories). */
  parent_id?: number | null;
}

/** A stored taxonomy term. */
export interface TermRecord {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** Parent term id, or null at the top (always null for flat taxonomies). */
  parent_id: number | null;
}

interface TermItem {
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
}

const FIELDS = fieldsOf<TermInput>()({ name: 1, slug: 1, description: 1, parent_id: 1 });

export class TaxonomyRepository extends Repository<TermInput, TermRecord, TermItem> {
  readonly entity: string;
  readonly table: string;
  readonly #hierarchical: boolean;

  constructor(store: StoreInfo, options: { entity: string; table: string; hierarchical?: boolean }) {
    super(store);
    this.entity = options.entity;
    this.table = options.table;
    this.#hierarchical = options.hierarchical ?? false;
  }

  protected async validate(db: Executor, inputs: readonly TermInput[], issues: ValidationIssue[]): Promise<TermItem[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const name = c.text('name', o.name);
      let parent: number | null = null;
      if (o.parent_id !== undefined && o.parent_id !== null) {
        if (this.#hierarchical) parent = c.id('parent_id', o.parent_id);
        else c.fail('parent_id', 'unknown_field', `${this.entity} terms have no parent`);
      }
      return {
        name: name ?? '',
        slug: c.slug('slug', o.slug, name) ?? '',
        description: c.longText('description', o.description),
        parent_id: parent,
      };
    });
    await checkUnique(db, this.table, 'slug', items.map((it, i) => ({ check: checks[i], field: 'slug', value: it.slug || null })), 'Slug');
    if (this.#hierarchical) {
      const parents = await rowsById(db, this.table, items.map((it) => it.parent_id));
      items.forEach((it, i) => requireExisting(checks[i], 'parent_id', it.parent_id, parents, `Parent ${this.entity}`));
    }
    return items;
  }

  protected async write(batch: WriteBatch, items: TermItem[]): Promise<number[]> {
    const ids = await batch.reserve(this.table, items.length);
    return items.map((it) => {
      const id = ids.next();
      const row: Record<string, string | number | null> = { id, name: it.name, slug: it.slug, description: it.description };
      if (this.#hierarchical) row.parent_id = it.parent_id;
      batch.add(this.table, row);
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, TermRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, this.table, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          name: String(r.name),
          slug: String(r.slug),
          description: String(r.description),
          parent_id: this.#hierarchical && r.parent_id !== null ? Number(r.parent_id) : null,
        },
      ]),
    );
  }

  protected override async remove(trx: Knex.Transaction, id: number): Promise<boolean> {
    if (this.#hierarchical) {
      const row = (await trx(this.table).where({ id }).first('parent_id')) as { parent_id: number | null } | undefined;
      if (!row) return false;
      await trx(this.table).where({ parent_id: id }).update({ parent_id: row.parent_id });
    }
    return super.remove(trx, id);
  }

  /** Terms whose name or slug contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<TermRecord>>> {
    return this.searchBy(db, ['name', 'slug'], term, limit, (r) => r.name);
  }
}
