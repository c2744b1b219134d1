/**
 * Tax lines added to existing cartwheel orders. The tax lines given when an order is created are the
 * breakdown of its tax total (orders.ts checks they add up); a line added later reports tax the order's
 * amounts already contain (a tax-inclusive breakdown, e.g. for an invoice), so it never changes the
 * order's totals. It may not report more tax than the order's total amount. Deleting a line touches
 * nothing else; deleting its order removes its lines.
 */
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { numOrNull, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { C } from '../tables.ts';

export interface OrderTaxLineCreate {
  order_id: number;
  tax_rate_id?: number | null;
  label: string;
  /** Percentage as a decimal string, e.g. "20.0000". */
  rate: string;
  /** Cents; at most the order's total amount. */
  tax_amount: number;
}

export interface OrderTaxLineRecord {
  id: number;
  order_id: number;
  tax_rate_id: number | null;
  label: string;
  rate: string;
  tax_amount: number;
}

type Item = Omit<OrderTaxLineRecord, 'id'>;

const FIELDS = fieldsOf<OrderTaxLineCreate>()({ order_id: 1, tax_rate_id: 1, label: 1, rate: 1, tax_amount: 1 });

export class OrderTaxLineRepository extends Repository<OrderTaxLineCreate, OrderTaxLineRecord, Item> {
  readonly entity = 'order tax line';
  readonly table = C.orderTaxes;

  protected async validate(db: Executor, inputs: readonly OrderTaxLineCreate[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        order_id: c.id('order_id', o.order_id) ?? 0,
        tax_rate_id: c.id('tax_rate_id', o.tax_rate_id, { optional: true }),
        label: c.text('label', o.label) ?? '',
        rate: c.decimal('rate', o.rate, { places: 4, max: 100 }) ?? '0.0000',
        tax_amount: c.cents('tax_amount', o.tax_amount) ?? 0,
      };
    });
    const orders = await rowsById<Record<string, unknown>>(db, C.orders, items.map((it) => it.order_id || null), ['total_amount']);
    const rates = await rowsById(db, C.taxRates, items.map((it) => it.tax_rate_id));
    items.forEach((it, i) => {
      const c = checks[i];
      if (requireExisting(c, 'order_id', it.order_id || null, orders, 'Order')) {
        const total = Number(orders.get(it.order_id)!.total_amount);
        if (it.tax_amount > total) c.fail('tax_amount', 'tax_above_total', `must not exceed the order's total, ${total}`);
      }
      requireExisting(c, 'tax_rate_id', it.tax_rate_id, rates, 'Tax rate');
    });
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(C.orderTaxes, items.length);
    return items.map((it) => {
      const id = ids.next();
      batch.add(C.orderTaxes, { id, ...it });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, OrderTaxLineRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, C.orderTaxes, 'id', ids);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), order_id: Number(r.order_id), tax_rate_id: numOrNull(r.tax_rate_id), label: str(r.label), rate: str(r.rate), tax_amount: Number(r.tax_amount) },
      ]),
    );
  }
}
