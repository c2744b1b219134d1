/**
 * Issue 8, Done when: for each bundled recipe, a run at size small on emporium and on cartwheel creates
 * the plan's rows (skipping what the platform cannot hold, with the reason), and cleanup by run id
 * returns every store table to exactly its state before the run.
 */
import { expect } from 'chai';
import { flattenCategoryNames } from '../../generators/vocabulary/index.ts';
import { siteDrivers } from '../../drivers/registry.ts';
import { listRecipes } from '../../recipes/controllers.ts';
import { runRecipe } from '../../recipes/runner.ts';
import { cleanup, ledgerSummary } from '../../rest/controllers/cleanup.ts';
import { generate } from '../../rest/controllers/generate.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { snapshot, storeTables } from './support/snapshot.ts';

const RECIPES = ['grocery', 'fashion', 'electronics'] as const;
const PLATFORMS = ['emporium', 'cartwheel'] as const;

eachDatabase('recipe runs', (target) => {
  let h: SeederHarness;

  before(async function () {
    this.timeout(120_000);
    h = await bootSeederSite(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
    // Records that were there before the runs must survive every cleanup by run id.
    for (const platform of PLATFORMS) {
      await generate(h.req, 'customer', { count: 3, seed: `before-${platform}`, platform });
      await generate(h.req, 'coupon', { count: 2, seed: `before-${platform}`, platform });
    }
  });
  after(async () => h?.dispose());

  for (const platform of PLATFORMS) {
    for (const recipe of RECIPES) {
      it(`${recipe} at size small on ${platform}: the plan's rows are created, unsupported steps skipped with the reason, and cleanup by run id restores every store table`, async function () {
        this.timeout(180_000);
        const tables = storeTables(h.site);
        const before = await snapshot(h.site.db, tables);
        expect(before.seeder_ledger).to.have.length(10);
        const listed = (await listRecipes(h.req, { platform, size: 'small', locale: 'de_DE' })).recipes.find((r) => r.id === recipe)!;
        const report = await runRecipe(h.req, { recipe, size: 'small', platform, locale: 'de_DE', seed: `${recipe}-${platform}` });

        expect(report.platform).to.equal(platform);
        expect(report.steps.map((s) => s.resource)).to.deep.equal(listed.plan.map((s) => s.resource));
        for (const [i, step] of listed.plan.entries()) {
          const done = report.steps[i];
          if (step.supported) {
            expect(done, step.resource).to.include({ skipped: false, created: step.count, failed: 0 });
          } else {
            expect(done, step.resource).to.include({ skipped: true, created: 0, reason: step.reason });
            expect(step.reason, step.resource).to.be.a('string').and.not.equal('');
          }
        }
        if (platform === 'cartwheel') expect(report.steps.find((s) => s.resource === 'product_tag')!.reason).to.contain('no product tags');
        else expect(report.skipped).to.equal(0);

        // The ledger holds exactly what was created, all under the run id.
        const ledger = await ledgerSummary(h.req, { run_id: report.run_id });
        expect(ledger.total).to.equal(report.created);
        for (const s of report.steps.filter((x) => x.created > 0)) {
          expect(ledger.by_resource.find((r) => r.resource === s.resource)?.count, s.resource).to.equal(s.created);
        }

        // The recipe's German words are what the store now holds.
        const words = listed.vocabulary;
        const driver = siteDrivers(h.site).find((d) => d.id === platform)!;
        const existing = await driver.existing(['products', 'product_categories', 'brands'], h.site, h.site.db);
        const nouns = [...words.product_names!, ...words.digital_product_names!];
        for (const p of existing.products!) expect(nouns.some((n) => p.name.endsWith(n)), p.name).to.equal(true);
        const tree = flattenCategoryNames(words.category_tree!);
        for (const c of existing.product_categories!) expect(tree, c.name).to.include(c.name);
        for (const b of existing.brands!) expect(words.brand_names!.some((n) => b.name.startsWith(n)), b.name).to.equal(true);

        let result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
        while (result.remaining > 0 && result.deleted > 0) result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
        expect(result.remaining).to.equal(0);
        expect(result.errors).to.deep.equal([]);
        expect(await snapshot(h.site.db, tables)).to.deep.equal(before);
      });
    }
  }
});
