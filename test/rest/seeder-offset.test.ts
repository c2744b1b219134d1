/**
 * `offset` over REST (issue 15, point 5): a request makes rows offset..offset+count-1 of its seed, so a
 * client can drive the shards of a run itself; resources whose rows cannot be made apart refuse it.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { MAX_TOTAL } from '../../controllers/runs.ts';

eachDatabase('Seeder REST: offset', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target);
  });
  after(async () => h.dispose());

  it('the OpenAPI document offers offset on preview and generate, from the one schema', async () => {
    const doc = (await h.client.get('/openapi.json')).body;
    for (const action of ['preview', 'generate']) {
      const schema = doc.paths[`/customers/${action}`].post.requestBody.content['application/json'].schema;
      const offset = schema.properties?.offset ?? doc.components.schemas[schema.$ref?.split('/').pop()]?.properties?.offset;
      expect(offset, action).to.include({ type: 'integer', minimum: 0, maximum: MAX_TOTAL - 1, default: 0 });
    }
  });

  it('generate with offset writes exactly those rows of the larger request, and the rows around them stay free', async () => {
    const whole = await h.client.post('/customers/preview', { count: 40, seed: 'rest-shards' });
    expect(whole.status).to.equal(200);
    const part = await h.client.post('/customers/preview', { count: 20, seed: 'rest-shards', offset: 15 });
    expect(part.body.rows).to.deep.equal(whole.body.rows.slice(15, 35));

    const made = await h.client.post('/customers/generate', { count: 20, seed: 'rest-shards', offset: 15 });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    expect(made.body.created.map((c: { key: string }) => c.key)).to.deep.equal(whole.body.rows.slice(15, 35).map((r: { key: string }) => r.key));
    const before = await h.client.post('/customers/generate', { count: 15, seed: 'rest-shards' });
    expect(before.body.created_count).to.equal(15);
    const after = await h.client.post('/customers/generate', { count: 5, seed: 'rest-shards', offset: 35 });
    expect(after.body.created_count).to.equal(5);
    // A request overlapping written rows (33, 34 of the first write, 35 of the last) is refused, naming both runs.
    const overlap = await h.client.post('/customers/generate', { count: 3, seed: 'rest-shards', offset: 33 });
    expectErrorEnvelope(overlap, 409, 'generation.conflict');
    expect(overlap.body.error.details.run_ids).to.have.members([made.body.run_id, after.body.run_id]);
  });

  it('a bad offset, or an offset for a resource whose rows depend on earlier rows, is 422 naming offset and writes nothing', async () => {
    for (const [path, body] of [
      ['/customers/generate', { count: 2, seed: 1, offset: -1 }],
      ['/customers/generate', { count: 2, seed: 1, offset: 2.5 }],
      ['/customers/generate', { count: 2, seed: 1, offset: MAX_TOTAL }],
      ['/labels/generate', { count: 2, seed: 1, offset: 4 }],
      ['/product-categories/preview', { count: 2, seed: 1, offset: 4 }],
    ] as const) {
      const res = await h.client.post(path, body);
      expectErrorEnvelope(res, 422, 'validation.invalid');
      expect(Object.keys(res.body.error.details.params), `${path} ${JSON.stringify(body)}`).to.deep.equal(['offset']);
    }
    const ledger = await h.client.get('/generated');
    expect(JSON.stringify(ledger.body)).to.not.contain('label');
  });
});
