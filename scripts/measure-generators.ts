/**
 * Times generating the canonical entities of 100 orders (no database, no hooks), as preview does.
 * Usage: npx tsx scripts/measure-generators.ts [iterations]
 * Prints the median and mean milliseconds per batch of 100, and the same for every other resource.
 */
import type { ExistingRecords } from '../generators/existing.ts';
import { inMemoryShop as shop } from '../bench/shop-fixture.ts';
import { buildContext, generateEntities } from '../generators/registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { normaliseParameters } from '../generators/schema.ts';

const iterations = Number(process.argv[2] ?? 200);

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
