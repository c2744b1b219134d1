/**
 * Issue 8, Done when: for each bundled recipe, a run at size small on emporium and on cartwheel creates
 * the plan's rows (skipping what the platform cannot hold, with the reason), and cleanup by run id
 * returns every store table to exactly its state before the run.
 */
import { expect } from 'chai';
import { flattenCategoryNames } from '../../generators/vocabulary/index.ts';
import { siteDrivers } from '../../drivers/registry.ts';
import { listRecipes } from '../../controllers/recipes.ts';
import { runRecipe } from '../../controllers/recipe-runner.ts';
import { cleanup, ledgerSummary } from '../../controllers/cleanup.ts';
import { generate } from '../../controllers/generate.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import BakeryRecipePlugin from './fixtures/bakery-recipe-plugin.ts';
import { snapshot, storeTables } from './support/snapshot.ts';

const RECIPES = ['grocery', 'fashion', 'electronics'] as const;
const PLATFORMS = ['emporium', 'cartwheel'] as const;

eachDatabase('recipe runs', (target) => {
  let h: SeederHarness;

  before(async function () {
    this.timeout(120_000);
    h = await bootSeederSite(target, { plugins: ['emporium', 'cartwheel', 'seeder', 'bakery-recipe'], extraPlugins: [BakeryRecipePlugin] });
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

  for (const platform of PLATFORMS) {
    it(`on ${platform}, running a recipe again with other seeds grows the shop: names the store has are skipped, not refused, and new ones hang under existing parents`, async function () {
      this.timeout(180_000);
      const tables = storeTables(h.site);
      const before = await snapshot(h.site.db, tables);
      const runs = [];
      for (const seed of ['grow-1', 'grow-2', 'grow-3']) {
        const report = await runRecipe(h.req, { recipe: 'grocery', size: 'small', platform, seed });
        for (const step of report.steps.filter((x) => !x.skipped)) {
          expect(step, `${seed} ${step.resource}`).to.include({ failed: 0, created: step.requested });
        }
        runs.push(report);
      }
      const driver = siteDrivers(h.site).find((d) => d.id === platform)!;
      const existing = await driver.existing(['product_categories', 'brands', 'attributes', 'variations'], h.site, h.site.db);
      for (const kind of ['product_categories', 'brands', 'attributes'] as const) {
        const slugs = existing[kind]!.map((t) => ('slug' in t && t.slug ? t.slug : t.name).toLowerCase());
        expect(new Set(slugs).size, kind).to.equal(slugs.length);
      }
      // Later runs put new categories under ones an earlier run made (the tree is continued, not restarted).
      const firstRun = new Set((await h.site.db('seeder_ledger').where({ run_id: runs[0].run_id, resource: 'product_category' }).pluck('record_id')).map(String));
      const laterRuns = new Set((await h.site.db('seeder_ledger').whereIn('run_id', [runs[1].run_id, runs[2].run_id]).where({ resource: 'product_category' }).pluck('record_id')).map(String));
      const parentsOfLater = existing.product_categories!.filter((c) => laterRuns.has(c.id) && c.parent_id).map((c) => c.parent_id!);
      expect(parentsOfLater.some((id) => firstRun.has(id))).to.equal(true);

      // Undoing the runs newest first restores the shop exactly: no earlier-run parent is deleted while a child needs it.
      for (const report of runs.reverse()) {
        let result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
        while (result.remaining > 0 && result.deleted > 0) result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
        expect(result.remaining).to.equal(0);
        expect(result.errors).to.deep.equal([]);
      }
      expect(await snapshot(h.site.db, tables)).to.deep.equal(before);
    });
  }

  it('a step larger than 100 goes out in requests of at most 100, every request under the one run id', async () => {
    const seen: Array<{ count: unknown; recipe: unknown; recipe_run: unknown }> = [];
    const dispose = h.site.hooks.addFilter('seeder_rest_params_customer', (params) => {
      seen.push({ count: params.count, recipe: params.recipe, recipe_run: params.recipe_run });
      return params;
    });
    try {
      const report = await runRecipe(h.req, { recipe: 'bakery', platform: 'cartwheel' });
      expect(seen.map((s) => s.count)).to.deep.equal([100, 50]);
      expect(seen.every((s) => s.recipe === 'bakery' && s.recipe_run === report.run_id)).to.equal(true);
      expect(report.steps.find((s) => s.resource === 'customer')).to.include({ created: 150, requested: 150 });
      let result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
      while (result.remaining > 0 && result.deleted > 0) result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
      expect(result.remaining).to.equal(0);
    } finally {
      dispose();
    }
  });

  it("a step whose prerequisites are missing is skipped with the generator's reason, and the run goes on", async () => {
    const dispose = h.site.hooks.addFilter('seeder_recipes', (list) => [
      ...list,
      {
        id: 'plain-shop',
        name: 'Plain shop',
        plan: [
          { resource: 'product', counts: { small: 2, medium: 2, large: 2 }, parameters: { product_type: 'physical' } },
          { resource: 'product_variation', counts: { small: 2, medium: 2, large: 2 } },
          { resource: 'customer', counts: { small: 2, medium: 2, large: 2 } },
        ],
        words: { en_US: { product_names: ['Plain Box'] } },
      },
    ]);
    try {
      const report = await runRecipe(h.req, { recipe: 'plain-shop', platform: 'emporium', seed: 3 });
      expect(report.steps.map((s) => [s.resource, s.created, s.skipped])).to.deep.equal([
        ['product', 2, false],
        ['product_variation', 0, true],
        ['customer', 2, false],
      ]);
      expect(report.steps[1].reason).to.contain('variable products');
      let result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
      while (result.remaining > 0 && result.deleted > 0) result = await cleanup(h.req, { run_id: report.run_id, limit: 500 });
    } finally {
      dispose();
    }
  });

  it('running an unknown recipe is 404 recipes.not_found naming the known ones (generate ignores one instead)', async () => {
    try {
      await runRecipe(h.req, { recipe: 'bistro', platform: 'emporium' });
      expect.fail('expected recipes.not_found');
    } catch (e) {
      expect(e).to.have.property('code', 'recipes.not_found');
      expect((e as Error).message).to.contain('grocery');
    }
  });
});
