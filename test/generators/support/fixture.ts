/**
 * A small existing shop for generators that read existing records: every kind present, ids
 * stable, orders both paid and unpaid, tax rates for Germany only (so US orders fall back to
 * `rate_range` in order tax lines).
 */
import { existingRecords, type ExistingRecords } from '../../../generators/existing.ts';
import { generate, type GenerateResult } from '../../../generators/registry.ts';
import type { ResourceName } from '../../../generators/resources.ts';

export const REFERENCE_DATE = '2026-06-30';

export const SHOP: ExistingRecords = existingRecords({
  product_categories: [
    { id: 'cat-1', name: 'Clothing' },
    { id: 'cat-2', name: 'Shirts', parent_id: 'cat-1' },
    { id: 'cat-3', name: 'Kitchen' },
    { id: 'cat-4', name: 'Digital Downloads' },
  ],
  product_tags: [
    { id: 'tag-1', name: 'Sale' },
    { id: 'tag-2', name: 'New Arrival' },
    { id: 'tag-3', name: 'Gift Idea' },
    { id: 'tag-4', name: 'Organic' },
  ],
  brands: [
    { id: 'brand-1', name: 'Northwind' },
    { id: 'brand-2', name: 'Bluefield' },
  ],
  attributes: [
    { id: 'attr-1', name: 'Color', terms: [{ name: 'Black' }, { name: 'White' }, { name: 'Navy' }, { name: 'Red' }] },
    { id: 'attr-2', name: 'Size', terms: [{ name: 'S' }, { name: 'M' }, { name: 'L' }, { name: 'XL' }] },
  ],
  products: [
    { id: 'p-1', name: 'Classic T-Shirt', type: 'physical', price_minor: 1999, sku: 'CT-1' },
    { id: 'p-2', name: 'Coffee Mug', type: 'physical', price_minor: 1250, sku: 'CM-2' },
    { id: 'p-3', name: 'Sourdough eBook', type: 'digital', price_minor: 900, sku: 'SE-3', subscription: true },
    { id: 'p-4', name: 'Icon Set', type: 'digital', price_minor: 2900, sku: 'IS-4' },
    {
      id: 'p-5',
      name: 'Hoodie',
      type: 'variable',
      price_minor: 4999,
      sku: 'HO-5',
      attributes: [
        { name: 'Color', values: ['Black', 'Navy', 'Red'] },
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      ],
    },
    {
      id: 'p-6',
      name: 'Water Bottle',
      type: 'variable',
      price_minor: 2400,
      sku: 'WB-6',
      attributes: [{ name: 'Capacity', values: ['500 ml', '750 ml', '1 l'] }],
    },
    { id: 'p-7', name: 'Cast Iron Skillet', type: 'physical', price_minor: 5900, sku: 'CI-7' },
    { id: 'p-8', name: 'Coffee Club', type: 'digital', price_minor: 1500, sku: 'CC-8', subscription: true },
  ],
  variations: [
    { id: 'v-1', product_id: 'p-5', price_minor: 4999, sku: 'HO-5-BLACK-S', attributes: { Color: 'Black', Size: 'S' } },
    { id: 'v-2', product_id: 'p-5', price_minor: 5299, sku: 'HO-5-NAVY-M', attributes: { Color: 'Navy', Size: 'M' } },
    { id: 'v-3', product_id: 'p-6', price_minor: 2400, sku: 'WB-6-500ML', attributes: { Capacity: '500 ml' } },
  ],
  customers: [
    { id: 'c-1', email: 'ana.lima@example.com', first_name: 'Ana', last_name: 'Lima', country: 'US' },
    { id: 'c-2', email: 'ben.ode@example.net', first_name: 'Ben', last_name: 'Ode', country: 'DE' },
    { id: 'c-3', email: 'chloe.martin@example.org', first_name: 'Chloé', last_name: 'Martin', country: 'FR' },
    { id: 'c-4', email: 'dan.wu@example.com', first_name: 'Dan', last_name: 'Wu', country: 'US' },
  ],
  coupons: [
    { id: 'cp-1', code: 'SPRING15', discount_type: 'percentage', amount_percent: 15 },
    { id: 'cp-2', code: 'SAVE10', discount_type: 'fixed_cart', amount_minor: 1000, minimum_spend_minor: 3000 },
    { id: 'cp-3', code: 'FREESHIP', discount_type: 'free_shipping' },
  ],
  shipping_classes: [
    { id: 'sc-1', name: 'Bulky' },
    { id: 'sc-2', name: 'Fragile' },
  ],
  shipping_plans: [
    {
      id: 'sp-1',
      name: 'United States',
      countries: ['US'],
      methods: [
        { type: 'flat_rate', title: 'Standard shipping', cost_minor: 599 },
        { type: 'free_shipping', title: 'Free shipping', cost_minor: null, min_amount_minor: 5000 },
      ],
    },
    { id: 'sp-2', name: 'Rest of the world', countries: [], rest_of_world: true, methods: [{ type: 'flat_rate', title: 'International', cost_minor: 1999 }] },
  ],
  tax_classes: [{ id: 'tc-1', name: 'Reduced rate' }],
  tax_rates: [
    { id: 'tr-1', tax_class_id: null, country: 'DE', name: 'MwSt 19%', rate_percent: 19, shipping: true },
    { id: 'tr-2', tax_class_id: 'tc-1', country: 'DE', name: 'MwSt 7%', rate_percent: 7 },
  ],
  orders: [
    { id: 'o-1', status: 'completed', currency: 'USD', total_minor: 5498, shipping_minor: 599, paid: true, created_at: '2026-01-10T10:00:00Z', customer_id: 'c-1', country: 'US' },
    { id: 'o-2', status: 'processing', currency: 'USD', total_minor: 2500, shipping_minor: 0, paid: true, refunded_minor: 500, created_at: '2026-03-02T08:30:00Z', customer_id: 'c-2', country: 'DE' },
    { id: 'o-3', status: 'pending', currency: 'USD', total_minor: 1999, paid: false, created_at: '2026-06-29T23:00:00Z', customer_id: 'c-3', country: 'FR' },
    { id: 'o-4', status: 'on_hold', currency: 'USD', total_minor: 7300, shipping_minor: 599, paid: false, created_at: '2026-05-15T12:00:00Z', customer_id: 'c-4', country: 'US' },
    { id: 'o-5', status: 'completed', currency: 'USD', total_minor: 12, paid: true, created_at: '2026-06-30T23:59:00Z', customer_id: 'c-1', country: 'US' },
    { id: 'o-6', status: 'refunded', currency: 'USD', total_minor: 3000, paid: true, refunded_minor: 3000, created_at: '2025-12-01T09:00:00Z', customer_id: 'c-4', country: 'US' },
    { id: 'o-7', status: 'failed', currency: 'USD', total_minor: 4100, paid: false, created_at: '2026-04-04T16:20:00Z', customer_id: 'c-2', country: 'DE' },
    // A dozen more paid orders, so refunds and disputes have enough to work with.
    ...Array.from({ length: 12 }, (_, i) => ({
      id: `o-${8 + i}`,
      status: (i % 3 === 0 ? 'processing' : 'completed') as 'processing' | 'completed',
      currency: 'USD',
      total_minor: 1500 + i * 1375,
      shipping_minor: i % 2 === 0 ? 599 : 0,
      paid: true,
      created_at: `2026-0${1 + (i % 6)}-${String(3 + i).padStart(2, '0')}T${String(8 + i).padStart(2, '0')}:15:00Z`,
      customer_id: `c-${1 + (i % 4)}`,
      country: i % 4 === 1 ? 'DE' : 'US',
    })),
  ],
  transactions: [
    { id: 't-1', order_id: 'o-1', type: 'charge', state: 'completed', amount_minor: 5498, created_at: '2026-01-10T10:01:00Z' },
  ],
});

/** Generates `resource` against the fixture shop with a fixed reference date. */
export function run<R extends ResourceName>(
  resource: R,
  params: Record<string, unknown>,
  existing: ExistingRecords = SHOP,
): GenerateResult<R> {
  return generate(resource, { reference_date: REFERENCE_DATE, ...params }, { existing });
}
