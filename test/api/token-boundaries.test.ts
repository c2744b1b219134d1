/**
 * Issue 13, points 1 and 2: a token is not a person. With a bearer token nobody can add, remove or
 * change a sign-in factor (password, TOTP, recovery codes, passkeys) or manage sessions: every such
 * operation is 403 and the operator's factors read back unchanged. Tokens carry scopes; a token
 * cannot mint a token with more scope, more sites or a longer life than its own, and a token dies
 * with the token that minted it.
 */
import { expect } from 'chai';
import { ApiContract } from '../../panel/api/openapi.ts';
import { eachDatabase } from '../support/databases.ts';
import { newAuthenticator, ORIGIN } from './support/authenticator.ts';
import { Browser, call, type ApiResponse } from './support/client.ts';
import { codeFor, enrollTotp, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

function expectPersonOnly(res: ApiResponse, what: string): void {
  expect(res.status, what).to.equal(403);
  expect(res.body.error.code, what).to.equal('auth.forbidden');
  expect(res.body.error.message, what).to.match(/signed in with a browser session/);
}

eachDatabase('a token is not a person: sign-in factors and sessions', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('the contract marks every factor and session operation as cookie-session only (security: cookieAuth)', () => {
    const contract = ApiContract.load();
    const personOnly = ['changePassword', 'totpEnrollBegin', 'totpEnrollConfirm', 'totpDisable', 'passkeyRegisterBegin', 'passkeyRegisterComplete', 'deletePasskey', 'stepUp', 'logout'];
    for (const id of personOnly) expect(contract.operation(id)?.auth, id).to.be.oneOf(['session', 'any_session']);
  });

  it('with a bearer token of an operator with TOTP and a passkey, every factor and session operation is 403 and changes nothing', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const { secret } = await enrollTotp(browser, time.clock);
    const authenticator = newAuthenticator();
    const regBegin = await browser.post('/api/v1/operators/me/passkeys/registration/begin');
    const registered = await browser.post('/api/v1/operators/me/passkeys/registration/complete', {
      challenge_id: regBegin.body.challenge_id,
      credential: authenticator.createJSON(ORIGIN, regBegin.body.options),
      name: 'Laptop',
    });
    expect(registered.status).to.equal(201);
    // Every scope there is, so only the person-only rule can refuse.
    const { body } = await browser.post('/api/v1/operators/me/tokens', { name: 'leaked', scopes: ['seeder', 'sites:read', 'sites:write', 'tokens'] });
    const token = body.token as string;
    const before = (await browser.get('/api/v1/operators/me')).body;
    const passkeysBefore = (await browser.get('/api/v1/operators/me/passkeys')).body.data;

    const asToken = (method: 'post' | 'delete', url: string, json?: unknown) => call(panel.app, method, url, { bearer: token, body: json });
    expectPersonOnly(await asToken('post', '/api/v1/operators/me/password', { current_password: operator.password, new_password: 'an entirely new passphrase 42' }), 'password');
    expectPersonOnly(await asToken('delete', '/api/v1/operators/me/totp'), 'totp off');
    expectPersonOnly(await asToken('post', '/api/v1/operators/me/totp'), 'totp re-enrol');
    expectPersonOnly(await asToken('post', '/api/v1/operators/me/totp/confirm', { code: codeFor(secret) }), 'totp confirm');
    expectPersonOnly(await asToken('post', '/api/v1/operators/me/passkeys/registration/begin'), 'passkey begin');
    // A challenge begun in the person's session cannot be completed with the token either.
    const personBegin = await browser.post('/api/v1/operators/me/passkeys/registration/begin');
    const stolen = await asToken('post', '/api/v1/operators/me/passkeys/registration/complete', {
      challenge_id: personBegin.body.challenge_id,
      credential: newAuthenticator().createJSON(ORIGIN, personBegin.body.options),
      name: 'Attacker key',
    });
    expectPersonOnly(stolen, 'passkey complete');
    expectPersonOnly(await asToken('delete', `/api/v1/operators/me/passkeys/${registered.body.id}`), 'passkey delete');
    for (const [method, url] of [['post', '/api/v1/auth/step-up'], ['post', '/api/v1/auth/logout']] as const) {
      const res = await asToken(method, url, method === 'post' && url.endsWith('step-up') ? { password: operator.password } : undefined);
      expect(res.status, url).to.equal(403);
      expect(res.body.error.code, url).to.equal('auth.forbidden');
    }

    // Read back: nothing changed. The password still signs in (with TOTP), TOTP is on, the one passkey is there.
    const after = (await browser.get('/api/v1/operators/me')).body;
    expect(after.mfa).to.deep.equal(before.mfa);
    expect(after.mfa).to.include({ totp_enabled: true, passkeys: 1 });
    expect((await browser.get('/api/v1/operators/me/passkeys')).body.data).to.deep.equal(passkeysBefore);
    const again = new Browser(panel.app);
    const login = await again.login(operator.email, operator.password);
    expect(login.body).to.include({ mfa_pending: true });
    time.clock.tick(30_000);
    expect((await again.post('/api/v1/auth/totp-verify', { code: codeFor(secret) })).status).to.equal(200);
    // The passkey the attacker tried to add does not sign anyone in.
    const signIn = await new Browser(panel.app).post('/api/v1/auth/passkey/begin');
    expect(signIn.status).to.equal(200);
    const mine = authenticator.getJSON(ORIGIN, signIn.body.options);
    expect((await new Browser(panel.app).post('/api/v1/auth/passkey/complete', { challenge_id: signIn.body.challenge_id, credential: mine })).status).to.equal(200);
  });
});

