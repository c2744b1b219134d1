/** The tables of one store's tax classes and rates. */
export interface TaxTables {
  readonly classes: string;
  readonly rates: string;
}

/** Tax rates (both stores model them alike), each in a tax class (null: the standard class). Deleting a rate leaves order tax lines with the rate detached. */
import { Check, fieldsOf } from './check.ts';
import type { ValidationIssue } from './errors.ts';
import type { Executor } from './executor.ts';
import { requireExisting, rowsById } from './lookups.ts';
import { bool, numOrNull, selectIn, str } from './reads.ts';
import { Repository, type SearchHit, type StoreInfo, type WriteBatch } from './repository.ts';

export interface TaxRateInput {
  /** Null or absent: the standard class. */
  tax_class_id?: number | null;
  /** Two-letter code; empty matches every country. */
  country?: string;
  state?: string;
  postcode?: string;
  city?: string;
  /** Percentage as a decimal string with up to four places, e.g. "20.0000"; at most 100. */
  rate: string;
  name: string;
  /** Default 1. */
  priority?: number;
  compound?: boolean;
  /** Applies to shipping too. Default true. */
  shipping?: boolean;
}

export interface TaxRateRecord {
  id: number;
  tax_class_id: number | null;
  country: string;
  state: string;
  postcode: string;
  city: string;
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
}

type Item = Omit<TaxRateRecord, 'id'>;

const FIELDS = fieldsOf<TaxRateInput>()({ tax_class_id: 1, country: 1, state: 1, postcode: 1, city: 1, rate: 1, name: 1, priority: 1, compound: 1, shipping: 1 });

export class TaxRateRepository extends Repository<TaxRateInput, TaxRateRecord, Item> {
  readonly entity = 'tax rate';
  protected readonly tables: TaxTables;

  constructor(store: StoreInfo, tables: TaxTables) {
    super(store);
    this.tables = tables;
  }

  get table(): string {
    return this.tables.rates;
  }

  protected async validate(db: Executor, inputs: readonly TaxRateInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        tax_class_id: c.id('tax_class_id', o.tax_class_id, { optional: true }),
        country: c.country('country', o.country, { optional: true }) ?? '',
        state: c.text('state', o.state, { optional: true, max: 64 }) ?? '',
        postcode: c.text('postcode', o.postcode, { optional: true }) ?? '',
        city: c.text('city', o.city, { optional: true }) ?? '',
        rate: c.decimal('rate', o.rate, { places: 4, max: 100 }) ?? '0.0000',
        name: c.text('name', o.name) ?? '',
        priority: c.int('priority', o.priority, { optional: true, min: 1, max: 1000 }) ?? 1,
        compound: c.bool('compound', o.compound, false),
        shipping: c.bool('shipping', o.shipping, true),
      };
    });
    const classes = await rowsById(db, this.tables.classes, items.map((it) => it.tax_class_id));
    items.forEach((it, i) => requireExisting(checks[i], 'tax_class_id', it.tax_class_id, classes, 'Tax class'));
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(this.tables.rates, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(this.tables.rates, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, TaxRateRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, this.tables.rates, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          tax_class_id: numOrNull(r.tax_class_id),
          country: str(r.country),
          state: str(r.state),
          postcode: str(r.postcode),
          city: str(r.city),
          rate: str(r.rate),
          name: str(r.name),
          priority: Number(r.priority),
          compound: bool(r.compound),
          shipping: bool(r.shipping),
        },
      ]),
    );
  }

  /** Rates whose name or country contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<TaxRateRecord>>> {
    return this.searchBy(db, ['name', 'country'], term, limit, (r) => `${r.name} ${r.rate}%`);
  }
}
