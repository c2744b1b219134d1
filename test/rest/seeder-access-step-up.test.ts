/**
 * The Seeder's settings that decide what others may do (who may use it, which MCP tools are offered)
 * need manage_options itself and, for a cookie session, a recent sign-in (step-up). Issue 13 point 7:
 * the MCP settings follow the same rule as access.
 */
import { expect } from 'chai';
import request from 'supertest';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { checkSeederResponse } from '../support/seeder-contract.ts';
import { Browser } from '../api/support/client.ts';
import { fakeDate } from '../api/support/harness.ts';

eachDatabase('Seeder access and MCP settings changes need manage_options and step-up', (target) => {
  let h: SeederHttp;
  const time = fakeDate();
  const password = 'a long admin password';
  const DEFAULTS = { enabled: true, preview_tools: true, generate_tools: true };
  /** What GET mcp-settings shows when no plugin decides a switch: in effect = stored. */
  const view = (s: typeof DEFAULTS) => ({ ...s, stored: s, decided_by_plugins: [] });

  before(async () => {
    h = await startSeederHttp(target);
    await createOperator(h.kernel.panelDb, { email: 'sudo@example.com', password, role: 'administrator', sites: [h.site.id] });
  });
  after(async () => h.dispose());
  afterEach(async () => {
    expect((await h.client.post('/mcp-settings', DEFAULTS)).status).to.equal(200);
    expect((await h.client.post('/access', { allowed_roles: [] })).status).to.equal(200);
  });

  /** POST with the browser's session cookie, as the admin screen sends it, checked against the OpenAPI document. */
  const postAs = async (browser: Browser, path: '/access' | '/mcp-settings', body: unknown) => {
    const res = await request(h.app)
      .post(`/sites/shop/rest/seeder/v1${path}`)
      .set('Cookie', `svc_session=${browser.cookie}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body as object);
    checkSeederResponse('post', path, res.status, res.body);
    return res;
  };

  it('access: passes at 299 s after sign-in, is 403 auth.step_up_required at 301 s, and passes again after POST /auth/step-up', async () => {
    const browser = new Browser(h.app);
    expect((await browser.login('sudo@example.com', password)).status).to.equal(200);
    time.clock.tick(299_000);
    expect((await postAs(browser, '/access', { allowed_roles: ['editor'] })).status).to.equal(200);
    time.clock.tick(2_000);
    const refused = await postAs(browser, '/access', { allowed_roles: ['viewer'] });
    const err = expectErrorEnvelope(refused, 403, 'auth.step_up_required');
    expect(err.details!.max_age_seconds).to.equal(300);
    // Nothing changed.
    expect((await h.client.get('/access')).body.allowed_roles).to.deep.equal(['editor']);
    expect((await browser.post('/api/v1/auth/step-up', { password })).status).to.equal(200);
    const retried = await postAs(browser, '/access', { allowed_roles: ['viewer'] });
    expect(retried.status).to.equal(200);
    expect(retried.body.allowed_roles).to.deep.equal(['viewer']);
  });

  it('MCP settings: an editor allowed to use the Seeder reads them but gets 403 auth.forbidden naming manage_options when switching generate tools on, and they stay off', async () => {
    expect((await h.client.post('/access', { allowed_roles: ['editor'] })).status).to.equal(200);
    expect((await h.client.post('/mcp-settings', { generate_tools: false })).status).to.equal(200);
    const editor = await h.tokenFor('editor');

    const read = await h.client.get('/mcp-settings', editor);
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(view({ ...DEFAULTS, generate_tools: false }));
    // The editor may still use the Seeder itself.
    expect((await h.client.post('/customers/preview', { count: 1 }, editor)).status).to.equal(200);

    const refused = expectErrorEnvelope(await h.client.post('/mcp-settings', { generate_tools: true }, editor), 403, 'auth.forbidden');
    expect(refused.message).to.equal('Changing the MCP settings needs the "manage_options" capability.');
    expect(refused.details).to.deep.equal({ capability: 'manage_options' });
    expect((await h.client.get('/mcp-settings')).body).to.deep.equal(view({ ...DEFAULTS, generate_tools: false }));
  });

  it('MCP settings: an administrator whose sign-in is older than 5 minutes gets 403 auth.step_up_required and nothing changes; after POST /auth/step-up the same request saves', async () => {
    const browser = new Browser(h.app);
    expect((await browser.login('sudo@example.com', password)).status).to.equal(200);
    time.clock.tick(301_000);
    const refused = expectErrorEnvelope(await postAs(browser, '/mcp-settings', { enabled: false }), 403, 'auth.step_up_required');
    expect(refused.details).to.include({ max_age_seconds: 300, step_up_url: '/api/v1/auth/step-up' });
    expect((await h.client.get('/mcp-settings')).body).to.deep.equal(view(DEFAULTS));

    expect((await browser.post('/api/v1/auth/step-up', { password })).status).to.equal(200);
    const saved = await postAs(browser, '/mcp-settings', { enabled: false });
    expect(saved.status).to.equal(200);
    expect(saved.body).to.deep.equal(view({ ...DEFAULTS, enabled: false }));
    expect((await h.client.get('/mcp-settings')).body).to.deep.equal(view({ ...DEFAULTS, enabled: false }));
  });

  it("a bearer token is its own proof: an administrator's token changes access and the MCP settings without step-up", async () => {
    time.clock.tick(3_600_000);
    expect((await h.client.post('/access', { allowed_roles: ['viewer'] })).body.allowed_roles).to.deep.equal(['viewer']);
    const saved = await h.client.post('/mcp-settings', { preview_tools: false });
    expect(saved.status).to.equal(200);
    expect((await h.client.get('/mcp-settings')).body).to.deep.equal(view({ ...DEFAULTS, preview_tools: false }));
  });
});
