/**
 * Times generating the canonical entities of 100 orders (no database, no hooks), as preview does.
 * Usage: npx tsx scripts/measure-generators.ts [iterations]
 * Prints the median and mean milliseconds per batch of 100, and the same for every other resource.
 */
import { existingRecords, type ExistingRecords } from '../generators/existing.ts';
import { buildContext, generateEntities } from '../generators/registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { normaliseParameters } from '../generators/schema.ts';

const iterations = Number(process.argv[2] ?? 200);

/** A mid-sized shop, fetched once per request by the caller in real use. */
function shop(): ExistingRecords {
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

function measure(resource: ResourceName, existing: ExistingRecords): { median: number; mean: number; rows: number } {
  const normalised = normaliseParameters(resource, { count: 100, seed: 'bench', reference_date: '2026-06-30' });
  if ('error' in normalised) throw new Error(normalised.error.message);
  const params = normalised.params;
  let rows = 0;
  const times: number[] = [];
  for (let i = 0; i < iterations + 50; i++) {
    // A new seed each time, as each request would have; context built per request as the controller does.
    const p = { ...params, seed: `bench-${i}` };
    const start = performance.now();
    const ctx = buildContext(p, { existing });
    rows = generateEntities(resource, p, ctx).length;
    const elapsed = performance.now() - start;
    if (i >= 50) times.push(elapsed); // the first runs warm up the JIT and create the Faker instances
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, mean: times.reduce((a, b) => a + b, 0) / times.length, rows };
}

const existing = shop();
const orders = measure('order', existing);
console.log(`100 orders: ${orders.median.toFixed(2)} ms per batch (median), ${orders.mean.toFixed(2)} ms mean, over ${iterations} batches`);
console.log('');
console.log('resource             ms/100 (median)   rows');
for (const r of RESOURCE_NAMES) {
  const m = measure(r, existing);
  console.log(`${r.padEnd(20)} ${m.median.toFixed(2).padStart(10)}   ${String(m.rows).padStart(8)}`);
}
