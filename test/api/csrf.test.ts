/**
 * Issue 6: cross-site request forgery. Unsafe requests not carried by a bearer token must come
 * from the panel's own origin (Sec-Fetch-Site, else Origin); bodies are JSON only (415); bearer
 * requests are unaffected, and when a bearer token and the cookie both arrive the bearer wins.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { call } from './support/client.ts';
import { fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('CSRF defence', (target) => {
  let panel: TestPanel;
  fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('a cookie request with Sec-Fetch-Site cross-site or same-site is 403 csrf.rejected, and nothing changes', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    for (const site of ['cross-site', 'same-site']) {
      const res = await browser.post('/api/v1/operators/me/tokens', { name: 'forged' }, { headers: { 'Sec-Fetch-Site': site } });
      expect(res.status, site).to.equal(403);
      expect(res.body.error.code).to.equal('csrf.rejected');
    }
    const del = await browser.delete('/api/v1/sites/anything', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(del.status).to.equal(403);
    const logout = await call(panel.app, 'post', '/api/v1/auth/logout', { cookie: browser.cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(logout.status).to.equal(403);
    expect((await browser.get('/api/v1/operators/me/tokens')).body.data).to.deep.equal([]);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
  });

  it('same-origin and user-initiated (none) requests pass', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    expect((await browser.post('/api/v1/operators/me/tokens', { name: 'a' }, { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).to.equal(201);
    expect((await browser.post('/api/v1/operators/me/tokens', { name: 'b' }, { headers: { 'Sec-Fetch-Site': 'none' } })).status).to.equal(201);
  });

  it('without Sec-Fetch-Site, a foreign Origin is refused and the configured origin passes (never derived from Host)', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const post = (origin: string, host?: string) =>
      call(panel.app, 'post', '/api/v1/operators/me/tokens', { cookie: browser.cookie, body: { name: 'o' }, headers: { Origin: origin, ...(host ? { Host: host } : {}) } });
    expect((await post('https://evil.example')).status).to.equal(403);
    expect((await post('null')).status).to.equal(403);
    expect((await post('http://evil.example', 'evil.example')).status).to.equal(403);
    expect((await post('http://localhost:8080')).status).to.equal(201);
  });

  it('a cross-site sign-in attempt is refused too (no logging a browser in to someone else\'s account)', async () => {
    const { operator } = await signedIn(panel.app, panel.kernel);
    const res = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: operator.email, password: operator.password }, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).to.equal(403);
    expect(res.sessionCookie).to.equal(undefined);
  });

  it('safe methods are not affected', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    expect((await browser.get('/api/v1/operators/me', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).to.equal(200);
  });

  it('bodies must be JSON: text/plain and form posts are 415 (the shapes a cross-site form can send)', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const plain = await call(panel.app, 'post', '/api/v1/auth/login', { raw: JSON.stringify({ email: operator.email, password: operator.password }), contentType: 'text/plain' });
    expect(plain.status).to.equal(415);
    expect(plain.body.error.code).to.equal('request.unsupported_media_type');
    const form = await call(panel.app, 'post', '/api/v1/operators/me/tokens', { cookie: browser.cookie, raw: 'name=forged', contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).to.equal(415);
    expect((await browser.get('/api/v1/operators/me/tokens')).body.data).to.deep.equal([]);
  });

  it('bearer requests are unaffected by Sec-Fetch-Site and Origin', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const { body } = await browser.post('/api/v1/operators/me/tokens', { name: 'bot', scopes: ['tokens'] });
    const res = await call(panel.app, 'post', '/api/v1/operators/me/tokens', { bearer: body.token, body: { name: 'from a bot' }, headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' } });
    expect(res.status).to.equal(201);
  });

  it('with both a bearer token and a cookie, the bearer token decides who is calling', async () => {
    const alice = await signedIn(panel.app, panel.kernel);
    const bob = await signedIn(panel.app, panel.kernel);
    const { body } = await bob.browser.post('/api/v1/operators/me/tokens', { name: 'bob bot' });
    const me = await call(panel.app, 'get', '/api/v1/operators/me', { bearer: body.token, cookie: alice.browser.cookie });
    expect(me.body.email).to.equal(bob.operator.email);
    expect(me.body.auth.via).to.equal('token');
  });
});
