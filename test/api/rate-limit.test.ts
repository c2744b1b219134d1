/**
 * Issue 6: rate limits per session, per token and (anonymous) per IP, with X-RateLimit-Limit,
 * X-RateLimit-Remaining and X-RateLimit-Reset (whole seconds until the window resets) on every
 * response, and 429 rate_limit.exceeded with Retry-After past the limit.
 */
import { expect } from 'chai';
import type { Express } from 'express';
import { LIMITS_TABLE } from '../../panel/auth/limit-table.ts';
import { eachDatabase } from '../support/databases.ts';
import { Browser, call, type ApiResponse } from './support/client.ts';
import { addOperator, fakeDate, startPanel, type TestPanel } from './support/harness.ts';

const limits = (res: ApiResponse) => ({
  limit: res.headers['x-ratelimit-limit'],
  remaining: res.headers['x-ratelimit-remaining'],
  reset: res.headers['x-ratelimit-reset'],
});

eachDatabase('rate limits', (target) => {
  let panel: TestPanel;
  let app: Express;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  beforeEach(() => {
    // A fresh limiter per test: 5 requests a minute per session or token, 3 per IP without one.
    app = panel.appWith({ requestLimits: { authenticated: { points: 5, durationSeconds: 60 }, anonymous: { points: 3, durationSeconds: 60 } } });
  });
  after(async () => panel.dispose());

  async function session(): Promise<Browser> {
    const op = await addOperator(panel.kernel);
    const browser = new Browser(app);
    expect((await browser.login(op.email, op.password)).status).to.equal(200);
    return browser;
  }

  it('a session counts down its own budget; past it, 429 with Retry-After; the window then resets', async () => {
    const browser = await session();
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(limits(await browser.get('/api/v1/operators/me')));
    expect(seen.map((s) => s.remaining)).to.deep.equal(['4', '3', '2', '1', '0']);
    expect(seen.every((s) => s.limit === '5' && s.reset === '60')).to.equal(true);
    time.clock.tick(12_500);
    const refused = await browser.get('/api/v1/operators/me');
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('rate_limit.exceeded');
    expect(limits(refused)).to.deep.equal({ limit: '5', remaining: '0', reset: '48' });
    expect(refused.headers['retry-after']).to.equal('48');
    time.clock.tick(47_500);
    const again = await browser.get('/api/v1/operators/me');
    expect(again.status).to.equal(200);
    expect(limits(again)).to.deep.equal({ limit: '5', remaining: '4', reset: '60' });
  });

  it('sessions and tokens have separate budgets, even for one operator', async () => {
    const browser = await session();
    const token = (await browser.post('/api/v1/operators/me/tokens', { name: 'bot' })).body.token as string;
    for (let i = 0; i < 4; i++) await browser.get('/api/v1/operators/me');
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(429);
    const viaToken = await call(app, 'get', '/api/v1/operators/me', { bearer: token });
    expect(viaToken.status).to.equal(200);
    expect(limits(viaToken).remaining).to.equal('4');
    const other = await session();
    expect((await other.get('/api/v1/operators/me')).status).to.equal(200);
  });

  it('anonymous requests are limited per IP, and even a 401 for a bad token carries the headers', async () => {
    const first = await call(app, 'get', '/api/v1/openapi.json');
    expect(limits(first)).to.deep.equal({ limit: '3', remaining: '2', reset: '60' });
    const bad = await call(app, 'get', '/api/v1/operators/me', { bearer: 'svc_dev_nope' });
    expect(bad.status).to.equal(401);
    expect(limits(bad).remaining).to.equal('1');
    await call(app, 'get', '/api/v1/openapi.json');
    const refused = await call(app, 'get', '/api/v1/openapi.json');
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
  });

  it('site routes and unknown routes carry the headers too', async () => {
    const browser = await session();
    for (const url of ['/sites/nowhere/rest', '/api/v1/no-such-thing', '/elsewhere']) {
      const res = await browser.get(url);
      expect(res.status, url).to.equal(404);
      expect(res.headers['x-ratelimit-limit'], url).to.equal('5');
      expect(res.headers['x-ratelimit-reset'], url).to.match(/^[1-9][0-9]*$/);
    }
  });

  it('a refused body (415 wrong content type, 400 bad JSON) is counted and carries the headers', async () => {
    const browser = await session();
    const wrongType = await browser.request('post', '/api/v1/operators/me/tokens', { raw: 'name=bot', contentType: 'application/x-www-form-urlencoded' });
    expect(wrongType.status).to.equal(415);
    expect(limits(wrongType)).to.deep.equal({ limit: '5', remaining: '4', reset: '60' });
    const badJson = await browser.request('post', '/api/v1/operators/me/tokens', { raw: '{"name":' });
    expect(badJson.status).to.equal(400);
    expect(limits(badJson)).to.deep.equal({ limit: '5', remaining: '3', reset: '60' });
  });

  it('the sign-in throttle answers 429 with its own limit in the headers', async () => {
    const op = await addOperator(panel.kernel);
    const relaxed = panel.appWith({});
    for (let i = 0; i < 10; i++) await call(relaxed, 'post', '/api/v1/auth/login', { body: { email: op.email, password: `wrong-${i}-password` } });
    const res = await call(relaxed, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
    expect(res.status).to.equal(429);
    expect(limits(res)).to.deep.equal({ limit: '10', remaining: '0', reset: String(15 * 60) });
    expect(res.headers['retry-after']).to.equal(String(15 * 60));
    expect(res.body.error.details.scope).to.equal('sign_in');
  });

  it('the IP-wide sign-in throttle blocks an address that fails across many accounts', async () => {
    const relaxed = panel.appWith({ throttle: { ip: { points: 5, durationSeconds: 3600, blockSeconds: 600 } } });
    for (let i = 0; i < 5; i++) await call(relaxed, 'post', '/api/v1/auth/login', { body: { email: `someone-${i}@example.test`, password: 'guessing password' } });
    const op = await addOperator(panel.kernel);
    const res = await call(relaxed, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
    expect(res.status).to.equal(429);
    expect(res.headers['retry-after']).to.equal('600');
  });
});

eachDatabase('rate limits when the database fails', (target) => {
  it('request limits fall back to a per-process count; the sign-in throttle fails closed (500, no session); both recover', async () => {
    const panel = await startPanel(target);
    try {
      const op = await addOperator(panel.kernel);
      const app = panel.appWith({ requestLimits: { authenticated: { points: 5, durationSeconds: 60 }, anonymous: { points: 3, durationSeconds: 60 } } });
      expect(limits(await call(app, 'get', '/api/v1/openapi.json')).remaining).to.equal('2');
      // The counters' table disappears: every read and write of a counter fails.
      await panel.kernel.panelDb.schema.renameTable(LIMITS_TABLE, `${LIMITS_TABLE}_away`);
      const signIn = await call(app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
      expect(signIn.status).to.equal(500);
      expect(signIn.body.error.code).to.equal('server.internal');
      expect(signIn.sessionCookie).to.equal(undefined);
      // That request was counted in this process's memory instead, from a fresh budget of 3.
      expect(limits(signIn).remaining).to.equal('2');
      expect(limits(await call(app, 'get', '/api/v1/openapi.json')).remaining).to.equal('1');
      expect(limits(await call(app, 'get', '/api/v1/openapi.json')).remaining).to.equal('0');
      expect((await call(app, 'get', '/api/v1/openapi.json')).status).to.equal(429);
      await panel.kernel.panelDb.schema.renameTable(`${LIMITS_TABLE}_away`, LIMITS_TABLE);
      const again = await call(panel.appWith({}), 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
      expect(again.status).to.equal(200);
    } finally {
      await panel.dispose();
    }
  });
});
