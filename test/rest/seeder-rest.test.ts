import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import request from 'supertest';
import { PanelError } from '../../panel/errors.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

eachDatabase('Seeder REST: access, validation, platforms', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target, { pluginModules: [TOY] });
  });
  after(async () => h.dispose());

  it('a filter tap that refuses with a coded error is answered with that refusal, not a 500', async () => {
    const site = await h.kernel.site('shop');
    const dispose = site.hooks.addFilter('seeder_rest_params_product', (params) => {
      if (params.count === 7) throw new PanelError('validation.invalid', 'Seven is not sold here.', { field: 'count' });
      return params;
    });
    try {
      const res = await h.client.post('/products/preview', { count: 7 });
      expectErrorEnvelope(res, 422, 'validation.invalid');
      expect(res.body.error.message).to.equal('Seven is not sold here.');
      expect((await h.client.post('/products/preview', { count: 2 })).status).to.equal(200);
    } finally {
      dispose();
    }
  });

  it('refuses a request without credentials with 401 auth.unauthenticated', async () => {
    const res = await h.client.get('/platforms', null);
    expectErrorEnvelope(res, 401, 'auth.unauthenticated');
  });

  it('refuses an operator without the capability with 403 auth.forbidden, and lets them in once their role is allowed', async () => {
    const viewer = await h.tokenFor('viewer');
    expectErrorEnvelope(await h.client.post('/product-categories/preview', { count: 1 }, viewer), 403, 'auth.forbidden');
    expect((await h.client.post('/access', { allowed_roles: ['viewer'] })).status).to.equal(200);
    expect((await h.client.post('/product-categories/preview', { count: 1 }, viewer)).status).to.equal(200);
    // Only a manage_options holder may change access: an allowed role cannot widen it further.
    expectErrorEnvelope(await h.client.post('/access', { allowed_roles: ['viewer', 'editor'] }, viewer), 403, 'auth.forbidden');
    expect((await h.client.post('/access', { allowed_roles: [] })).body.allowed_roles).to.deep.equal([]);
    expectErrorEnvelope(await h.client.post('/product-categories/preview', { count: 1 }, viewer), 403, 'auth.forbidden');
  });

  it('count 101 is 422 validation.invalid with the message "Invalid parameter(s): count" and writes nothing', async () => {
    const res = await h.client.post('/product-categories/generate', { count: 101 });
    const err = expectErrorEnvelope(res, 422, 'validation.invalid');
    expect(err.message).to.equal('Invalid parameter(s): count');
    expect((await h.client.get('/generated')).body.total).to.equal(0);
  });

  it('an unknown parameter is refused listing the accepted ones; a removed one says why', async () => {
    const unknown = expectErrorEnvelope(await h.client.post('/orders/preview', { count: 1, colour: 'red' }), 422, 'validation.invalid');
    expect(unknown.message).to.equal('Invalid parameter(s): colour');
    expect(unknown.details!.accepted).to.include('order_statuses').and.include('count');
    const removed = expectErrorEnvelope(await h.client.post('/orders/preview', { count: 1, order_value_range: { min: 1, max: 2 } }), 422, 'validation.invalid');
    expect(JSON.stringify(removed.details)).to.contain('sum of its lines');
  });

  it('an unknown resource is 404 resource.unknown; another spelling of a known one gets the documented base as a hint', async () => {
    expectErrorEnvelope(await request(h.app).post('/sites/shop/rest/seeder/v1/widgets/preview').set('Authorization', `Bearer ${h.client.token}`).send({ count: 1 }), 404, 'resource.unknown');
    const hinted = expectErrorEnvelope(
      await request(h.app).post('/sites/shop/rest/seeder/v1/product_categories/preview').set('Authorization', `Bearer ${h.client.token}`).send({ count: 1 }),
      404,
      'resource.unknown',
    );
    expect(hinted.details!.did_you_mean).to.equal('product-categories');
  });

  it('preview touches nothing and is deterministic for a seed; without a seed it reports the one it chose', async () => {
    const a = await h.client.post('/product-categories/preview', { count: 3, seed: 'abc' });
    const b = await h.client.post('/product-categories/preview', { count: 3, seed: 'abc' });
    expect(a.status).to.equal(200);
    expect(a.body.rows).to.have.length(3);
    expect(a.body.rows).to.deep.equal(b.body.rows);
    expect(a.body.seed_generated).to.equal(false);
    const fresh = await h.client.post('/product-categories/preview', { count: 1 });
    expect(fresh.body.seed_generated).to.equal(true);
    expect(fresh.body.seed).to.be.a('string').and.not.equal('');
    expect((await h.client.get('/generated')).body.total).to.equal(0);
  });

  it('GET platforms reports every driver, the full matrix, and the stored and resolved target', async () => {
    const res = await h.client.get('/platforms');
    expect(res.status).to.equal(200);
    const ids = res.body.platforms.map((p: { id: string }) => p.id);
    expect(ids).to.include.members(['emporium', 'cartwheel']);
    const emporium = res.body.platforms.find((p: { id: string }) => p.id === 'emporium');
    expect(emporium).to.include({ exists: true, active: true, version: '1.0.0' });
    expect(emporium.capabilities.transaction.status).to.equal('unsupported');
    expect(emporium.capabilities.subscription).to.deep.include({ status: 'missing_extension', extension: { slug: 'emporium-subscriptions', label: 'Emporium Subscriptions' } });
    expect(res.body.active).to.deep.equal(['emporium']);
    expect(res.body.target).to.deep.equal({ stored: null, resolved: 'emporium', ambiguous: false, candidates: ['emporium'] });
  });

  it('the matrix reflects an extension activated a moment earlier', async () => {
    await h.kernel.activatePlugin('shop', 'emporium-subscriptions');
    const res = await h.client.get('/platforms');
    const emporium = res.body.platforms.find((p: { id: string }) => p.id === 'emporium');
    expect(emporium.capabilities.subscription).to.deep.equal({ status: 'supported' });
    expect(emporium.extensions).to.deep.equal([{ slug: 'emporium-subscriptions', label: 'Emporium Subscriptions', active: true, version: '1.0.0' }]);
    await h.kernel.deactivatePlugin('shop', 'emporium-subscriptions');
    const after = await h.client.get('/platforms');
    expect(after.body.platforms.find((p: { id: string }) => p.id === 'emporium').capabilities.subscription.status).to.equal('missing_extension');
  });

  it('an unsupported resource is 400 <resource>.unsupported whose message names what would enable it', async () => {
    const tx = expectErrorEnvelope(await h.client.post('/transactions/generate', { count: 1 }), 400, 'transaction.unsupported');
    expect(tx.message).to.contain('on the order itself');
    const sub = expectErrorEnvelope(await h.client.post('/subscriptions/generate', { count: 1 }), 400, 'subscription.unsupported');
    expect(sub.message).to.contain('emporium-subscriptions');
    expect(sub.details!.extension).to.deep.equal({ slug: 'emporium-subscriptions', label: 'Emporium Subscriptions' });
  });

  it('with two stores active and no target, generate is 409 platform.required with the candidates; a stored target resolves it; auto clears it', async () => {
    await h.kernel.activatePlugin('shop', 'cartwheel');
    try {
      const err = expectErrorEnvelope(await h.client.post('/product-categories/generate', { count: 1 }), 409, 'platform.required');
      expect(err.details!.candidates).to.deep.equal(['emporium', 'cartwheel']);
      expect((await h.client.get('/platforms')).body.target).to.include({ ambiguous: true, resolved: null });

      const unknown = expectErrorEnvelope(await h.client.post('/platforms/target', { platform: 'nope' }), 400, 'platform.unknown');
      expect(unknown.details!.field).to.equal('platform');
      expect((await h.client.get('/platforms')).body.target.stored).to.equal(null);

      const set = await h.client.post('/platforms/target', { platform: 'cartwheel' });
      expect(set.body).to.include({ stored: 'cartwheel', resolved: 'cartwheel', ambiguous: false });
      const inactive = expectErrorEnvelope(await h.client.post('/product-categories/generate', { count: 1, platform: 'toy' }), 400, 'platform.unknown');
      expect(inactive.message).to.contain('toy');

      const auto = await h.client.post('/platforms/target', { platform: 'auto' });
      expect(auto.body).to.include({ stored: null, ambiguous: true });
    } finally {
      await h.kernel.deactivatePlugin('shop', 'cartwheel');
    }
  });

  it('an explicit inactive platform is 400 platform.inactive; no active store is 400 platform.none', async () => {
    expectErrorEnvelope(await h.client.post('/product-categories/generate', { count: 1, platform: 'cartwheel' }), 400, 'platform.inactive');
    await h.kernel.deactivatePlugin('shop', 'emporium');
    try {
      expectErrorEnvelope(await h.client.post('/product-categories/generate', { count: 1 }), 400, 'platform.none');
      // Preview needs no platform.
      expect((await h.client.post('/product-categories/preview', { count: 1 })).status).to.equal(200);
    } finally {
      await h.kernel.activatePlugin('shop', 'emporium');
    }
  });

  it('mcp-settings round-trip and refuse unknown settings', async () => {
    const all = { enabled: true, preview_tools: true, generate_tools: true };
    expect((await h.client.get('/mcp-settings')).body).to.deep.equal({ ...all, stored: all, decided_by_plugins: [] });
    expect((await h.client.post('/mcp-settings', { generate_tools: false })).body.generate_tools).to.equal(false);
    expectErrorEnvelope(await h.client.post('/mcp-settings', { turbo: true }), 422, 'validation.invalid');
    await h.client.post('/mcp-settings', { generate_tools: true });
  });

  it('serves its OpenAPI document, generated from the endpoint schemas', async () => {
    const res = await h.client.get('/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body.openapi).to.equal('3.1.0');
    expect(Object.keys(res.body.paths)).to.include('/orders/generate').and.include('/product-variations/preview');
    expect(res.body.components.schemas.Params_order.properties.count).to.include({ minimum: 1, maximum: 100 });
    // Platform fields of the site's active stores only: emporium is active here, cartwheel and the toy store are not.
    const product = res.body.components.schemas.Params_product.properties;
    expect(product.emporium_tax_status.description).to.match(/^Emporium only/);
    expect(product).to.not.have.property('toy_shelf');
    expect(res.body.components.schemas.Params_customer.properties).to.not.have.property('cartwheel_archived_customer_ratio');
  });
});

