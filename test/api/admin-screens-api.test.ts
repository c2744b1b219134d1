/**
 * The endpoints the panel's admin screens added to the contract: recovery codes made anew, the
 * operator's sessions (list, end one, end all others), and a site's plugins (list, activate,
 * deactivate). Each documented status is produced here (the contract-coverage meta-test counts them).
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { Browser, call } from './support/client.ts';
import { enrollTotp, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('admin screens API', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  async function tokenOf(browser: Browser): Promise<string> {
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'script' });
    expect(res.status).to.equal(201);
    return res.body.token as string;
  }

  it('recovery codes: 10 new ones with TOTP on (the old ones stop working), 409 without TOTP, 403 for a token', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const none = await browser.post('/api/v1/operators/me/recovery-codes');
    expect([none.status, none.body.error.code]).to.deep.equal([409, 'totp.not_enabled']);
    const { recoveryCodes } = await enrollTotp(browser, time.clock);
    const fresh = await browser.post('/api/v1/operators/me/recovery-codes');
    expect(fresh.status).to.equal(200);
    expect(fresh.body.recovery_codes).to.have.length(10);
    expect(fresh.body.recovery_codes).to.not.include.members([recoveryCodes[0]]);
    // An old code no longer completes a sign-in; a new one does.
    const other = new Browser(panel.app);
    expect((await other.login(operator.email, operator.password)).body.mfa_pending).to.equal(true);
    expect((await other.post('/api/v1/auth/totp-verify', { recovery_code: recoveryCodes[0] })).status).to.equal(401);
    expect((await other.post('/api/v1/auth/totp-verify', { recovery_code: fresh.body.recovery_codes[0] })).status).to.equal(200);
    const token = await tokenOf(browser);
    const byToken = await call(panel.app, 'post', '/api/v1/operators/me/recovery-codes', { bearer: token });
    expect([byToken.status, byToken.body.error.code]).to.deep.equal([403, 'auth.forbidden']);
  });

  it('sessions: listed with this one marked; one ended (404 when unknown, 422 for this one), then all others; a token gets 403', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const second = new Browser(panel.app);
    await second.login(operator.email, operator.password);
    const third = new Browser(panel.app);
    await third.login(operator.email, operator.password);
    const list = await browser.get('/api/v1/operators/me/sessions');
    expect(list.status).to.equal(200);
    expect(list.body.data).to.have.length(3);
    const mine = list.body.data.filter((s: { current: boolean }) => s.current);
    expect(mine).to.have.length(1);
    const others = list.body.data.filter((s: { current: boolean }) => !s.current);

    expect((await browser.get('/api/v1/operators/me/sessions?cursor=nonsense')).status).to.equal(422);
    const self = await browser.delete(`/api/v1/operators/me/sessions/${mine[0].id}`);
    expect([self.status, self.body.error.code]).to.deep.equal([422, 'validation.invalid']);
    const unknown = await browser.delete('/api/v1/operators/me/sessions/ses_nothing');
    expect([unknown.status, unknown.body.error.code]).to.deep.equal([404, 'sessions.not_found']);

    expect((await browser.delete(`/api/v1/operators/me/sessions/${others[0].id}`)).status).to.equal(204);
    expect((await browser.get('/api/v1/operators/me/sessions')).body.data).to.have.length(2);
    expect((await browser.delete('/api/v1/operators/me/sessions')).status).to.equal(204);
    expect((await second.get('/api/v1/operators/me')).status).to.equal(401);
    expect((await third.get('/api/v1/operators/me')).status).to.equal(401);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);

    const token = await tokenOf(browser);
    for (const [method, url] of [['get', '/api/v1/operators/me/sessions'], ['delete', '/api/v1/operators/me/sessions'], ['delete', `/api/v1/operators/me/sessions/${mine[0].id}`]] as const) {
      const res = await call(panel.app, method, url, { bearer: token });
      expect([res.status, res.body.error.code], `${method} ${url}`).to.deep.equal([403, 'auth.forbidden']);
    }
  });

  it('plugins: listed with state and requirements; activate and deactivate; 409 with the reason, 404 unknown plugin or site, 403 for an editor', async () => {
    const siteId = 'plugsite';
    // Two small plugins, the second needing the first (the harness kernel has no built-ins).
    if (!panel.kernel.plugins.get('base-thing')) {
      panel.kernel.plugins.register({ name: 'base-thing', version: '1.0.0', label: 'Base thing', description: 'Does the base thing.', apply() {} });
      panel.kernel.plugins.register({ name: 'add-on', version: '1.0.0', label: 'Add-on', requires: ['base-thing'], apply() {} });
    }
    await panel.kernel.createSite({ id: siteId, plugins: [] });
    const { browser } = await signedIn(panel.app, panel.kernel);
    const base = `/api/v1/sites/${siteId}/plugins`;
    const list = await browser.get(base);
    expect(list.status).to.equal(200);
    const pro = list.body.data.find((p: { name: string }) => p.name === 'add-on');
    expect(pro).to.include({ active: false });
    expect(pro.requires).to.deep.equal(['base-thing']);
    expect(pro.missing).to.deep.equal(['base-thing']);
    expect(list.body.data.find((p: { name: string }) => p.name === 'base-thing').description).to.equal('Does the base thing.');

    const refused = await browser.post(`${base}/add-on/activate`);
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'plugins.requirement_missing']);
    expect(refused.body.error.message).to.contain('"base-thing"');
    const on = await browser.post(`${base}/base-thing/activate`);
    expect(on.status).to.equal(200);
    expect(on.body).to.include({ name: 'base-thing', active: true });
    expect((await panel.kernel.site(siteId)).isActive('base-thing')).to.equal(true);
    const again = await browser.post(`${base}/base-thing/activate`);
    expect([again.status, again.body.error.code]).to.deep.equal([409, 'plugins.already_active']);
    const off = await browser.post(`${base}/base-thing/deactivate`);
    expect([off.status, off.body.active]).to.deep.equal([200, false]);

    const missing = await browser.post(`${base}/no-such-plugin/activate`);
    expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'plugins.not_found']);
    const noSite = await browser.get('/api/v1/sites/no-such-site/plugins');
    expect([noSite.status, noSite.body.error.code]).to.deep.equal([404, 'sites.not_found']);
    const noSiteChange = await browser.post('/api/v1/sites/no-such-site/plugins/base-thing/activate');
    expect(noSiteChange.status).to.equal(404);
    const badAction = await browser.post(`${base}/base-thing/switch`);
    expect(badAction.status).to.equal(422);

    const { browser: editor } = await signedIn(panel.app, panel.kernel, { role: 'editor' });
    expect((await editor.get(base)).status).to.equal(403);
    expect((await editor.post(`${base}/base-thing/activate`)).status).to.equal(403);
  });
});
