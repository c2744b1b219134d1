/**
 * Issue 6: step-up. A cookie session whose last full authentication is older than 300 seconds is
 * refused on sensitive operations with 403 auth.step_up_required and details.max_age_seconds; the
 * password at POST /auth/step-up rotates the session, and the same request then succeeds. Bearer
 * tokens are their own proof.
 */
import { expect } from 'chai';
import { assertRecentAuth, STEP_UP_MAX_AGE_SECONDS } from '../../panel/auth/index.ts';
import { isPanelError } from '../../panel/errors.ts';
import { eachDatabase } from '../support/databases.ts';
import { Browser, call } from './support/client.ts';
import { contract } from './support/contract.ts';
import { fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('step-up', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('at 299 seconds after sign-in a step-up operation passes; at 301 seconds it is 403 auth.step_up_required', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    time.clock.tick(299_000);
    expect((await browser.post('/api/v1/operators/me/tokens', { name: 'at 299 s' })).status).to.equal(201);
    time.clock.tick(2_000);
    const refused = await browser.post('/api/v1/operators/me/tokens', { name: 'at 301 s' });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('auth.step_up_required');
    expect(refused.body.error.details.max_age_seconds).to.equal(300);
    expect(refused.body.error.message).to.match(/re-authenticate/i);
  });

  it('after POST /auth/step-up with the password, the same request succeeds; the cookie rotates and the old one stops working', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    time.clock.tick(600_000);
    const request = { name: 'ci deploy' };
    expect((await browser.post('/api/v1/operators/me/tokens', request)).status).to.equal(403);
    const oldCookie = browser.cookie!;
    const stepUp = await browser.post('/api/v1/auth/step-up', { password: operator.password });
    expect(stepUp.status).to.equal(200);
    expect(stepUp.body.session.authenticated_at).to.equal(new Date(Date.now()).toISOString());
    expect(stepUp.body.session.step_up_expires_at).to.equal(new Date(Date.now() + 300_000).toISOString());
    expect(browser.cookie).to.be.a('string').and.not.equal(oldCookie);
    expect((await browser.post('/api/v1/operators/me/tokens', request)).status).to.equal(201);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { cookie: oldCookie })).status).to.equal(401);
  });

  it('GET /operators/me tells when step-up will be needed', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const me = await browser.get('/api/v1/operators/me');
    expect(me.body.auth.authenticated_at).to.equal(new Date(Date.now()).toISOString());
    expect(me.body.auth.step_up_expires_at).to.equal(new Date(Date.now() + 300_000).toISOString());
  });

  it('a wrong step-up password is 401 auth.invalid_credentials and leaves the session as it was', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    time.clock.tick(301_000);
    const cookie = browser.cookie;
    const wrong = await browser.post('/api/v1/auth/step-up', { password: 'wrong password here' });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error.code).to.equal('auth.invalid_credentials');
    expect(browser.cookie).to.equal(cookie);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
    expect((await browser.post('/api/v1/operators/me/tokens', { name: 'x' })).status).to.equal(403);
  });

  it('step-up failures count in the sign-in throttle: the tenth blocks even the password sign-in', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    for (let i = 0; i < 10; i++) expect((await browser.post('/api/v1/auth/step-up', { password: `wrong ${i} password` })).status).to.equal(401);
    const blocked = await browser.post('/api/v1/auth/step-up', { password: operator.password });
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers['retry-after'])).to.be.at.least(1);
    expect((await new Browser(panel.app).login(operator.email, operator.password)).status).to.equal(429);
  });

  it('every operation marked x-step-up refuses a stale session with 403 auth.step_up_required', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    time.clock.tick(301_000);
    const stepUpOps = contract.operations.filter((o) => o.stepUp);
    expect(stepUpOps.map((o) => o.id)).to.include.members([
      'createToken', 'revokeToken', 'totpEnrollBegin', 'totpEnrollConfirm', 'totpDisable',
      'passkeyRegisterBegin', 'passkeyRegisterComplete', 'deletePasskey', 'changePassword', 'createSite', 'deleteSite',
      'addMember', 'setMemberRole', 'removeMember',
    ]);
    for (const op of stepUpOps) {
      const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, 'x')}`;
      const res = await browser.request(op.method, url, op.body ? { body: {} } : {});
      expect(res.status, op.id).to.equal(403);
      expect(res.body.error.code, op.id).to.equal('auth.step_up_required');
    }
  });

  it('a bearer token needs no step-up, even a day after the session that made it', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const created = await browser.post('/api/v1/operators/me/tokens', { name: 'automation', scopes: ['seeder', 'tokens'] });
    time.clock.tick(24 * 3600_000);
    const res = await call(panel.app, 'post', '/api/v1/operators/me/tokens', { bearer: created.body.token, body: { name: 'made by a token' } });
    expect(res.status).to.equal(201);
  });

  it('step-up is for cookie sessions: with a bearer token it is 403, without anything 401', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const created = await browser.post('/api/v1/operators/me/tokens', { name: 'automation' });
    const withToken = await call(panel.app, 'post', '/api/v1/auth/step-up', { bearer: created.body.token, body: { password: operator.password } });
    expect(withToken.status).to.equal(403);
    expect(withToken.body.error.code).to.equal('auth.forbidden');
    const anonymous = await call(panel.app, 'post', '/api/v1/auth/step-up', { body: { password: operator.password } });
    expect(anonymous.status).to.equal(401);
  });

  it('assertRecentAuth (for routes outside the API) applies the same rule', () => {
    const now = Date.now();
    const session = { operatorId: 1, email: 'a@example.test', owner: false, role: 'administrator' as const, via: 'session' as const, lastFullAuthAt: now - 301_000 };
    let thrown: unknown;
    try {
      assertRecentAuth(session, now);
    } catch (e) {
      thrown = e;
    }
    expect(isPanelError(thrown) && thrown.status === 403 && thrown.code === 'auth.step_up_required').to.equal(true);
    expect(isPanelError(thrown) && thrown.details?.max_age_seconds).to.equal(STEP_UP_MAX_AGE_SECONDS);
    expect(() => assertRecentAuth({ ...session, lastFullAuthAt: now - 299_000 }, now)).not.to.throw();
    expect(() => assertRecentAuth({ ...session, via: 'token', lastFullAuthAt: undefined }, now)).not.to.throw();
  });
});
