/**
 * Errors are recognised by shape, not by module identity (issue 14, point 2). The fixture plugin
 * `host-copy` is loaded through PANEL_PLUGINS and throws errors made by its own copies of
 * panel/errors.ts and stores/common/errors.ts; the real app must answer them as the host's own.
 * A driver's bug in a batch (a TypeError) must answer 500 without its text and write nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import request from 'supertest';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { isPanelError, isRefusal, PanelError } from '../../panel/errors.ts';
import { StoreValidationError } from '../../stores/common/errors.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST_COPY = path.join(here, '../fixtures/plugins/host-copy.ts');

eachDatabase('errors thrown by a plugin with its own copy of the host (regression, issue 14)', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['host-copy', 'seeder'], pluginModules: [HOST_COPY] });
  });
  after(async () => h.dispose());

  const rows = async (table: string) => Number((await h.site.db(table).count({ n: '*' }))[0].n);
  const call = (method: 'get' | 'post', url: string, body?: unknown) => {
    const r = request(h.app)[method](`/sites/shop/rest/${url}`).set('Authorization', `Bearer ${h.client.token}`);
    return body === undefined ? r : r.set('Content-Type', 'application/json').send(JSON.stringify(body));
  };

  it("the fixture's errors really come from another copy: instanceof the host's classes misses them, the brand does not", async () => {
    const { copies } = await import('../fixtures/plugins/host-copy.ts');
    const notFound = new copies.errors.PanelError('resource.not_found', 'No widget.');
    const refused = new copies.storeErrors.StoreValidationError('host-copy', 'widget', [{ index: 0, field: 'f', rule: 'r', message: 'm' }]);
    expect(notFound instanceof PanelError).to.equal(false);
    expect(refused instanceof StoreValidationError).to.equal(false);
    expect(isPanelError(notFound) && isPanelError(refused) && isRefusal(refused)).to.equal(true);
  });

  it("a plugin's resource.not_found from its own copy answers 404 with that code, not 500", async () => {
    const err = expectErrorEnvelope(await call('get', 'copy/v1/widgets/7'), 404, 'resource.not_found');
    expect(err.message).to.equal('No widget 7.');
    expect(err.details).to.deep.equal({ id: '7' });
  });

  it("a store validation refusal from the plugin's own copy answers 422 store.invalid with its issues, not 500", async () => {
    const err = expectErrorEnvelope(await call('post', 'copy/v1/widgets', {}), 422, 'store.invalid');
    expect(err.message).to.equal('Invalid widget data: #0 price: must be more than zero');
    expect(err.details).to.deep.include({ store: 'host-copy', entity: 'widget' });
  });

  it("in a batch, the copy store's refusal is reported for its entity and the others are written, each with its ledger row", async () => {
    const res = await h.client.post('/products/generate', { count: 4, seed: 'refuse-2', platform: 'copy' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ created_count: 3, failed: 1 });
    expect(res.body.errors).to.deep.equal(['Invalid product data: #0 name: the copy store refuses this row']);
    expect(res.body.created.map((c: { key: string }) => c.key)).to.deep.equal(['product:refuse-2:0', 'product:refuse-2:1', 'product:refuse-2:3']);
    const ledger = await h.site.db(LEDGER_TABLE).where({ run_id: res.body.run_id }).pluck('record_id');
    expect(ledger.map(String).sort()).to.deep.equal(res.body.created.map((c: { id: string }) => c.id).sort());
    await h.client.delete('/generated', {});
    expect(await rows('copy_products')).to.equal(0);
  });

  it("a driver's TypeError in a batch answers 500 server.internal without its text, and writes no record and no ledger row", async () => {
    const res = await h.client.post('/products/generate', { count: 3, seed: 'bug-1', platform: 'copy' });
    const err = expectErrorEnvelope(res, 500, 'server.internal');
    expect(err).to.not.have.property('details');
    expect(res.text).to.not.contain('Cannot read properties').and.not.contain('TypeError').and.not.contain('price');
    expect(await rows('copy_products')).to.equal(0);
    expect(await rows(LEDGER_TABLE)).to.equal(0);
  });

  it('the same TypeError on the first row of a one-row request is a 500 too, never a refused row', async () => {
    const res = await h.client.post('/products/generate', { count: 1, seed: 'bug-0', platform: 'copy' });
    expectErrorEnvelope(res, 500, 'server.internal');
    expect(res.text).to.not.contain('Cannot read properties');
    expect(await rows('copy_products')).to.equal(0);
    expect(await rows(LEDGER_TABLE)).to.equal(0);
  });
});
