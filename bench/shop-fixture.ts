/**
 * An in-memory view of a mid-sized shop (the existing records a request would read), for measuring
 * generation alone, without a database. Used by scripts/measure-generators.ts and `npm run bench`.
 */
import { existingRecords, type ExistingRecords } from '../generators/existing.ts';

/** A mid-sized shop, fetched once per request by the caller in real use. */
export function inMemoryShop(): ExistingRecords {
  const countries = ['US', 'DE', 'FR', 'GB', 'JP'];
  return existingRecords({
    product_categories: Array.from({ length: 20 }, (_, i) => ({ id: `cat-${i}`, name: `Category ${i}` })),
    product_tags: Array.from({ length: 30 }, (_, i) => ({ id: `tag-${i}`, name: `Tag ${i}` })),
    brands: Array.from({ length: 10 }, (_, i) => ({ id: `brand-${i}`, name: `Brand ${i}` })),
    attributes: [{ id: 'a-1', name: 'Color', terms: [{ name: 'Black' }, { name: 'White' }, { name: 'Red' }] }],
    products: Array.from({ length: 200 }, (_, i) => ({
      id: `p-${i}`,
      name: `Product ${i}`,
      type: i % 10 === 0 ? ('variable' as const) : i % 5 === 0 ? ('digital' as const) : ('physical' as const),
      price_minor: 500 + ((i * 379) % 20000),
      sku: `SKU-${i}`,
      attributes: i % 10 === 0 ? [{ name: 'Color', values: ['Black', 'White', 'Red'] }] : undefined,
    })),
    variations: Array.from({ length: 60 }, (_, i) => ({ id: `v-${i}`, product_id: `p-${(i % 20) * 10}`, price_minor: 2500 + i * 10, sku: `V-${i}` })),
    customers: Array.from({ length: 500 }, (_, i) => ({
      id: `c-${i}`,
      email: `customer${i}@example.com`,
      first_name: 'Sam',
      last_name: `Doe${i}`,
      country: countries[i % countries.length]!,
    })),
    coupons: [
      { id: 'cp-1', code: 'SPRING15', discount_type: 'percentage', amount_percent: 15 },
      { id: 'cp-2', code: 'SAVE10', discount_type: 'fixed_cart', amount_minor: 1000 },
    ],
    shipping_plans: [{ id: 'sp-1', name: 'Everywhere', countries: [], rest_of_world: true, methods: [{ type: 'flat_rate', title: 'Standard', cost_minor: 599 }] }],
    tax_rates: countries.map((c, i) => ({ id: `tr-${i}`, tax_class_id: null, country: c, name: 'VAT', rate_percent: 10 + i })),
    orders: Array.from({ length: 300 }, (_, i) => ({
      id: `o-${i}`,
      status: i % 4 === 0 ? ('pending' as const) : ('completed' as const),
      currency: 'USD',
      total_minor: 1000 + i * 37,
      paid: i % 4 !== 0,
      created_at: '2026-03-01T10:00:00Z',
      customer_id: `c-${i}`,
      country: countries[i % countries.length]!,
    })),
  });
}
