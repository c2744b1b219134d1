/**
 * Tax lines for existing orders, as the tax contained in what the order already charges: adding
 * the line never changes the order's total. One line per order per batch.
 */
import type { OrderTaxLineEntity } from '../entities.ts';
import { boolean, checkRange, params, range, type ParameterProblems } from '../json-schema.ts';
import { Batch } from '../row.ts';
import type { Generator } from '../types.ts';
import { homeCountry, requireExisting } from './shared.ts';

export interface OrderTaxLineParams {
  rate_range: { min: number; max: number };
  include_shipping_tax: boolean;
}

/** The tax inside a tax-inclusive amount: gross − gross / (1 + rate). */
export function containedTax(gross: number, percent: number): number {
  if (gross <= 0 || percent <= 0) return 0;
  return gross - Math.round((gross * 100) / (100 + percent));
}

export const orderTaxLineGenerator: Generator<OrderTaxLineParams, OrderTaxLineEntity> = {
  resource: 'order_tax_line',
  schema: params({
    rate_range: range(
      { min: 5, max: 25 },
      { minimum: 0, maximum: 100, integer: false },
      'Rate in percent for orders whose country has no tax rate in the store.',
    ),
    include_shipping_tax: boolean(true, 'Whether the line also reports tax contained in the order\'s shipping.'),
  }),
  needs: ['orders', 'tax_rates'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'rate_range', p.rate_range);
    return problems;
  },
  generate(p, ctx) {
    requireExisting('order_tax_line', ctx.existing, 'orders');
    const batch = new Batch('order_tax_line', ctx.seed, ctx.offset);
    const orders = ctx.existing.orders;
    const offset = batch.batchRng().int(0, orders.length - 1);
    const home = homeCountry(ctx);
    return batch.rows(p.count, ({ index, rng }) => {
      if (index >= orders.length) return null;
      const order = orders[(offset + index) % orders.length]!;
      const country = order.country ?? home;
      const rates = ctx.existing.tax_rates.filter((r) => r.country === country);
      const rate = rates.find((r) => r.tax_class_id === null) ?? rates[0];
      const percent = rate ? rate.rate_percent : Math.round(rng.float(p.rate_range.min, p.rate_range.max) * 2) / 2;
      const shipping = Math.max(0, Math.min(order.shipping_minor ?? 0, order.total_minor));
      const items = order.total_minor - shipping;
      const shippingTaxed = p.include_shipping_tax && (rate ? rate.shipping !== false : true);
      return {
        key: batch.key(index),
        order: { id: order.id },
        rate: rate ? { id: rate.id } : null,
        label: rate ? rate.name : `Tax ${percent}%`,
        rate_percent: percent,
        compound: rate?.compound ?? false,
        currency: order.currency,
        tax_minor: containedTax(items, percent),
        shipping_tax_minor: shippingTaxed ? containedTax(shipping, percent) : 0,
      };
    });
  },
};
