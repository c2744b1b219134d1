/**
 * Cleanup and the ledger views filtered by store (`platform`), with Emporium and Cartwheel active.
 * Issue 17 point 6: removing one store's customers must leave the other store's alone; an unknown
 * platform is 400 platform.unknown and a misspelt parameter 422, and neither removes anything.
 */
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { C as CW } from '../../stores/cartwheel/tables.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

eachDatabase('Seeder REST: cleanup and the ledger by store (platform)', (target) => {
  let h: SeederHttp;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
  });
  after(async () => h.dispose());
  beforeEach(async () => {
    expect((await h.client.post('/customers/generate', { count: 3, seed: 'e', platform: 'emporium' })).status).to.equal(201);
    expect((await h.client.post('/customers/generate', { count: 2, seed: 'c', platform: 'cartwheel' })).status).to.equal(201);
  });
  afterEach(async () => {
    let res = await h.client.delete('/generated', { limit: 500 });
    while (res.body.remaining > 0 && res.body.deleted > 0) res = await h.client.delete('/generated', { limit: 500 });
    await h.site.db(LEDGER_TABLE).delete();
    for (const table of [EMP.customers, CW.customers]) await h.site.db(table).delete();
  });

  const count = async (table: string) => Number((await h.site.db(table).count({ n: '*' }))[0].n);
  const summary = async () =>
    Object.fromEntries(((await h.client.get('/generated')).body.by_resource as Array<{ resource: string; platform: string; count: number }>).map((r) => [`${r.resource}@${r.platform}`, r.count]));

  it("DELETE generated with resource and platform removes that store's records only", async () => {
    const res = await h.client.delete('/generated?resource=customers&platform=cartwheel');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ deleted: 2, remaining: 0, left_alone: 0, refused: 0, forgot: false });
    expect(res.body.by_resource).to.deep.equal({ customer: 2 });
    expect([await count(CW.customers), await count(EMP.customers)]).to.deep.equal([0, 3]);
    expect(await summary()).to.deep.equal({ 'customer@emporium': 3 });
  });

  it('the platform filter works in a JSON body, in batches, and remaining counts that store only', async () => {
    const first = await h.client.delete('/generated', { platform: 'emporium', limit: 2 });
    expect(first.body).to.include({ deleted: 2, remaining: 1 });
    const second = await h.client.delete('/generated', { platform: 'emporium', limit: 2 });
    expect(second.body).to.include({ deleted: 1, remaining: 0 });
    expect([await count(EMP.customers), await count(CW.customers)]).to.deep.equal([0, 2]);
    expect(await summary()).to.deep.equal({ 'customer@cartwheel': 2 });
  });

  it('forget with a platform drops only that store\'s ledger rows and leaves both stores untouched', async () => {
    const res = await h.client.delete('/generated', { platform: 'cartwheel', forget: true });
    expect(res.body).to.include({ deleted: 2, remaining: 0, forgot: true });
    expect(await summary()).to.deep.equal({ 'customer@emporium': 3 });
    expect([await count(EMP.customers), await count(CW.customers)]).to.deep.equal([3, 2]);
    await h.site.db(CW.customers).delete();
  });

  it('an unknown platform is 400 platform.unknown naming the known ones, and a misspelt parameter is 422; neither removes anything', async () => {
    const unknown = expectErrorEnvelope(await h.client.delete('/generated?resource=customers&platform=nope'), 400, 'platform.unknown');
    expect(unknown.details).to.deep.equal({ field: 'platform', known: ['emporium', 'cartwheel'] });
    expectErrorEnvelope(await h.client.delete('/generated', { platform: 42 }), 422, 'validation.invalid');
    // A filter the endpoint does not know would otherwise be ignored and the removal cover every store.
    const misspelt = expectErrorEnvelope(await h.client.delete('/generated?resource=customers&platfrom=cartwheel'), 422, 'validation.invalid');
    expect(misspelt.message).to.equal('Invalid parameter(s): platfrom');
    expect([await count(EMP.customers), await count(CW.customers)]).to.deep.equal([3, 2]);
    expect(await summary()).to.deep.equal({ 'customer@emporium': 3, 'customer@cartwheel': 2 });
  });

  it("the ledger's summary and rows filter by platform too; an unknown one is 400", async () => {
    const only = (await h.client.get('/generated?platform=cartwheel')).body;
    expect(only.total).to.equal(2);
    expect(only.by_resource).to.deep.equal([{ resource: 'customer', platform: 'cartwheel', count: 2 }]);
    const rows = (await h.client.get('/generated?view=rows&platform=emporium&limit=10')).body;
    expect(rows.data.map((r: { platform: string }) => r.platform)).to.deep.equal(['emporium', 'emporium', 'emporium']);
    expectErrorEnvelope(await h.client.get('/generated?platform=nope'), 400, 'platform.unknown');
    expectErrorEnvelope(await h.client.get('/generated?view=rows&platform=nope'), 400, 'platform.unknown');
  });

  it('a platform whose driver is gone but that the ledger still names can be filtered on, so its rows can be forgotten', async () => {
    await h.site.db(LEDGER_TABLE).insert({ platform: 'retired', resource: 'customer', record_id: '7', run_id: null, created_at: new Date().toISOString() });
    const kept = await h.client.delete('/generated', { platform: 'retired' });
    expect(kept.body).to.include({ deleted: 0, remaining: 0, left_alone: 1 });
    const forgot = await h.client.delete('/generated', { platform: 'retired', forget: true });
    expect(forgot.body).to.include({ deleted: 1, forgot: true });
    expect(await summary()).to.deep.equal({ 'customer@emporium': 3, 'customer@cartwheel': 2 });
  });

  it('the OpenAPI document lists the platform filter of cleanup and of the ledger, from the one declaration', async () => {
    const doc = (await h.client.get('/openapi.json')).body;
    const cleanup = doc.paths['/generated'].delete;
    const named = (where: string) => cleanup.parameters.filter((p: { in: string }) => p.in === where).map((p: { name: string }) => p.name);
    expect(named('query')).to.deep.equal(['resource', 'platform', 'run_id', 'limit', 'forget']);
    // A write: it takes an Idempotency-Key too.
    expect(named('header')).to.deep.equal(['Idempotency-Key']);
    expect(Object.keys(cleanup.requestBody.content['application/json'].schema.properties)).to.deep.equal(['resource', 'platform', 'run_id', 'limit', 'forget']);
    expect(cleanup.responses).to.have.property('400');
    expect(doc.paths['/generated'].get.parameters.map((p: { name: string }) => p.name)).to.deep.equal(['view', 'resource', 'platform', 'run_id', 'limit', 'cursor']);
  });
});