eachDatabase('token scopes and tokens made by tokens', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  const me = (token: string) => call(panel.app, 'get', '/api/v1/operators/me', { bearer: token });
  const mint = (token: string, body: Record<string, unknown>) => call(panel.app, 'post', '/api/v1/operators/me/tokens', { bearer: token, body });

  it('a token is created with scopes and sites, shown in the list; the default is seeder and sites:read', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const plain = await browser.post('/api/v1/operators/me/tokens', { name: 'plain' });
    expect(plain.status).to.equal(201);
    expect(plain.body).to.include({ created_by: 'session', status: 'active' });
    expect(plain.body.scopes).to.deep.equal(['seeder', 'sites:read']);
    expect(plain.body.sites).to.equal(null);
    time.clock.tick(1);
    const manager = await browser.post('/api/v1/operators/me/tokens', { name: 'manager', scopes: ['tokens'] });
    const list = await call(panel.app, 'get', '/api/v1/operators/me/tokens', { bearer: manager.body.token });
    expect(list.status).to.equal(200);
    expect(list.body.data.map((t: { name: string; scopes: string[] }) => [t.name, t.scopes])).to.deep.equal([['plain', ['seeder', 'sites:read']], ['manager', ['tokens']]]);
    expect(JSON.stringify(list.body)).to.not.include(plain.body.token);
  });

  it('a token without a scope is 403 auth.insufficient_scope naming it', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { body } = await browser.post('/api/v1/operators/me/tokens', { name: 'seeder only', scopes: ['seeder'] });
    for (const [method, url, scope] of [
      ['get', '/api/v1/operators/me/tokens', 'tokens'],
      ['post', '/api/v1/operators/me/tokens', 'tokens'],
      ['get', '/api/v1/sites', 'sites:read'],
    ] as const) {
      const res = await call(panel.app, method, url, { bearer: body.token, body: method === 'post' ? { name: 'x' } : undefined });
      expect(res.status, url).to.equal(403);
      expect(res.body.error, url).to.deep.include({ code: 'auth.insufficient_scope', details: { scope } });
    }
    expect((await me(body.token)).status).to.equal(200);
  });

  it('a token cannot grant a scope it lacks, nor tokens, nor a site beyond its own, nor outlive itself; nothing is created', async () => {
    await panel.kernel.createSite({ id: 'first' });
    await panel.kernel.createSite({ id: 'second' });
    const { browser } = await signedIn(panel.app, panel.kernel);
    const expiresAt = new Date(Date.now() + 7 * 86400_000).toISOString();
    const parent = (await browser.post('/api/v1/operators/me/tokens', { name: 'parent', scopes: ['seeder', 'tokens'], sites: ['first'], expires_at: expiresAt })).body;
    const count = async () => Number((await panel.kernel.panelDb('auth_tokens').count({ n: '*' }))[0].n);
    const before = await count();

    const wider = await mint(parent.token, { name: 'wider', scopes: ['sites:write'] });
    expect(wider.status).to.equal(403);
    expect(wider.body.error).to.deep.include({ code: 'auth.insufficient_scope', details: { scope: 'sites:write' } });
    const minter = await mint(parent.token, { name: 'minter', scopes: ['seeder', 'tokens'] });
    expect(minter.status).to.equal(403);
    expect(minter.body.error.details).to.deep.equal({ scope: 'tokens' });
    const elsewhere = await mint(parent.token, { name: 'elsewhere', sites: ['first', 'second'] });
    expect(elsewhere.status).to.equal(403);
    expect(elsewhere.body.error).to.deep.include({ code: 'auth.insufficient_scope', details: { site: 'second' } });
    const longer = await mint(parent.token, { name: 'longer', expires_at: new Date(Date.parse(expiresAt) + 1000).toISOString() });
    expect(longer.status).to.equal(422);
    expect(longer.body.error.details.field).to.equal('expires_at');
    expect(await count()).to.equal(before);

    // Without a list: the maker's scopes less tokens, its sites, and never past its expiry.
    const child = await mint(parent.token, { name: 'child' });
    expect(child.status).to.equal(201);
    expect(child.body).to.deep.include({ scopes: ['seeder'], sites: ['first'], created_by: parent.id, expires_at: expiresAt });
  });

  it('revoking a token also makes every token it created unusable; a child cannot revoke its maker', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const a = (await browser.post('/api/v1/operators/me/tokens', { name: 'A', scopes: ['seeder', 'tokens'] })).body;
    const n = (await mint(a.token, { name: 'N' })).body;
    expect((await me(n.token)).status).to.equal(200);
    const revokeMaker = await call(panel.app, 'delete', `/api/v1/operators/me/tokens/${a.id}`, { bearer: n.token });
    expect(revokeMaker.status).to.equal(403);
    expect(revokeMaker.body.error.code).to.equal('auth.insufficient_scope');
    time.clock.tick(1000);
    expect((await browser.delete(`/api/v1/operators/me/tokens/${a.id}`)).status).to.equal(204);
    for (const token of [a.token, n.token]) {
      const res = await me(token);
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('auth.unauthenticated');
    }
    const listed = await browser.get('/api/v1/operators/me/tokens');
    expect(listed.body.data.map((t: { name: string }) => t.name)).to.not.include.members(['A', 'N']);
  });

  it('a child made before its maker was revoked by hand (an older version, an operator in the database) stops working too', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const a = (await browser.post('/api/v1/operators/me/tokens', { name: 'A2', scopes: ['seeder', 'tokens'] })).body;
    const n = (await mint(a.token, { name: 'N2' })).body;
    await panel.kernel.panelDb('auth_tokens').where({ id: a.id }).update({ revoked_at: new Date().toISOString() });
    expect((await me(n.token)).status).to.equal(401);
  });
});
