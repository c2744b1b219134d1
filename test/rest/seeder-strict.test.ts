/**
 * Issue 14 point 3: every Seeder route enforces what its document says. Unknown body and query fields
 * are 422 naming the nearest accepted one, a bad limit is 422 in every view, a known path with
 * another method is 405 with Allow, and the document marks preview/generate bodies required.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { seederOpenApi } from '../../rest/openapi.ts';
import { RESOURCES } from '../../generators/resources.ts';

type Doc = { paths: Record<string, Record<string, { requestBody?: { required?: boolean }; parameters?: Array<{ name: string; schema: { enum?: string[] } }>; responses: Record<string, unknown> }>>; components: { schemas: Record<string, { required?: string[] }> } };

eachDatabase('Seeder REST: every route enforces its declared schema', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target);
  });
  after(async () => h.dispose());

  it('POST access, POST platforms/target and DELETE generated refuse an unknown body field with 422, naming the nearest accepted one', async () => {
    const access = expectErrorEnvelope(await h.client.post('/access', { allowed_role: ['editor'] }), 422, 'validation.invalid');
    expect(access.details?.did_you_mean).to.deep.equal({ allowed_role: 'allowed_roles' });
    expect((await h.client.get('/access')).body.allowed_roles).to.deep.equal([]);
    const extra = expectErrorEnvelope(await h.client.post('/access', { allowed_roles: [], colour: 'red' }), 422, 'validation.invalid');
    expect(Object.keys(extra.details?.params as object)).to.deep.equal(['colour']);

    const target = expectErrorEnvelope(await h.client.post('/platforms/target', { platform: 'auto', plaform: 'emporium' }), 422, 'validation.invalid');
    expect(target.details?.did_you_mean).to.deep.equal({ plaform: 'platform' });

    await h.client.post('/customers/generate', { count: 2, seed: 'strict' });
    const cleanup = expectErrorEnvelope(await h.client.delete('/generated', { resource: 'customer', limt: 1 }), 422, 'validation.invalid');
    expect(cleanup.details?.did_you_mean).to.deep.equal({ limt: 'limit' });
    expect((await h.client.get('/generated')).body.total).to.equal(2);
    await h.client.delete('/generated', { resource: 'customer' });
  });

  it('GET generated checks limit in the summary view too: 0 and abc are 422, and an unknown query parameter is named', async () => {
    for (const q of ['limit=0', 'limit=abc', 'limit=101', 'view=rows&limit=0']) {
      const err = expectErrorEnvelope(await h.client.get(`/generated?${q}`), 422, 'validation.invalid');
      expect(err.message, q).to.contain('limit');
    }
    const unknown = expectErrorEnvelope(await h.client.get('/generated?run-id=x&runid=y'), 422, 'validation.invalid');
    expect(unknown.details?.did_you_mean).to.deep.equal({ 'run-id': 'run_id', runid: 'run_id' });
    expect((await h.client.get('/generated?limit=5')).status).to.equal(200);
  });

  it('a generator parameter that is misspelt is 422 with did_you_mean, as the resource name is', async () => {
    const err = expectErrorEnvelope(await h.client.post('/customers/preview', { count: 1, lokale: 'de_DE' }), 422, 'validation.invalid');
    expect(err.details?.did_you_mean).to.deep.equal({ lokale: 'locale' });
  });

  it('a known path called with another method is 405 with Allow, as the control panel API answers', async () => {
    for (const [method, path, allow] of [
      ['get', '/customers/generate', 'POST'],
      ['delete', '/platforms', 'GET'],
      ['post', '/generated', 'DELETE, GET'],
      ['delete', '/recipes/run', 'POST'],
    ] as const) {
      const res = await h.client.call(method, path);
      expectErrorEnvelope(res, 405, 'route.method_not_allowed');
      expect(res.headers.allow, `${method} ${path}`).to.equal(allow);
    }
    expectErrorEnvelope(await h.client.get('/no-such-route'), 404, 'route.not_found');
  });

  it('the document marks preview and generate bodies required with count required, names resources by enum, and lists the MCP endpoint\'s 406 and 415', () => {
    const doc = seederOpenApi() as unknown as Doc;
    for (const r of RESOURCES) {
      for (const action of ['preview', 'generate']) expect(doc.paths[`/${r.base}/${action}`]!.post!.requestBody?.required, `${r.base} ${action}`).to.equal(true);
      expect(doc.components.schemas[`Params_${r.name}`]!.required).to.include('count');
    }
    const resource = doc.paths['/lookup']!.get!.parameters!.find((p) => p.name === 'resource')!;
    expect(resource.schema.enum).to.include.members(['customer', 'customers', 'product_category', 'product-categories']);
    expect(Object.keys(doc.paths['/mcp']!.post!.responses)).to.include.members(['400', '406', '415', '429', '500']);
  });
});
