/**
 * What product pictures cost (issue 19 point 6): products with and without pictures in the same run, on the
 * same site, one after the other in every run, so the ratio holds on a noisy machine. Three figures per
 * database: products/s end to end without pictures, with them, and their ratio (time per product with
 * pictures / without); plus drawing alone (no database): entities without and with picture specs, and the
 * SVG drawing per product. The keys in bench/results/latest.json: `pictures_cost_ratio_<db>` (with / without,
 * time per product), `pictures_ms_per_product_<db>` (the extra milliseconds a product's pictures take),
 * `pictures_generation_alone_ratio` (entity generation with picture specs / without, time) and
 * `pictures_svg_ms_per_product` (drawing a product's three SVGs).
 */
import { buildContext, generateEntities } from '../generators/registry.ts';
import { renderImage } from '../generators/images.ts';
import type { ProductEntity } from '../generators/entities.ts';
import { normaliseParameters } from '../generators/schema.ts';
import { generate } from '../controllers/generate.ts';
import { inMemoryShop } from './shop-fixture.ts';
import { benchSite, seedShop } from './setup.ts';
import { figure, median, type Figure } from './stats.ts';
import type { BenchOptions } from './cases.ts';

/** Entity generation with and without picture specs, and the drawing of the SVGs, with no database. */
export function picturesAlone(o: BenchOptions): Figure[] {
  const existing = inMemoryShop();
  const made = (images: boolean) => {
    const n = normaliseParameters('product', { count: 100, seed: 'bench', reference_date: '2026-06-30', images });
    if ('error' in n) throw new Error(n.error.message);
    return { params: n.params, ctx: buildContext(n.params, { existing }) };
  };
  const plain = made(false);
  const drawn = made(true);
  const batches = 30;
  // CPU time, not wall time: generation is synchronous work of this thread, and on a shared machine the wall
  // clock also counts the time other processes held the CPU.
  const batch = (side: ReturnType<typeof made>, seed: string) => {
    const t = process.cpuUsage();
    generateEntities('product', { ...side.params, seed }, side.ctx);
    const used = process.cpuUsage(t);
    return (used.user + used.system) / 1e6;
  };
  for (let i = 0; i < 10; i++) (batch(plain, `warm-${i}`), batch(drawn, `warm-${i}`));
  const without: number[] = [];
  const withSpecs: number[] = [];
  const ratios: number[] = [];
  const svgMs: number[] = [];
  for (let r = 0; r < o.runs; r++) {
    // Batch by batch, the two sides in turn (the same seeds): a machine whose load changes moves both alike.
    let a = 0;
    let b = 0;
    for (let k = 0; k < batches; k++) {
      a += batch(plain, `pictures-${r}-${k}`);
      b += batch(drawn, `pictures-${r}-${k}`);
    }
    without.push((batches * 100) / a);
    withSpecs.push((batches * 100) / b);
    ratios.push(b / a);
    const entities = generateEntities('product', { ...drawn.params, seed: `svg-${r}` }, drawn.ctx) as ProductEntity[];
    const t = process.hrtime.bigint();
    let bytes = 0;
    for (const e of entities) for (const image of e.images) bytes += renderImage(image).length;
    if (bytes === 0) throw new Error('No picture was drawn.');
    svgMs.push(Number(process.hrtime.bigint() - t) / 1e6 / entities.length);
  }
  o.summary.pictures_generation_alone_ratio = median(ratios);
  o.summary.pictures_svg_ms_per_product = median(svgMs);
  const ratioFigure = figure('product entities with picture specs (no database): time / without', 'x', ratios);
  ratioFigure.goal = { text: 'at most 1.2', met: median(ratios) <= 1.2 };
  return [
    figure('product entities without pictures (no database)', 'entities/s', without),
    figure('product entities with picture specs (no database)', 'entities/s', withSpecs),
    ratioFigure,
    figure("drawing a product's 3 SVG pictures", 'ms/product', svgMs),
  ];
}

/** Products end to end (generate, with files written for the pictures) with and without pictures, on one database. */
export async function picturesOnDatabase(label: 'sqlite' | 'mariadb', o: BenchOptions): Promise<Figure[]> {
  const bench = await benchSite(label, o.mysqlUrl, 'bench-pictures');
  const tag = label === 'sqlite' ? 'SQLite' : 'MariaDB';
  try {
    await seedShop(bench.req);
    const run = async (images: boolean, name: string) => {
      const t = process.hrtime.bigint();
      for (let i = 0; i < o.requests; i++) {
        await generate(bench.req, 'product', { count: 100, seed: `${name}-${i}`, reference_date: '2026-06-30', product_type: 'physical', images });
      }
      return (o.requests * 100) / (Number(process.hrtime.bigint() - t) / 1e9);
    };
    await run(false, 'warm-plain');
    await run(true, 'warm-pictures');
    const without: number[] = [];
    const withPictures: number[] = [];
    const ratios: number[] = [];
    const extraMs: number[] = [];
    for (let r = 0; r < o.runs; r++) {
      // Alternating which goes first, so neither side always meets a warmer (or fuller) database.
      let a: number;
      let b: number;
      if (r % 2 === 0) {
        a = await run(false, `plain-${r}`);
        b = await run(true, `pictures-${r}`);
      } else {
        b = await run(true, `pictures-${r}`);
        a = await run(false, `plain-${r}`);
      }
      without.push(a);
      withPictures.push(b);
      ratios.push(a / b);
      extraMs.push(1000 / b - 1000 / a);
    }
    o.summary[`pictures_cost_ratio_${label}`] = median(ratios);
    o.summary[`pictures_ms_per_product_${label}`] = median(extraMs);
    const ratioFigure = figure(`products with pictures end to end (${tag}): time per product / without`, 'x', ratios);
    return [
      figure(`products end to end without pictures (${tag})`, 'products/s', without),
      figure(`products end to end with 3 pictures each (${tag})`, 'products/s', withPictures),
      ratioFigure,
      figure(`extra time per product for its pictures (${tag})`, 'ms/product', extraMs),
    ];
  } finally {
    await bench.dispose();
  }
}
