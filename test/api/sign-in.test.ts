/**
 * Issue 6: sign-in, sessions and sign-out. What a client observes: status, body, the svc_session
 * cookie and its attributes, and whether an old cookie still works.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { argon2Hasher, type PasswordHasher } from '../../panel/auth/passwords.ts';
import { sha256 } from '../../panel/auth/secrets.ts';
import { Browser, call } from './support/client.ts';
import { addOperator, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

function countingHasher(): PasswordHasher & { verifications: number } {
  const h = {
    verifications: 0,
    hash: (p: string) => argon2Hasher.hash(p),
    verify: async (hash: string, p: string) => {
      h.verifications += 1;
      return argon2Hasher.verify(hash, p);
    },
  };
  return h;
}

eachDatabase('sign-in and sessions', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('a correct password signs in with a 200 and an HttpOnly, SameSite=Lax, Path=/ cookie with Max-Age (no Secure over http)', async () => {
    const op = await addOperator(panel.kernel);
    const browser = new Browser(panel.app);
    const res = await browser.login(op.email, op.password);
    expect(res.status).to.equal(200);
    expect(res.body.mfa_pending).to.equal(false);
    expect(res.body.operator.email).to.equal(op.email);
    const line = res.setCookieLine!;
    expect(line).to.match(/^svc_session=[A-Za-z0-9_-]{43}; /);
    expect(line).to.include('HttpOnly').and.include('SameSite=Lax').and.include('Path=/').and.match(/Max-Age=43200(;|$)/);
    expect(line).not.to.include('Secure');
    expect(line).not.to.include('Domain');
    const me = await browser.get('/api/v1/operators/me');
    expect(me.status).to.equal(200);
    expect(me.body).to.include({ email: op.email, owner: false });
    expect(me.body.memberships).to.be.an('array');
    expect(me.body.auth.via).to.equal('session');
  });

  it('the email is matched without regard to case or surrounding spaces', async () => {
    const op = await addOperator(panel.kernel);
    const res = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: `  ${op.email.toUpperCase()} `, password: op.password } });
    expect(res.status).to.equal(200);
  });

  it('an unknown account and a wrong password give the same 401, and both run the password hasher', async () => {
    const hasher = countingHasher();
    const app = panel.appWith({ hasher });
    const op = await addOperator(panel.kernel);
    const wrong = await call(app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: 'not the password at all' } });
    expect(hasher.verifications).to.equal(1);
    const unknown = await call(app, 'post', '/api/v1/auth/login', { body: { email: 'nobody-here@example.test', password: 'not the password at all' } });
    expect(hasher.verifications).to.equal(2);
    expect(wrong.status).to.equal(401);
    expect(unknown.status).to.equal(401);
    const strip = (b: { error: Record<string, unknown> }) => ({ ...b.error, request_id: undefined });
    expect(strip(unknown.body)).to.deep.equal(strip(wrong.body));
    expect(wrong.body.error.code).to.equal('auth.invalid_credentials');
    expect(wrong.sessionCookie).to.equal(undefined);
  });

  it('a disabled account gets the same 401 as a wrong password', async () => {
    const op = await addOperator(panel.kernel);
    await panel.kernel.panelDb('operators').where({ id: op.id }).update({ disabled: true });
    const res = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('auth.invalid_credentials');
  });

  it('signing in again replaces the session: the cookie changes and the old one stops working', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const first = browser.cookie!;
    const again = await browser.login(operator.email, operator.password);
    expect(again.status).to.equal(200);
    expect(browser.cookie).to.be.a('string').and.not.equal(first);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { cookie: first })).status).to.equal(401);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
  });

  it('without a session, or with an unknown cookie, the API answers 401 auth.unauthenticated', async () => {
    const none = await call(panel.app, 'get', '/api/v1/operators/me');
    expect(none.status).to.equal(401);
    expect(none.body.error.code).to.equal('auth.unauthenticated');
    const bogus = await call(panel.app, 'get', '/api/v1/operators/me', { cookie: 'A'.repeat(43) });
    expect(bogus.status).to.equal(401);
  });

  it('logout deletes the session server-side and clears the cookie; the old cookie is then refused', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const cookie = browser.cookie!;
    const before = await panel.kernel.panelDb('auth_sessions').where({ token_hash: sha256(cookie) }).first();
    expect(before).to.not.equal(undefined);
    const out = await browser.post('/api/v1/auth/logout');
    expect(out.status).to.equal(204);
    expect(out.setCookieLine).to.match(/^svc_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
    const row = await panel.kernel.panelDb('auth_sessions').where({ id: before.id }).first();
    expect(row).to.equal(undefined);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { cookie })).status).to.equal(401);
    expect((await call(panel.app, 'post', '/api/v1/auth/logout', { cookie })).status).to.equal(401);
  });

  it('a session ends after 30 minutes without use, even though it was fresh', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    time.clock.tick(29 * 60_000);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
    time.clock.tick(29 * 60_000);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
    time.clock.tick(31 * 60_000);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
  });

  it('a session ends 12 hours after sign-in, however active', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    for (let i = 0; i < 24; i++) {
      time.clock.tick(29 * 60_000);
      expect((await browser.get('/api/v1/operators/me')).status, `after ${(i + 1) * 29} minutes`).to.equal(200);
    }
    time.clock.tick(29 * 60_000);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
  });

  it('the database holds only the SHA-256 of the session token, never the token', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const rows = await panel.kernel.panelDb('auth_sessions').select('*');
    const dump = JSON.stringify(rows);
    expect(dump).not.to.include(browser.cookie!);
    expect(dump).to.include(sha256(browser.cookie!));
  });

  it('a missing or ill-typed field is 422 validation.invalid naming the field; bad JSON is 400', async () => {
    const missing = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: 'a@example.test' } });
    expect(missing.status).to.equal(422);
    expect(missing.body.error.code).to.equal('validation.invalid');
    expect(missing.body.error.details.field).to.equal('password');
    const typed = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: 'a@example.test', password: 12345 } });
    expect(typed.status).to.equal(422);
    expect(typed.body.error.details.errors[0]).to.include({ field: 'password', in: 'body', rule: 'type' });
    const extra = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: 'a@example.test', password: 'x', admin: true } });
    expect(extra.status).to.equal(422);
    expect(extra.body.error.details.field).to.equal('admin');
    const bad = await call(panel.app, 'post', '/api/v1/auth/login', { raw: '{"email":', contentType: 'application/json' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.equal('request.malformed');
  });

  it('a disabled operator loses the sessions they had', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    await panel.kernel.panelDb('operators').where({ id: operator.id }).update({ disabled: true });
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
  });
});

eachDatabase('sign-in over https', (target) => {
  let panel: TestPanel;
  before(async () => {
    panel = await startPanel(target, { config: { baseUrl: 'https://panel.example.test' } });
  });
  after(async () => panel.dispose());

  it('the session cookie is Secure when the panel is served over https', async () => {
    const op = await addOperator(panel.kernel);
    const res = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
    expect(res.status).to.equal(200);
    expect(res.setCookieLine).to.match(/; Secure(;|$)/);
  });
});
