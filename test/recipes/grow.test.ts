/**
 * Issue 19, point 4: recipes grow an existing shop. The stores already hold records another hand made
 * (variable products without attributes, attributes in another language, customers, coupons); three
 * successive runs of every bundled recipe, with other seeds and locales, end with 0 failed rows at
 * sizes small and medium; at size large each recipe runs once per store (three large runs take minutes on
 * MariaDB). Undoing the runs newest first returns every store table to its row count before the runs.
 */
import { expect } from 'chai';
import { cleanup } from '../../controllers/cleanup.ts';
import { generate } from '../../controllers/generate.ts';
import { causeOf, runRecipe, type RecipeRunReport } from '../../controllers/recipe-runner.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { snapshot as rowCounts } from '../stores/support.ts';
import { storeTables } from './support/snapshot.ts';

const RECIPES = ['grocery', 'fashion', 'electronics'] as const;
const PLATFORMS = ['emporium', 'cartwheel'] as const;
/** Each pass runs every recipe once, in its own locale (Japanese slugs and names included). */
const PASSES = [
  { seed: 'grow-a', locale: 'en_US' },
  { seed: 'grow-b', locale: 'de_DE' },
  { seed: 'grow-c', locale: 'ja_JP' },
] as const;
const SIZES = [
  { size: 'small', passes: PASSES },
  { size: 'medium', passes: PASSES },
  { size: 'large', passes: PASSES.slice(0, 1) },
] as const;

/** The failed rows of a run, one line per step and cause, for the assertion message. */
function failureLines(report: RecipeRunReport): string[] {
  return report.steps.filter((s) => s.failed > 0).flatMap((s) => s.errors.map((e) => `${s.resource} (${s.failed} failed): ${e.slice(0, 300)}`));
}

async function undo(h: SeederHarness, runId: string): Promise<void> {
  let result = await cleanup(h.req, { run_id: runId, limit: 500 });
  while (result.remaining > 0 && result.deleted > 0) result = await cleanup(h.req, { run_id: runId, limit: 500 });
  expect(result.remaining, `run ${runId} undone`).to.equal(0);
  expect(result.errors).to.deep.equal([]);
}

eachDatabase('recipes grow an existing shop', (target) => {
  let h: SeederHarness;

  before(async function () {
    this.timeout(120_000);
    h = await bootSeederSite(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
    // A shop someone already filled by hand: variable products made before any attribute existed, attributes
    // in French, then French variable products that offer them, customers and coupons.
    for (const platform of PLATFORMS) {
      await generate(h.req, 'product', { count: 4, seed: `hand-${platform}`, platform, product_type: 'variable' });
      await generate(h.req, 'attribute', { count: 2, seed: `hand-${platform}`, platform, locale: 'fr_FR' });
      await generate(h.req, 'product', { count: 4, seed: `hand-fr-${platform}`, platform, product_type: 'variable', locale: 'fr_FR' });
      await generate(h.req, 'customer', { count: 3, seed: `hand-${platform}`, platform });
      await generate(h.req, 'coupon', { count: 2, seed: `hand-${platform}`, platform });
    }
  });
  after(async () => h?.dispose());

  for (const platform of PLATFORMS) {
    for (const { size, passes } of SIZES) {
      const runs = passes.length * RECIPES.length;
      it(`on ${platform} at size ${size}: ${runs} successive recipe runs fail no row, and undoing them newest first restores every table's row count`, async function () {
        this.timeout(900_000);
        const tables = storeTables(h.site);
        const before = await rowCounts(h.site.db, tables);
        const reports: RecipeRunReport[] = [];
        for (const pass of passes) {
          for (const recipe of RECIPES) {
            const report = await runRecipe(h.req, { recipe, size, platform, locale: pass.locale, seed: `${pass.seed}-${recipe}-${size}` });
            reports.push(report);
            expect(failureLines(report), `${recipe} ${pass.locale}`).to.deep.equal([]);
            expect(report.failed).to.equal(0);
            for (const step of report.steps.filter((s) => !s.skipped)) {
              expect(step.created, `${recipe} ${pass.locale} ${step.resource}`).to.equal(step.requested);
            }
            // Variations are made on both stores: the run found parents it created (or that carry attributes).
            expect(report.steps.find((s) => s.resource === 'product_variation'), `${recipe} variations`).to.include({ skipped: false });
          }
        }
        const grown = await rowCounts(h.site.db, tables);
        expect(grown.seeder_ledger - before.seeder_ledger).to.equal(reports.reduce((n, r) => n + r.created, 0));

        for (const report of reports.reverse()) await undo(h, report.run_id);
        expect(await rowCounts(h.site.db, tables)).to.deep.equal(before);
      });
    }
  }

  it('failures that remain are grouped by cause, one line each, with the ids and values elided', async function () {
    this.timeout(300_000);
    // Every other variation names a value its parent does not offer: emporium refuses each with its own ids.
    const dispose = h.site.hooks.addFilter('seeder_canonical_entity_product_variation', (entity: Record<string, unknown>, ctx: { index: number }) =>
      ctx.index % 2 === 0 ? { ...entity, attributes: { Finish: `Unheard-of ${ctx.index}` } } : entity,
    );
    let report: RecipeRunReport;
    try {
      report = await runRecipe(h.req, { recipe: 'grocery', size: 'small', platform: 'emporium', seed: 'grow-causes' });
    } finally {
      dispose();
    }
    const step = report.steps.find((s) => s.resource === 'product_variation')!;
    expect(step.failed).to.be.greaterThan(1);
    expect(step.errors.length).to.be.greaterThan(1);
    expect(report.failure_causes).to.deep.equal([`product_variation (${step.failed} failed): ${causeOf(step.errors[0]!)}`]);
    expect(report.failure_causes[0]).to.contain('offers no "…" as a global attribute term');
    await undo(h, report.run_id);
  });
});
