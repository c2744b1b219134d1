/**
 * Issue 13, points 3 and 8: per-site membership. An operator who is a member of site A only gets,
 * for site B, exactly what a site that does not exist gets, everywhere: the API, the site REST
 * routes, MCP and the admin; tokens can be limited to some sites; the owner and site administrators
 * manage members (API behind step-up, and `panel member ...`). Anonymous callers learn nothing
 * about which sites exist.
 */
import { expect } from 'chai';
import request from 'supertest';
import { Tokens, systemClock } from '../../panel/auth/index.ts';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { Browser, call } from './support/client.ts';
import { PASSWORD, uniqueEmail } from './support/harness.ts';

const MCP_INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

eachDatabase('per-site membership', (target) => {
  let h: SeederHttp;
  let tokens: Tokens;
  before(async () => {
    h = await startSeederHttp(target);
    await h.kernel.createSite({ id: 'other', name: 'The other shop', plugins: ['emporium', 'seeder'] });
    tokens = new Tokens(() => h.kernel.panelDb, systemClock, h.kernel.config.env);
  });
  after(async () => h.dispose());

  async function member(role: 'administrator' | 'editor' | 'viewer', sites: string[], owner = false) {
    const op = await createOperator(h.kernel.panelDb, { email: uniqueEmail(`member-${role}`), password: PASSWORD, role, sites, owner });
    const browser = new Browser(h.app);
    expect((await browser.login(op.email, PASSWORD)).status).to.equal(200);
    const token = (await tokens.create(op.id, { name: 'everything', scopes: ['seeder', 'sites:read', 'sites:write', 'tokens'] })).token;
    return { op, browser, token };
  }

  /** Status and error code of a request, for comparing a foreign site with a missing one. */
  const outcome = (res: { status: number; body?: { error?: { code?: string } } }) => [res.status, res.body?.error?.code ?? null];

  it('a member of one site sees only that site, and every other site answers like one that does not exist: API, REST, MCP, admin', async () => {
    const { browser, token } = await member('administrator', ['shop']);
    const list = await browser.get('/api/v1/sites');
    expect(list.body.data.map((s: { id: string }) => s.id)).to.deep.equal(['shop']);
    expect((await call(h.app, 'get', '/api/v1/sites', { bearer: token })).body.data).to.have.length(1);
    expect((await browser.get('/api/v1/sites/shop')).status).to.equal(200);

    const customersOnOther = async () => (await h.kernel.site('other')).db('emp_customers').count({ n: '*' });
    const customersBefore = await customersOnOther();
    for (const [kind, path] of [
      ['api', (id: string) => `/api/v1/sites/${id}`],
      ['rest index', (id: string) => `/sites/${id}/rest/`],
      ['seeder', (id: string) => `/sites/${id}/rest/seeder/v1/platforms`],
      ['openapi', (id: string) => `/sites/${id}/rest/seeder/v1/openapi.json`],
    ] as const) {
      const foreign = await request(h.app).get(path('other')).set('Authorization', `Bearer ${token}`);
      const missing = await request(h.app).get(path('ghost')).set('Authorization', `Bearer ${token}`);
      expect(outcome(foreign), kind).to.deep.equal([404, 'sites.not_found']);
      expect(outcome(foreign), kind).to.deep.equal(outcome(missing));
      expect(foreign.body.error.message.replace('other', 'ghost'), kind).to.equal(missing.body.error.message);
    }
    const generate = await request(h.app).post('/sites/other/rest/seeder/v1/customers/generate').set('Authorization', `Bearer ${token}`).send({ count: 2 });
    expect(outcome(generate)).to.deep.equal([404, 'sites.not_found']);
    expect(await customersOnOther()).to.deep.equal(customersBefore);

    for (const id of ['other', 'ghost']) {
      const mcp = await request(h.app)
        .post(`/sites/${id}/rest/seeder/v1/mcp`)
        .set('Authorization', `Bearer ${token}`)
        .set('Accept', 'application/json, text/event-stream')
        .send(MCP_INIT);
      expect(outcome(mcp), `mcp ${id}`).to.deep.equal([404, 'sites.not_found']);
    }
    const ownMcp = await request(h.app).post('/sites/shop/rest/seeder/v1/mcp').set('Authorization', `Bearer ${token}`).set('Accept', 'application/json, text/event-stream').send(MCP_INIT);
    expect(ownMcp.status).to.equal(200);

    const foreignAdmin = await request(h.app).get('/sites/other/admin/').set('Cookie', `svc_session=${browser.cookie}`);
    const missingAdmin = await request(h.app).get('/sites/ghost/admin/').set('Cookie', `svc_session=${browser.cookie}`);
    expect(foreignAdmin.status).to.equal(404);
    expect(foreignAdmin.text).to.equal(missingAdmin.text);
    expect(foreignAdmin.text).to.not.include('The other shop');
    expect((await request(h.app).get('/sites/shop/admin/').set('Cookie', `svc_session=${browser.cookie}`)).status).to.equal(200);
  });

  it('a role is per site: a viewer of one site and administrator of another has each role where it holds it', async () => {
    const { token } = await member('viewer', ['shop']);
    await h.kernel.panelDb('site_members').insert({ site_id: 'other', operator_id: (await tokens.authenticate(token))!.operator.id, role: 'administrator', created_at: new Date().toISOString() });
    const onShop = await request(h.app).get('/sites/shop/rest/seeder/v1/platforms').set('Authorization', `Bearer ${token}`);
    expect(outcome(onShop)).to.deep.equal([403, 'auth.forbidden']);
    const onOther = await request(h.app).get('/sites/other/rest/seeder/v1/platforms').set('Authorization', `Bearer ${token}`);
    expect(onOther.status).to.equal(200);
  });

  it('a token limited to some sites reaches only those, even for the owner; a token without the seeder scope cannot use the Seeder', async () => {
    const { op } = await member('administrator', [], true);
    const limited = (await tokens.create(op.id, { name: 'shop only', sites: ['shop'] })).token;
    expect((await request(h.app).get('/sites/shop/rest/seeder/v1/platforms').set('Authorization', `Bearer ${limited}`)).status).to.equal(200);
    expect(outcome(await request(h.app).get('/sites/other/rest/seeder/v1/platforms').set('Authorization', `Bearer ${limited}`))).to.deep.equal([404, 'sites.not_found']);
    expect((await call(h.app, 'get', '/api/v1/sites', { bearer: limited })).body.data.map((s: { id: string }) => s.id)).to.deep.equal(['shop']);
    const readOnly = (await tokens.create(op.id, { name: 'sites only', scopes: ['sites:read'] })).token;
    const refused = await request(h.app).get('/sites/shop/rest/seeder/v1/platforms').set('Authorization', `Bearer ${readOnly}`);
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.deep.include({ code: 'auth.insufficient_scope', details: { scope: 'seeder' } });
  });

  it('the owner (or a site administrator) manages members behind step-up; a removed member gets 404 at once', async () => {
    const owner = await member('administrator', [], true);
    const newcomer = await member('editor', []);
    const path = '/api/v1/sites/other/members';
    expect((await call(h.app, 'get', '/api/v1/sites/other', { bearer: newcomer.token })).status).to.equal(404);

    const added = await owner.browser.post(path, { operator: newcomer.op.email, role: 'viewer' });
    expect(added.status).to.equal(201);
    expect(added.body).to.include({ site_id: 'other', operator_id: newcomer.op.id, email: newcomer.op.email, role: 'viewer' });
    expect(added.headers.location).to.equal(`${path}/${newcomer.op.id}`);
    const again = await owner.browser.post(path, { operator: newcomer.op.email, role: 'viewer' });
    expect(outcome(again)).to.deep.equal([409, 'members.conflict']);
    expect(outcome(await owner.browser.post(path, { operator: 'nobody@example.test', role: 'viewer' }))).to.deep.equal([404, 'operators.not_found']);
    expect((await owner.browser.post(path, { operator: newcomer.op.email, role: 'superuser' })).status).to.equal(422);

    const listed = await call(h.app, 'get', path, { bearer: newcomer.token });
    expect(listed.status).to.equal(200);
    expect(listed.body.data.map((m: { email: string }) => m.email)).to.include(newcomer.op.email);
    // A viewer may read the members but not change them.
    expect(outcome(await call(h.app, 'patch', `${path}/${newcomer.op.id}`, { bearer: newcomer.token, body: { role: 'administrator' } }))).to.deep.equal([403, 'auth.forbidden']);

    const promoted = await call(h.app, 'patch', `${path}/${newcomer.op.id}`, { bearer: owner.token, body: { role: 'administrator' } });
    expect(promoted.body.role).to.equal('administrator');
    expect((await request(h.app).get('/sites/other/rest/seeder/v1/platforms').set('Authorization', `Bearer ${newcomer.token}`)).status).to.equal(200);
    // Now an administrator of the site, the newcomer manages its members too (not another site's).
    const third = await member('viewer', []);
    expect((await call(h.app, 'post', path, { bearer: newcomer.token, body: { operator: third.op.email, role: 'viewer' } })).status).to.equal(201);
    expect(outcome(await call(h.app, 'post', '/api/v1/sites/shop/members', { bearer: newcomer.token, body: { operator: third.op.email, role: 'viewer' } }))).to.deep.equal([404, 'sites.not_found']);

    expect((await call(h.app, 'delete', `${path}/${newcomer.op.id}`, { bearer: owner.token })).status).to.equal(204);
    expect(outcome(await request(h.app).get('/sites/other/rest/seeder/v1/platforms').set('Authorization', `Bearer ${newcomer.token}`))).to.deep.equal([404, 'sites.not_found']);
    expect(outcome(await call(h.app, 'delete', `${path}/${newcomer.op.id}`, { bearer: owner.token }))).to.deep.equal([404, 'members.not_found']);
  });

  it('the members and site operations answer their documented refusals: scope, not found, bad limit, bad bodies', async () => {
    const owner = await member('administrator', [], true);
    const outsider = await member('editor', ['shop']);
    const seederOnly = (await tokens.create(owner.op.id, { name: 'seeder only', scopes: ['seeder'] })).token;
    for (const url of ['/api/v1/sites/shop', '/api/v1/sites/shop/members']) {
      const res = await call(h.app, 'get', url, { bearer: seederOnly });
      expect(outcome(res), url).to.deep.equal([403, 'auth.insufficient_scope']);
    }
    expect(outcome(await call(h.app, 'get', '/api/v1/sites/other/members', { bearer: outsider.token }))).to.deep.equal([404, 'sites.not_found']);
    expect(outcome(await call(h.app, 'get', '/api/v1/sites/shop/members?limit=0', { bearer: owner.token }))).to.deep.equal([422, 'validation.invalid']);
    const path = `/api/v1/sites/other/members/${outsider.op.id}`;
    const notMember = await call(h.app, 'patch', path, { bearer: owner.token, body: { role: 'viewer' } });
    expect(outcome(notMember)).to.deep.equal([404, 'members.not_found']);
    expect(outcome(await call(h.app, 'patch', path, { bearer: owner.token, raw: '{"role": ', contentType: 'application/json' }))).to.deep.equal([400, 'request.malformed']);
    expect(outcome(await call(h.app, 'patch', path, { bearer: owner.token, raw: 'role=viewer', contentType: 'text/plain' }))).to.deep.equal([415, 'request.unsupported_media_type']);
    expect(await h.kernel.panelDb('site_members').where({ site_id: 'other', operator_id: outsider.op.id }).first()).to.equal(undefined);
  });

  it('member changes from a cookie session need step-up when the sign-in is older than 5 minutes', async () => {
    const owner = await member('administrator', [], true);
    const someone = await member('viewer', []);
    await h.kernel.panelDb('auth_sessions').where({ operator_id: owner.op.id }).update({ last_full_auth_at: new Date(Date.now() - 301_000).toISOString() });
    const stale = await owner.browser.post('/api/v1/sites/shop/members', { operator: someone.op.email, role: 'viewer' });
    expect(outcome(stale)).to.deep.equal([403, 'auth.step_up_required']);
    expect(await h.kernel.panelDb('site_members').where({ site_id: 'shop', operator_id: someone.op.id }).first()).to.equal(undefined);
    expect((await owner.browser.post('/api/v1/auth/step-up', { password: PASSWORD })).status).to.equal(200);
    expect((await owner.browser.post('/api/v1/sites/shop/members', { operator: someone.op.email, role: 'viewer' })).status).to.equal(201);
  });

  it('panel member add|list|set-role|remove manage a site from the command line, and operator list shows each one\'s sites', async function () {
    this.timeout(120_000);
    const someone = await member('viewer', []);
    const env = panelEnv(h.kernel.config.dataDir, { PANEL_DATABASE_URL: h.kernel.config.databaseUrl });
    const add = runPanel(['member', 'add', '--site=other', `--user=${someone.op.email}`, '--role=editor', '--format=json'], env);
    expect(add.code, add.stderr).to.equal(0);
    expect(JSON.parse(add.stdout)).to.include({ site_id: 'other', role: 'editor' });
    const setRole = runPanel(['member', 'set-role', '--site=other', `--user=${someone.op.email}`, '--role=viewer'], env);
    expect(setRole.code, setRole.stderr).to.equal(0);
    const list = runPanel(['member', 'list', '--site=other', '--format=json'], env);
    expect(JSON.parse(list.stdout)).to.deep.include({ operator_id: someone.op.id, email: someone.op.email, role: 'viewer', created_at: JSON.parse(add.stdout).created_at });
    const operators = runPanel(['operator', 'list', '--format=json'], env);
    expect(JSON.parse(operators.stdout).find((o: { email: string }) => o.email === someone.op.email).sites).to.equal('other:viewer');
    const remove = runPanel(['member', 'remove', '--site=other', `--user=${someone.op.email}`], env);
    expect(remove.code, remove.stderr).to.equal(0);
    const twice = runPanel(['member', 'remove', '--site=other', `--user=${someone.op.email}`], env);
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.include('is not a member of site "other"');
    const unknownSite = runPanel(['member', 'list', '--site=ghost'], env);
    expect(unknownSite.code).to.equal(1);
    expect(unknownSite.stderr).to.include('No site "ghost"');
  });
});

