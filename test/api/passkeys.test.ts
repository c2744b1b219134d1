/**
 * Issue 6: passkeys, with nid-webauthn-emulator as the authenticator. Registration and sign-in
 * begin/complete; challenges single use and short-lived; RP id and origin from configuration;
 * the signature counter stored and updated; user verification required.
 */
import { expect } from 'chai';
import type { WebAuthnEmulator } from 'nid-webauthn-emulator';
import { eachDatabase } from '../support/databases.ts';
import { newAuthenticator, ORIGIN } from './support/authenticator.ts';
import { Browser, call } from './support/client.ts';
import { enrollTotp, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('passkeys', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
    expect(panel.kernel.config.baseUrl).to.equal(ORIGIN);
  });
  after(async () => panel.dispose());

  async function register(browser: Browser, authenticator = newAuthenticator(), name?: string) {
    const begin = await browser.post('/api/v1/operators/me/passkeys/registration/begin');
    expect(begin.status).to.equal(200);
    const credential = authenticator.createJSON(ORIGIN, begin.body.options);
    const complete = await browser.post('/api/v1/operators/me/passkeys/registration/complete', { challenge_id: begin.body.challenge_id, credential, ...(name ? { name } : {}) });
    return { begin, credential, complete, authenticator };
  }

  async function passkeySignIn(authenticator: WebAuthnEmulator, origin = ORIGIN) {
    const browser = new Browser(panel.app);
    const begin = await browser.post('/api/v1/auth/passkey/begin');
    expect(begin.status).to.equal(200);
    const credential = authenticator.getJSON(origin, begin.body.options);
    const complete = await browser.post('/api/v1/auth/passkey/complete', { challenge_id: begin.body.challenge_id, credential });
    return { browser, begin, credential, complete };
  }

  it('registration: options name the configured RP and require user verification; the passkey is stored and listed', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { begin, complete } = await register(browser, newAuthenticator(), 'Laptop');
    expect(begin.body.options.rp).to.deep.include({ id: 'localhost' });
    expect(begin.body.options.authenticatorSelection.userVerification).to.equal('required');
    expect(begin.body.expires_at).to.equal(new Date(Date.now() + 120_000).toISOString());
    expect(complete.status).to.equal(201);
    expect(complete.body).to.include({ name: 'Laptop', last_used_at: null });
    const list = await browser.get('/api/v1/operators/me/passkeys');
    expect(list.body.data.map((p: { id: string }) => p.id)).to.deep.equal([complete.body.id]);
    expect((await browser.get('/api/v1/operators/me')).body.mfa.passkeys).to.equal(1);
  });

  it('the RP id comes from configuration, not from the Host header', async () => {
    const res = await call(panel.app, 'post', '/api/v1/auth/passkey/begin', { headers: { Host: 'evil.example' } });
    expect(res.body.options.rpId).to.equal('localhost');
  });

  it('sign-in with a passkey is a full session (cookie, no MFA step), and the signature counter is updated each time', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const { complete: reg, authenticator } = await register(browser);
    const first = await passkeySignIn(authenticator);
    expect(first.complete.status).to.equal(200);
    expect(first.complete.body.mfa_pending).to.equal(false);
    expect(first.complete.body.operator.email).to.equal(operator.email);
    expect(first.browser.cookie).to.be.a('string');
    expect((await first.browser.get('/api/v1/operators/me')).body.email).to.equal(operator.email);
    const counter = async () => Number((await panel.kernel.panelDb('auth_passkeys').where({ id: reg.body.id }).first('counter')).counter);
    expect(await counter()).to.equal(1);
    await passkeySignIn(authenticator);
    expect(await counter()).to.equal(2);
    const listed = await first.browser.get('/api/v1/operators/me/passkeys');
    expect(listed.body.data[0].last_used_at).to.equal(new Date(Date.now()).toISOString());
  });

  it('an operator with TOTP signs in by passkey without the TOTP step (a verified passkey is a full authentication)', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    await enrollTotp(browser, time.clock);
    await browser.post('/api/v1/auth/step-up', { password: 'correct horse battery staple' });
    const { authenticator } = await register(browser);
    const { complete } = await passkeySignIn(authenticator);
    expect(complete.status).to.equal(200);
    expect(complete.body.mfa_pending).to.equal(false);
  });

  it('a sign-in challenge is single use: a second assertion over the same challenge is refused', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { authenticator } = await register(browser);
    const { begin, complete } = await passkeySignIn(authenticator);
    expect(complete.status).to.equal(200);
    const replay = authenticator.getJSON(ORIGIN, begin.body.options);
    const again = await call(panel.app, 'post', '/api/v1/auth/passkey/complete', { body: { challenge_id: begin.body.challenge_id, credential: replay } });
    expect(again.status).to.equal(401);
    expect(again.body.error.code).to.equal('auth.invalid_credentials');
  });

  it('a challenge older than 120 seconds is refused, and so is an assertion signed over another challenge', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { authenticator } = await register(browser);
    const stale = await call(panel.app, 'post', '/api/v1/auth/passkey/begin');
    time.clock.tick(121_000);
    const late = await call(panel.app, 'post', '/api/v1/auth/passkey/complete', { body: { challenge_id: stale.body.challenge_id, credential: authenticator.getJSON(ORIGIN, stale.body.options) } });
    expect(late.status).to.equal(401);

    const a = await call(panel.app, 'post', '/api/v1/auth/passkey/begin');
    const b = await call(panel.app, 'post', '/api/v1/auth/passkey/begin');
    const signedOverA = authenticator.getJSON(ORIGIN, a.body.options);
    const crossed = await call(panel.app, 'post', '/api/v1/auth/passkey/complete', { body: { challenge_id: b.body.challenge_id, credential: signedOverA } });
    expect(crossed.status).to.equal(401);
    // Taking B consumed it, whatever the outcome: A's assertion cannot be retried on B either.
    const retry = await call(panel.app, 'post', '/api/v1/auth/passkey/complete', { body: { challenge_id: b.body.challenge_id, credential: authenticator.getJSON(ORIGIN, b.body.options) } });
    expect(retry.status).to.equal(401);
  });

  it('an assertion made for another origin is refused', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { authenticator } = await register(browser);
    const { complete } = await passkeySignIn(authenticator, 'http://localhost:9999');
    expect(complete.status).to.equal(401);
  });

  it('an unknown or deleted passkey cannot sign in', async () => {
    const unknown = newAuthenticator();
    const { browser } = await signedIn(panel.app, panel.kernel);
    await register(browser, unknown);
    await panel.kernel.panelDb('auth_passkeys').where({ operator_id: (await browser.get('/api/v1/operators/me')).body.id }).delete();
    expect((await passkeySignIn(unknown)).complete.status).to.equal(401);

    const other = newAuthenticator();
    const { browser: b2 } = await signedIn(panel.app, panel.kernel);
    const { complete: reg } = await register(b2, other);
    expect((await b2.delete(`/api/v1/operators/me/passkeys/${reg.body.id}`)).status).to.equal(204);
    expect((await passkeySignIn(other)).complete.status).to.equal(401);
    const again = await b2.delete(`/api/v1/operators/me/passkeys/${reg.body.id}`);
    expect(again.status).to.equal(404);
    expect(again.body.error).to.include({ code: 'passkeys.not_found' });
    expect(again.body.error.details.field).to.equal('id');
  });

  it('sign-in without user verification is refused', async () => {
    const verification = { uv: true };
    const authenticator = newAuthenticator(verification);
    const { browser } = await signedIn(panel.app, panel.kernel);
    expect((await register(browser, authenticator)).complete.status).to.equal(201);
    verification.uv = false;
    expect((await passkeySignIn(authenticator)).complete.status).to.equal(401);
    verification.uv = true;
    expect((await passkeySignIn(authenticator)).complete.status).to.equal(200);
  });

  it('registration needs user verification and a fresh, own challenge (422 passkeys.registration_failed otherwise)', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const noUv = newAuthenticator({ uv: false });
    const res = await register(browser, noUv);
    expect(res.complete.status).to.equal(422);
    expect(res.complete.body.error.code).to.equal('passkeys.registration_failed');

    const ok = await register(browser);
    expect(ok.complete.status).to.equal(201);
    const reused = await browser.post('/api/v1/operators/me/passkeys/registration/complete', { challenge_id: ok.begin.body.challenge_id, credential: ok.credential });
    expect(reused.status).to.equal(422);
    expect(reused.body.error.details.field).to.equal('challenge_id');

    // A challenge issued to one operator cannot complete another operator's registration.
    const { browser: other } = await signedIn(panel.app, panel.kernel);
    const begin = await browser.post('/api/v1/operators/me/passkeys/registration/begin');
    const credential = newAuthenticator().createJSON(ORIGIN, begin.body.options);
    const foreign = await other.post('/api/v1/operators/me/passkeys/registration/complete', { challenge_id: begin.body.challenge_id, credential });
    expect(foreign.status).to.equal(422);
  });

  it('a passkey already registered cannot be registered again', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const first = await register(browser);
    expect(first.complete.status).to.equal(201);
    // The server excludes known credentials; an authenticator that ignores that is still refused.
    const begin = await browser.post('/api/v1/operators/me/passkeys/registration/begin');
    expect(begin.body.options.excludeCredentials.map((c: { id: string }) => c.id)).to.deep.equal([first.credential.id]);
  });

  it('registering and deleting passkeys need step-up', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const { complete } = await register(browser);
    time.clock.tick(301_000);
    expect((await browser.post('/api/v1/operators/me/passkeys/registration/begin')).body.error.code).to.equal('auth.step_up_required');
    expect((await browser.delete(`/api/v1/operators/me/passkeys/${complete.body.id}`)).body.error.code).to.equal('auth.step_up_required');
    await browser.post('/api/v1/auth/step-up', { password: operator.password });
    expect((await browser.delete(`/api/v1/operators/me/passkeys/${complete.body.id}`)).status).to.equal(204);
  });

  it('a disabled operator cannot sign in with a passkey', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const { authenticator } = await register(browser);
    await panel.kernel.panelDb('operators').where({ id: operator.id }).update({ disabled: true });
    expect((await passkeySignIn(authenticator)).complete.status).to.equal(401);
  });

  it('the passkey list pages like every list: a bad limit is 422', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    await register(browser, newAuthenticator(), 'one');
    time.clock.tick(1);
    await register(browser, newAuthenticator(), 'two');
    const first = await browser.get('/api/v1/operators/me/passkeys?limit=1');
    expect(first.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['one']);
    const second = await browser.get(`/api/v1/operators/me/passkeys?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['two']);
    expect(second.body.has_more).to.equal(false);
    const bad = await browser.get('/api/v1/operators/me/passkeys?limit=101');
    expect(bad.status).to.equal(422);
    expect(bad.body.error.details.field).to.equal('limit');
  });

  it('a malformed completion body is 422 naming the field', async () => {
    const res = await call(panel.app, 'post', '/api/v1/auth/passkey/complete', { body: { challenge_id: 'x', credential: { id: 'a' } } });
    expect(res.status).to.equal(422);
    expect(res.body.error.details.field).to.match(/^credential\./);
  });
});
