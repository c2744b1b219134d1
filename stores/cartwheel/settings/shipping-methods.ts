/** Cartwheel shipping methods: a title, a type, an amount in cents and the countries served. Deleting one touches nothing else. */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { bool, parseJson, selectIn, str } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { SHIPPING_METHOD_TYPES, type ShippingMethodType } from '../statuses.ts';
import { C } from '../tables.ts';

export interface ShippingMethodInput {
  title: string;
  type: ShippingMethodType;
  /** Cents; 0 for free shipping (required so). */
  amount?: number;
  /** Two-letter codes; empty: everywhere. */
  countries?: string[];
  is_enabled?: boolean;
}

export interface ShippingMethodRecord {
  id: number;
  title: string;
  type: ShippingMethodType;
  amount: number;
  countries: string[];
  is_enabled: boolean;
}

type Item = Omit<ShippingMethodRecord, 'id'>;

const FIELDS = fieldsOf<ShippingMethodInput>()({ title: 1, type: 1, amount: 1, countries: 1, is_enabled: 1 });

export class ShippingMethodRepository extends Repository<ShippingMethodInput, ShippingMethodRecord, Item> {
  readonly entity = 'shipping method';
  readonly table = C.shippingMethods;

  protected async validate(_db: Executor, inputs: readonly ShippingMethodInput[], issues: ValidationIssue[]): Promise<Item[]> {
    return inputs.map((input, i) => {
      const c = new Check(i, issues);
      const o = c.object('', input, FIELDS) ?? {};
      const type = c.oneOf('type', o.type, SHIPPING_METHOD_TYPES) ?? 'flat_rate';
      const amount = c.cents('amount', o.amount, { optional: true }) ?? 0;
      if (type === 'free_shipping' && amount !== 0) c.fail('amount', 'not_for_type', 'free shipping costs nothing');
      return {
        title: c.text('title', o.title) ?? '',
        type,
        amount,
        countries: [...new Set(c.list('countries', o.countries, (v, p) => c.country(p, v) ?? ''))],
        is_enabled: c.bool('is_enabled', o.is_enabled, true),
      };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.shippingMethods, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.shippingMethods, { id, ...it, countries: JSON.stringify(it.countries) });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, ShippingMethodRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.shippingMethods, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), title: str(r.title), type: str(r.type) as ShippingMethodType, amount: Number(r.amount), countries: parseJson<string[]>(r.countries, []), is_enabled: bool(r.is_enabled) },
      ]),
    );
  }

  /** Methods whose title contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ShippingMethodRecord>>> {
    return this.searchBy(db, ['title'], term, limit, (m) => m.title);
  }
}