eachDatabase('Seeder REST: a toy driver end to end (generate, ledger pages, cleanup, forget)', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['toy-store', 'seeder'], pluginModules: [TOY] });
  });
  after(async () => h.dispose());

  const toyRows = async () => Number((await h.site.db('toy_products').count({ n: '*' }))[0].n);

  it("takes the toy store's platform field over HTTP as its OpenAPI document says, and refuses a bad value with 422", async () => {
    const doc = await h.client.get('/openapi.json');
    expect(doc.body.components.schemas.Params_product.properties.toy_shelf).to.include({ type: 'string', pattern: '^[A-Z][0-9]{1,2}$' });
    expect(doc.body.components.schemas.Params_product.properties).to.not.have.property('emporium_tax_status');
    const made = await h.client.post('/products/generate', { count: 2, seed: 'shelf', toy_shelf: 'C3' });
    expect(made.status).to.equal(201);
    expect(await h.site.db('toy_products').whereIn('id', made.body.created.map((c: { id: string }) => Number(c.id))).pluck('shelf')).to.deep.equal(['C3', 'C3']);
    const bad = expectErrorEnvelope(await h.client.post('/products/preview', { count: 1, toy_shelf: 'top' }), 422, 'validation.invalid');
    expect(bad.message).to.equal('Invalid parameter(s): toy_shelf');
    expect((await h.client.delete('/generated', { run_id: made.body.run_id })).status).to.equal(200);
    expect(await toyRows()).to.equal(0);
  });

  it('generate answers 201 with what it created, and the ledger lists it', async () => {
    const res = await h.client.post('/products/generate', { count: 5, seed: 7 });
    expect(res.status).to.equal(201);
    expect(res.body).to.include({ resource: 'product', platform: 'toy', created_count: 5, failed: 0, requested: 5 });
    expect(res.body.created[0].summary).to.match(/^Toy #\d+: /);
    expect(await toyRows()).to.equal(5);
    const summary = await h.client.get('/generated');
    expect(summary.body.total).to.equal(5);
    expect(summary.body.runs).to.have.length(1);
    expect(summary.body.runs[0].run_id).to.equal(res.body.run_id);
  });

  it('lookup on a driver that cannot search is empty, and says so', async () => {
    const res = await h.client.get('/lookup?resource=products&search=a');
    expect(res.body).to.deep.equal({ resource: 'product', platform: 'toy', searchable: false, items: [] });
  });

  it('the ledger rows page with opaque cursors; a garbage cursor or limit is 422', async () => {
    await h.client.post('/customers/generate', { count: 4, seed: 8 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.client.get(`/generated?view=rows&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).to.equal(200);
      for (const row of res.body.data) seen.push(`${row.resource}:${row.record_id}`);
      cursor = res.body.has_more ? res.body.next_cursor : null;
    } while (cursor);
    expect(seen).to.have.length(9);
    expect(new Set(seen).size).to.equal(9);
    expectErrorEnvelope(await h.client.get('/generated?view=rows&cursor=garbage'), 422, 'validation.invalid');
    expectErrorEnvelope(await h.client.get('/generated?view=rows&limit=500'), 422, 'validation.invalid');
  });

  it('DELETE generated is batched until remaining is 0, restricted by run_id, with parameters in the query or the body', async () => {
    const run = (await h.client.post('/products/generate', { count: 6, seed: 9, recipe_run: 'run-x' })).body.run_id;
    expect(run).to.equal('run-x');
    const before = await toyRows();
    const first = await h.client.delete('/generated?run_id=run-x&limit=4');
    expect(first.body).to.include({ deleted: 4, remaining: 2 });
    const second = await h.client.delete('/generated', { run_id: 'run-x', limit: 4 });
    expect(second.body).to.include({ deleted: 2, remaining: 0 });
    expect(await toyRows()).to.equal(before - 6);
    expectErrorEnvelope(await h.client.delete('/generated?limit=0'), 422, 'validation.invalid');
  });

  it('forget drops ledger rows and leaves the store untouched', async () => {
    const before = await toyRows();
    const res = await h.client.delete('/generated', { forget: true, limit: 500 });
    expect(res.body.forgot).to.equal(true);
    expect(res.body.remaining).to.equal(0);
    expect(await toyRows()).to.equal(before);
    expect((await h.client.get('/generated')).body.total).to.equal(0);
  });
});
