/**
 * Tax lines added to existing orders (WooCommerce: WC_Order::add_item with a WC_Order_Item_Tax). A
 * tax line reports tax; the order's totals are computed from its product, fee and shipping lines when
 * it is created and are not changed by adding or removing one. Deleting a tax line leaves the order.
 */
import type { Knex } from 'knex';
import { Check, fieldsOf } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { requireExisting, rowsById } from '../../common/lookups.ts';
import { numOrNull, selectIn, str } from '../../common/reads.ts';
import { Repository, type WriteBatch } from '../../common/repository.ts';
import { T } from '../tables.ts';
import type { TaxLineInput } from './orders.ts';

export interface OrderTaxLineCreate extends TaxLineInput {
  order_id: number;
}

export interface OrderTaxLineRecord {
  id: number;
  order_id: number;
  rate_id: number | null;
  label: string;
  tax_total: string;
  shipping_tax_total: string;
}

interface Item {
  order_id: number;
  rate_id: number | null;
  label: string;
  tax_total: string;
  shipping_tax_total: string;
}

const FIELDS = fieldsOf<OrderTaxLineCreate>()({ order_id: 1, rate_id: 1, label: 1, tax_total: 1, shipping_tax_total: 1 });
const ZERO = '0.00';

export class OrderTaxLineRepository extends Repository<OrderTaxLineCreate, OrderTaxLineRecord, Item> {
  readonly entity = 'order tax line';
  readonly table = T.orderItems;

  protected override scope(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.where('item_type', 'tax');
  }

  protected async validate(db: Executor, inputs: readonly OrderTaxLineCreate[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const items = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      return {
        order_id: c.id('order_id', o.order_id) ?? 0,
        rate_id: c.id('rate_id', o.rate_id, { optional: true }),
        label: c.text('label', o.label) ?? '',
        tax_total: c.decimal('tax_total', o.tax_total) ?? ZERO,
        shipping_tax_total: c.decimal('shipping_tax_total', o.shipping_tax_total, { optional: true }) ?? ZERO,
      };
    });
    const orders = await rowsById(db, T.orders, items.map((it) => it.order_id || null));
    const rates = await rowsById(db, T.taxRates, items.map((it) => it.rate_id));
    items.forEach((it, i) => {
      requireExisting(checks[i], 'order_id', it.order_id || null, orders, 'Order');
      requireExisting(checks[i], 'rate_id', it.rate_id, rates, 'Tax rate');
    });
    return items;
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.orderItems, items.length);
    return items.map((it) => {
      const id = ids.next();
      // The same row shape as the tax lines an order is created with (orders.ts, itemRow).
      batch.add(T.orderItems, {
        id,
        order_id: it.order_id,
        item_type: 'tax',
        name: it.label,
        product_id: null,
        variation_id: null,
        quantity: 1,
        subtotal: ZERO,
        total: it.tax_total,
        total_tax: ZERO,
        method_id: '',
        instance_id: null,
        code: '',
        rate_id: it.rate_id,
        shipping_tax_total: it.shipping_tax_total,
      });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, OrderTaxLineRecord>> {
    const rows = (await selectIn<Record<string, unknown>>(db, T.orderItems, 'id', ids)).filter((r) => r.item_type === 'tax');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), order_id: Number(r.order_id), rate_id: numOrNull(r.rate_id), label: str(r.name), tax_total: str(r.total), shipping_tax_total: str(r.shipping_tax_total) },
      ]),
    );
  }
}
