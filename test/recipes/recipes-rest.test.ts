import { expect } from 'chai';
import { bandToPriceRange } from '../../recipes/plan.ts';
import { CARTWHEEL } from '../../stores/cartwheel/index.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import BakeryRecipePlugin from './fixtures/bakery-recipe-plugin.ts';

interface Step {
  resource: string;
  base: string;
  count: number;
  requests: number;
  parameters: Record<string, unknown>;
  supported: boolean | null;
  reason: string | null;
}

eachDatabase('Seeder REST: recipes', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['cartwheel', 'seeder', 'bakery-recipe'], extraPlugins: [BakeryRecipePlugin] });
  });
  after(async () => h.dispose());

  const recipes = async (query = '') => {
    const res = await h.client.get(`/recipes${query}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const recipe = async (id: string, query = '') => (await recipes(query)).recipes.find((r: { id: string }) => r.id === id);

  it('GET recipes lists the bundled recipes and one another plugin registered without a download', async () => {
    const body = await recipes();
    expect(body.platform).to.equal('cartwheel');
    expect(body.invalid).to.deep.equal([]);
    const byId = Object.fromEntries(body.recipes.map((r: { id: string; origin: string }) => [r.id, r.origin]));
    expect(byId).to.deep.equal({ electronics: 'bundled', fashion: 'bundled', grocery: 'bundled', bakery: 'plugin' });
  });

  it("each plan step is annotated against the resolved platform: what it cannot hold carries the driver's reason and is left out of the totals", async () => {
    const grocery = await recipe('grocery');
    const steps: Step[] = grocery.plan;
    expect(steps.map((s) => s.resource)).to.deep.equal(['product_category', 'product_tag', 'brand', 'attribute', 'product', 'product_variation', 'customer', 'coupon', 'order']);
    const tags = steps.find((s) => s.resource === 'product_tag')!;
    expect(tags).to.include({ supported: false, status: 'unsupported' });
    expect(tags.reason).to.contain('Cartwheel has no product tags');
    expect(steps.filter((s) => s.resource !== 'product_tag').every((s) => s.supported)).to.equal(true);
    const all = steps.reduce((n, s) => n + s.count, 0);
    expect(grocery.totals.small).to.equal(all - tags.count);
    expect(steps.find((s) => s.resource === 'order')).to.include({ base: 'orders', count: 20, requests: 1 });
  });

  it("the product step carries the recipe's price band as price_range in the store's currency", async () => {
    const grocery = await recipe('grocery');
    const product: Step = grocery.plan.find((s: Step) => s.resource === 'product');
    expect(grocery.price_band).to.deep.equal({ currency: 'USD', min: 99, max: 2499 });
    expect(product.parameters.price_range).to.deep.equal({ min: 0.99, max: 24.99 });
    // The shop's currency governs, not the locale: a Japanese-language run on a USD shop stays in dollars...
    const jaOnUsd = (await recipe('grocery', '?locale=ja_JP')).plan.find((s: Step) => s.resource === 'product');
    expect(jaOnUsd.parameters.price_range).to.deep.equal({ min: 0.99, max: 24.99 });
    // ...and a yen shop gets the band converted into yen.
    await h.site.services.get(CARTWHEEL)!.currency.set('JPY');
    try {
      const ja = (await recipe('grocery', '?locale=ja_JP')).plan.find((s: Step) => s.resource === 'product');
      expect(ja.parameters.price_range).to.deep.equal(bandToPriceRange({ currency: 'USD', min: 99, max: 2499 }, 'JPY'));
      expect(ja.parameters.price_range.min).to.be.at.least(100);
    } finally {
      await h.site.options.delete('cartwheel_currency');
    }
  });

  it('says whether the requested locale ships vocabulary, with the fallback rule; a plugin directory adds a locale', async () => {
    expect((await recipe('fashion', '?locale=de_DE')).locale).to.deep.equal({ requested: 'de_DE', vocabulary_locale: 'de_DE', ships_vocabulary: true });
    expect((await recipe('fashion', '?locale=de_AT')).locale).to.deep.equal({ requested: 'de_AT', vocabulary_locale: 'de_DE', ships_vocabulary: false });
    expect((await recipe('fashion', '?locale=sv_SE')).locale).to.deep.equal({ requested: 'sv_SE', vocabulary_locale: 'en_US', ships_vocabulary: false });
    const polish = await recipe('grocery', '?locale=pl_PL');
    expect(polish.locales).to.deep.equal(['en_US', 'de_DE', 'fr_FR', 'ja_JP', 'pl_PL']);
    expect(polish.locale.ships_vocabulary).to.equal(true);
    expect(polish.vocabulary.product_names).to.include('Pierogi ruskie');
    expect((await recipe('fashion', '?locale=ja_JP')).vocabulary.category_tree[0].name).to.equal('レディース');
  });

  it('without a resolved platform the plans come unannotated with the reason; an explicit platform annotates them', async () => {
    await h.kernel.activatePlugin('shop', 'emporium');
    try {
      const body = await recipes();
      expect(body.platform).to.equal(null);
      expect(body.platform_note).to.contain('Several store platforms are active');
      expect(body.recipes[0].plan.every((s: Step) => s.supported === null)).to.equal(true);
      const emporium = await recipes('?platform=emporium');
      expect(emporium.platform).to.equal('emporium');
      expect(emporium.recipes.find((r: { id: string }) => r.id === 'grocery').plan.every((s: Step) => s.supported)).to.equal(true);
      expectErrorEnvelope(await h.client.get('/recipes?platform=nope'), 400, 'platform.unknown');
    } finally {
      await h.kernel.deactivatePlugin('shop', 'emporium');
    }
  });

  it('refuses a size that is not small, medium or large, and unknown query parameters', async () => {
    expectErrorEnvelope(await h.client.get('/recipes?size=huge'), 422, 'validation.invalid');
    expect((await h.client.get('/recipes?size=large')).body.size).to.equal('large');
    const unknown = expectErrorEnvelope(await h.client.get('/recipes?colour=red'), 422, 'validation.invalid');
    expect(unknown.message).to.equal('Invalid parameter(s): colour');
  });

  it('a broken manifest is dropped with a logged reason and never takes the others down', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === 'SEEDER_RECIPE_INVALID') warnings.push(w.message);
    };
    process.on('warning', onWarning);
    const dispose = h.site.hooks.addFilter('seeder_recipes', (list) => [
      ...list,
      { id: 'broken', name: 'Broken', plan: [{ resource: 'widgets', counts: { small: 1, medium: 1, large: 1 } }] },
      { id: 'grocery', name: 'A second grocery', plan: [{ resource: 'customer', counts: { small: 1, medium: 1, large: 1 } }], words: { en_US: { product_names: ['x'] } } },
    ]);
    try {
      const body = await recipes();
      expect(body.invalid).to.deep.equal([{ source: 'plugin', id: 'broken', reason: body.invalid[0].reason }]);
      expect(body.invalid[0].reason).to.contain('unknown resource "widgets"');
      expect(body.recipes.map((r: { id: string }) => r.id)).to.deep.equal(['electronics', 'fashion', 'grocery', 'bakery']);
      expect(body.recipes.find((r: { id: string }) => r.id === 'grocery').name).to.equal('Grocery store');
      await recipes();
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes('"broken"'))).to.have.length(1);
    } finally {
      dispose();
      process.off('warning', onWarning);
    }
  });

  it('an unknown recipe id on generate is ignored, not an error: the same rows as without it', async () => {
    const plain = await h.client.post('/product-categories/preview', { count: 3, seed: 'u' });
    const unknown = await h.client.post('/product-categories/preview', { count: 3, seed: 'u', recipe: 'no-such-recipe' });
    expect(unknown.status).to.equal(200);
    expect(unknown.body.rows).to.deep.equal(plain.body.rows);
    const written = await h.client.post('/customers/generate', { count: 1, recipe: 'no-such-recipe' });
    expect(written.status).to.equal(201);
  });

  it("a recipe's words appear in generated product names, in the requested locale", async () => {
    const fr = (await recipe('grocery', '?locale=fr_FR')).vocabulary;
    await h.client.post('/product-categories/generate', { count: 4, seed: 'w', recipe: 'grocery', locale: 'fr_FR' });
    const preview = await h.client.post('/products/preview', { count: 8, seed: 'w', recipe: 'grocery', locale: 'fr_FR', product_type: 'physical' });
    for (const row of preview.body.rows) expect(fr.product_names).to.include(row.name);
    const generated = await h.client.post('/products/generate', { count: 8, seed: 'w', recipe: 'grocery', locale: 'fr_FR', product_type: 'physical' });
    expect(generated.status).to.equal(201);
    expect(generated.body.created.map((c: { summary: string }) => c.summary).join(' ')).to.contain(preview.body.rows[0].name);
    const categories = await h.client.post('/product-categories/preview', { count: 3, seed: 'w', recipe: 'grocery', locale: 'fr_FR' });
    const tree = JSON.stringify(fr.category_tree);
    for (const row of categories.body.rows) expect(tree).to.contain(JSON.stringify(row.name));
  });

  it('a client can run a recipe step by step: one generate request per step chunk, all with the same recipe_run, then DELETE generated by run id', async () => {
    const bakery = await recipe('bakery');
    expect(bakery.plan.map((s: Step) => [s.resource, s.count, s.requests])).to.deep.equal([
      ['product_category', 2, 1],
      ['product', 4, 1],
      ['customer', 150, 2],
    ]);
    const runId = 'run_rest_bakery';
    for (const step of bakery.plan as Step[]) {
      for (let chunk = 0, done = 0; done < step.count; chunk++) {
        const count = Math.min(100, step.count - done);
        const res = await h.client.post(`/${step.base}/generate`, { ...step.parameters, count, seed: `b:${chunk}`, recipe: 'bakery', recipe_run: runId });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        expect(res.body.run_id).to.equal(runId);
        done += count;
      }
    }
    const ledger = (await h.client.get(`/generated?run_id=${runId}`)).body;
    expect(ledger.total).to.equal(156);
    // Run by the client request by request: who ran it is known, the recipe is not (only the recipe runner names it).
    expect(ledger.runs).to.deep.equal([
      { run_id: runId, count: 156, first_at: ledger.runs[0].first_at, last_at: ledger.runs[0].last_at, parts: ledger.runs[0].parts, made_by: ledger.runs[0].made_by, recipe: null },
    ]);
    expect(ledger.runs[0].made_by).to.match(/^token "administrator test token" of administrator\d+-\d+@example\.test$/);
    // What the run made, by store and resource: the summary's rows, all in the run's one store.
    expect(ledger.runs[0].parts).to.deep.equal(ledger.by_resource);
    let res = await h.client.delete(`/generated?run_id=${runId}&limit=100`);
    while (res.body.remaining > 0) res = await h.client.delete(`/generated?run_id=${runId}&limit=100`);
    expect((await h.client.get(`/generated?run_id=${runId}`)).body.total).to.equal(0);
  });

  it('POST recipes/run runs the whole plan in one request (201, a step report per plan step, one run id) and DELETE generated by that run id undoes it', async () => {
    const before = (await h.client.get('/generated')).body.total;
    const res = await h.client.post('/recipes/run', { recipe: 'grocery', size: 'small', locale: 'de_DE', seed: 'rest-run' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const report = res.body;
    expect(report).to.include({ recipe: 'grocery', name: 'Grocery store', size: 'small', locale: 'de_DE', vocabulary_locale: 'de_DE', platform: 'cartwheel', seed: 'rest-run' });
    const listed = await recipe('grocery', '?locale=de_DE');
    expect(report.steps.map((s: { resource: string }) => s.resource)).to.deep.equal(listed.plan.map((s: Step) => s.resource));
    const tags = report.steps.find((s: { resource: string }) => s.resource === 'product_tag');
    expect(tags).to.include({ skipped: true, created: 0 });
    expect(tags.reason).to.contain('Cartwheel has no product tags');
    expect(report.created).to.equal(listed.totals.small);
    expect(report.failed).to.equal(0);

    const ledger = (await h.client.get(`/generated?run_id=${report.run_id}`)).body;
    expect(ledger.total).to.equal(report.created);
    let undo = await h.client.delete('/generated', { run_id: report.run_id, limit: 100 });
    while (undo.body.remaining > 0) undo = await h.client.delete('/generated', { run_id: report.run_id, limit: 100 });
    expect((await h.client.get(`/generated?run_id=${report.run_id}`)).body.total).to.equal(0);
    expect((await h.client.get('/generated')).body.total).to.equal(before);
  });

  it('POST recipes/run: the seed is reported and the same seed gives the same report; bad bodies are 422, an unknown recipe 404, an unknown platform 400, and nothing is written', async () => {
    const before = (await h.client.get('/generated')).body.total;
    const problems = expectErrorEnvelope(await h.client.post('/recipes/run', {}), 422, 'validation.invalid');
    expect(problems.message).to.equal('Invalid parameter(s): recipe');
    expect(expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery', colour: 'red' }), 422, 'validation.invalid').message).to.equal('Invalid parameter(s): colour');
    expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery', size: 'huge' }), 422, 'validation.invalid');
    const missing = expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'no-such-recipe' }), 404, 'recipes.not_found');
    expect(missing.message).to.contain('grocery');
    expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery', platform: 'nope' }), 400, 'platform.unknown');
    expect((await h.client.get('/generated')).body.total).to.equal(before);

    const first = await h.client.post('/recipes/run', { recipe: 'bakery', seed: 42 });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect(first.body.seed).to.equal('42');
    const undo = async (runId: string) => {
      let r = await h.client.delete('/generated', { run_id: runId, limit: 500 });
      while (r.body.remaining > 0) r = await h.client.delete('/generated', { run_id: runId, limit: 500 });
    };
    const firstRows = (await h.client.get(`/generated?view=rows&limit=100&run_id=${first.body.run_id}`)).body.data.length;
    // Run again before the undo, the seed is refused as a whole, naming the run that holds its rows; nothing is written.
    const total = (await h.client.get('/generated')).body.total;
    const refused = expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery', seed: 42 }), 409, 'generation.conflict');
    expect(refused.details!.run_ids).to.deep.equal([first.body.run_id]);
    expect((await h.client.get('/generated')).body.total).to.equal(total);
    await undo(first.body.run_id);
    const second = await h.client.post('/recipes/run', { recipe: 'bakery', seed: 42 });
    expect(second.body.run_id).to.not.equal(first.body.run_id);
    expect(second.body.steps).to.deep.equal(first.body.steps);
    expect((await h.client.get(`/generated?view=rows&limit=100&run_id=${second.body.run_id}`)).body.data.length).to.equal(firstRows);
    await undo(second.body.run_id);
  });

  it('POST recipes/run with several stores active and no target asks for a platform (409 platform.required) and writes nothing; with one it runs', async () => {
    await h.kernel.activatePlugin('shop', 'emporium');
    try {
      const before = (await h.client.get('/generated')).body.total;
      const required = expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery' }), 409, 'platform.required');
      expect(required.details?.candidates).to.have.members(['emporium', 'cartwheel']);
      expect((await h.client.get('/generated')).body.total).to.equal(before);
      const run = await h.client.post('/recipes/run', { recipe: 'bakery', platform: 'emporium' });
      expect(run.status, JSON.stringify(run.body)).to.equal(201);
      expect(run.body.platform).to.equal('emporium');
      let r = await h.client.delete('/generated', { run_id: run.body.run_id, limit: 500 });
      while (r.body.remaining > 0) r = await h.client.delete('/generated', { run_id: run.body.run_id, limit: 500 });
      expect((await h.client.get('/generated')).body.total).to.equal(before);
    } finally {
      await h.kernel.deactivatePlugin('shop', 'emporium');
    }
  });

  it('every recipe and sample-data route needs the Seeder capability; consent needs manage_options too', async () => {
    const viewer = await h.tokenFor('viewer');
    for (const path of ['/recipes', '/recipes/status', '/sample-data', '/sample-data/consent']) {
      expectErrorEnvelope(await h.client.get(path, viewer), 403, 'auth.forbidden');
    }
    expectErrorEnvelope(await h.client.post('/recipes/sync', {}, viewer), 403, 'auth.forbidden');
    expectErrorEnvelope(await h.client.post('/sample-data/sync', {}, viewer), 403, 'auth.forbidden');
    expectErrorEnvelope(await h.client.post('/recipes/run', { recipe: 'bakery' }, viewer), 403, 'auth.forbidden');
    expectErrorEnvelope(await h.client.get('/recipes', null), 401, 'auth.unauthenticated');
    await h.client.post('/access', { allowed_roles: ['editor'] });
    try {
      const editor = await h.tokenFor('editor');
      expect((await h.client.get('/sample-data/consent', editor)).status).to.equal(200);
      const refused = expectErrorEnvelope(await h.client.post('/sample-data/consent', { state: 'granted' }, editor), 403, 'auth.forbidden');
      expect(refused.message).to.contain('manage_options');
      expect((await h.client.get('/sample-data/consent')).body.consent.state).to.equal('undecided');
    } finally {
      await h.client.post('/access', { allowed_roles: [] });
    }
  });
});