eachDatabase('anonymous discovery', (target) => {
  let h: SeederHttp;
  const NAME = 'A site name nobody outside should learn';
  before(async () => {
    h = await startSeederHttp(target);
    await h.kernel.panelDb('sites').where({ id: 'shop' }).update({ name: NAME });
  });
  after(async () => h.dispose());

  it("a site's REST index and the Seeder's OpenAPI document are 401 for anonymous callers, whether the site exists or not", async () => {
    for (const path of ['/rest', '/rest/', '/rest/seeder/v1/openapi.json', '/rest/seeder/v1/platforms']) {
      const real = await request(h.app).get(`/sites/shop${path}`);
      const ghost = await request(h.app).get(`/sites/ghost${path}`);
      expect([real.status, real.body.error.code], path).to.deep.equal([401, 'auth.unauthenticated']);
      expect([ghost.status, ghost.body.error.code, ghost.body.error.message], path).to.deep.equal([401, 'auth.unauthenticated', real.body.error.message]);
      expect(JSON.stringify(real.body)).to.not.include(NAME);
    }
  });

  it('the admin answers an anonymous visitor the same for every site id: the same redirect, the same sign-in page naming no site', async () => {
    const home = await request(h.app).get('/sites/shop/admin/');
    const ghostHome = await request(h.app).get('/sites/ghost/admin/');
    expect(home.status).to.equal(302);
    expect(ghostHome.status).to.equal(302);
    expect(ghostHome.headers.location).to.equal(home.headers.location.replace('/sites/shop/', '/sites/ghost/').replace('%2Fsites%2Fshop%2F', '%2Fsites%2Fghost%2F'));
    const signIn = await request(h.app).get('/sites/shop/admin/sign-in');
    const ghostSignIn = await request(h.app).get('/sites/ghost/admin/sign-in');
    expect([signIn.status, ghostSignIn.status]).to.deep.equal([200, 200]);
    expect(ghostSignIn.text.replaceAll('/sites/ghost/', '/sites/shop/')).to.equal(signIn.text);
    expect(signIn.text).to.not.include(NAME);
    const page = await request(h.app).get('/sites/ghost/admin/seeder/');
    expect([page.status, page.headers.location]).to.deep.equal([302, '/sites/ghost/admin/sign-in?next=%2Fsites%2Fghost%2Fadmin%2Fseeder%2F']);
  });
});
