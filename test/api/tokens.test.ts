/**
 * Issue 6: API tokens. `svc_{env}_` plus 43 base64url characters; the plaintext only in the creation
 * response; only its SHA-256 stored; listed without secrets; revocation effective at once; expired,
 * revoked, malformed and other-environment tokens all 401.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { Tokens, TOKEN_PATTERN, parseToken } from '../../panel/auth/index.ts';
import { generateToken } from '../../panel/auth/tokens.ts';
import { sha256 } from '../../panel/auth/secrets.ts';
import { eachDatabase } from '../support/databases.ts';
import { call } from './support/client.ts';
import { fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

describe('token format', () => {
  it('generated tokens are svc_{env}_ plus 43 base64url characters and parse back, whatever _ and - they contain', () => {
    fc.assert(
      fc.property(fc.constantFrom('dev', 'prod', 'live', 'staging2'), (env) => {
        const token = generateToken(env);
        expect(token).to.match(/^svc_[a-z0-9]+_[A-Za-z0-9_-]{43}$/);
        expect(parseToken(token)).to.deep.equal({ env, secret: token.slice(`svc_${env}_`.length) });
        expect(Buffer.from(parseToken(token)!.secret, 'base64url')).to.have.length(32);
      }),
      { numRuns: 200 },
    );
  });

  it('a secret full of _ and - still parses (the format is one anchored regex, not a split on _)', () => {
    const secret = Buffer.from('ff'.repeat(32), 'hex').toString('base64url');
    expect(secret).to.include('_');
    expect(parseToken(`svc_prod_${secret}`)).to.deep.equal({ env: 'prod', secret });
    const dashy = Buffer.from('fb'.repeat(32), 'hex').toString('base64url');
    expect(parseToken(`svc_dev_${dashy}`)?.secret).to.equal(dashy);
  });

  it('near misses do not parse: wrong prefix, length, alphabet, padding, uppercase env, whitespace', () => {
    const good = generateToken('dev');
    for (const bad of [`${good}=`, ` ${good}`, `${good}\n`, good.slice(0, -1), `${good}A`, good.replace('svc_', 'svk_'), good.replace('_dev_', '_DEV_'), good.replace('_dev_', '__'), `svc_dev_${'+'.repeat(43)}`]) {
      expect(parseToken(bad), bad).to.equal(undefined);
    }
  });

  it('creating a Tokens store for an env label outside [a-z0-9] fails at boot, not at the first token', () => {
    expect(() => new Tokens(() => { throw new Error('unused'); }, { now: () => 0 }, 'dev_eu')).to.throw(/PANEL_ENV/);
  });
});

eachDatabase('API tokens', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('creation returns the plaintext once (201 with token, id, name, created_at, expires_at); the token then authenticates', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'ci' });
    expect(res.status).to.equal(201);
    expect(res.body.token).to.match(TOKEN_PATTERN);
    expect(res.body.token.startsWith('svc_dev_')).to.equal(true);
    expect(res.body).to.include({ name: 'ci', created_at: new Date(Date.now()).toISOString() });
    expect(res.body.expires_at).to.equal(new Date(Date.now() + 90 * 86400_000).toISOString());
    const me = await call(panel.app, 'get', '/api/v1/operators/me', { bearer: res.body.token });
    expect(me.status).to.equal(200);
    expect(me.body.email).to.equal(operator.email);
    expect(me.body.auth).to.deep.equal({ via: 'token', authenticated_at: null, step_up_expires_at: null });
  });

  it('the list shows name, hint and dates but never the secret; revoking works at once and twice is 404 naming the field', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const a = await browser.post('/api/v1/operators/me/tokens', { name: 'first' });
    time.clock.tick(1);
    const b = await browser.post('/api/v1/operators/me/tokens', { name: 'second' });
    const list = await browser.get('/api/v1/operators/me/tokens');
    expect(list.status).to.equal(200);
    expect(list.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['first', 'second']);
    expect(list.body.has_more).to.equal(false);
    expect(list.body.next_cursor).to.equal(null);
    const secretA = parseToken(a.body.token)!.secret;
    expect(list.text).not.to.include(secretA);
    expect(list.body.data[0].hint).to.equal(`svc_dev_…${secretA.slice(-4)}`);
    expect(list.body.data[0]).not.to.have.property('token');

    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: a.body.token })).status).to.equal(200);
    expect((await browser.delete(`/api/v1/operators/me/tokens/${a.body.id}`)).status).to.equal(204);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: a.body.token })).status).to.equal(401);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: b.body.token })).status).to.equal(200);
    const again = await browser.delete(`/api/v1/operators/me/tokens/${a.body.id}`);
    expect(again.status).to.equal(404);
    expect(again.body.error).to.include({ code: 'tokens.not_found' });
    expect(again.body.error.details.field).to.equal('id');
    expect((await browser.get('/api/v1/operators/me/tokens')).body.data.map((t: { name: string }) => t.name)).to.deep.equal(['second']);
  });

  it('an operator cannot see or revoke another operator\'s token', async () => {
    const alice = await signedIn(panel.app, panel.kernel);
    const bob = await signedIn(panel.app, panel.kernel);
    const token = await alice.browser.post('/api/v1/operators/me/tokens', { name: 'alice' });
    expect((await bob.browser.get('/api/v1/operators/me/tokens')).body.data).to.deep.equal([]);
    expect((await bob.browser.delete(`/api/v1/operators/me/tokens/${token.body.id}`)).status).to.equal(404);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: token.body.token })).status).to.equal(200);
  });

  it('a token stops working when it expires, and the list then says expired', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const lister = await browser.post('/api/v1/operators/me/tokens', { name: 'lister', scopes: ['tokens'] });
    time.clock.tick(1);
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'short', expires_at: expiresAt });
    expect(res.body.expires_at).to.equal(expiresAt);
    time.clock.tick(3599_000);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: res.body.token })).status).to.equal(200);
    time.clock.tick(1_000);
    const expired = await call(panel.app, 'get', '/api/v1/operators/me', { bearer: res.body.token });
    expect(expired.status).to.equal(401);
    expect(expired.body.error.code).to.equal('auth.unauthenticated');
    const list = await call(panel.app, 'get', '/api/v1/operators/me/tokens', { bearer: lister.body.token });
    expect(list.body.data.map((t: { name: string; status: string }) => [t.name, t.status])).to.deep.equal([['lister', 'active'], ['short', 'expired']]);
  });

  it('expires_at must be in the future and at most a year away (422 naming the field); name is required', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const past = await browser.post('/api/v1/operators/me/tokens', { name: 'x', expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).to.equal(422);
    expect(past.body.error.details.field).to.equal('expires_at');
    const far = await browser.post('/api/v1/operators/me/tokens', { name: 'x', expires_at: new Date(Date.now() + 367 * 86400_000).toISOString() });
    expect(far.status).to.equal(422);
    expect(far.body.error.details.field).to.equal('expires_at');
    const notDate = await browser.post('/api/v1/operators/me/tokens', { name: 'x', expires_at: 'next tuesday' });
    expect(notDate.status).to.equal(422);
    const noName = await browser.post('/api/v1/operators/me/tokens', {});
    expect(noName.status).to.equal(422);
    expect(noName.body.error.details.field).to.equal('name');
    const yearAway = new Date(Date.now());
    yearAway.setUTCFullYear(yearAway.getUTCFullYear() + 1);
    expect((await browser.post('/api/v1/operators/me/tokens', { name: 'x', expires_at: yearAway.toISOString() })).status).to.equal(201);
  });

  it('a token of another environment is 401, although its hash is in the database', async () => {
    const { operator } = await signedIn(panel.app, panel.kernel);
    const prod = new Tokens(() => panel.kernel.panelDb, { now: () => Date.now() }, 'prod');
    const { token } = await prod.create(operator.id, { name: 'minted by prod' });
    expect(token.startsWith('svc_prod_')).to.equal(true);
    expect(await panel.kernel.panelDb('auth_tokens').where({ token_hash: sha256(token) }).first('id')).to.not.equal(undefined);
    const res = await call(panel.app, 'get', '/api/v1/operators/me', { bearer: token });
    expect(res.status).to.equal(401);
  });

  it('malformed, unknown or non-bearer Authorization headers are 401, and the cookie is then ignored', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    for (const authorization of ['Bearer', 'Bearer nope', `Bearer ${generateToken('dev')}`, 'Basic dXNlcjpwYXNz', `Token ${generateToken('dev')}`]) {
      const res = await call(panel.app, 'get', '/api/v1/operators/me', { cookie: browser.cookie, headers: { Authorization: authorization } });
      expect(res.status, authorization).to.equal(401);
      expect(res.body.error.code).to.equal('auth.unauthenticated');
    }
  });

  it('a string that is not token-shaped is refused before any token lookup in the database', async () => {
    const queries: string[] = [];
    const listener = (q: { sql: string }) => queries.push(q.sql);
    panel.kernel.panelDb.on('query', listener);
    try {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 80 }).filter((s) => !TOKEN_PATTERN.test(s) && /^[\x21-\x7e]+$/.test(s)), async (s) => {
          const res = await call(panel.app, 'get', '/api/v1/operators/me', { bearer: s });
          expect(res.status).to.equal(401);
        }),
        { numRuns: 60 },
      );
    } finally {
      panel.kernel.panelDb.off('query', listener);
    }
    expect(queries.filter((q) => q.includes('auth_tokens'))).to.deep.equal([]);
  });

  it('the database holds the SHA-256 of each token, never the token or its secret', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'audit' });
    const dump = JSON.stringify(await panel.kernel.panelDb('auth_tokens').select('*'));
    expect(dump).not.to.include(res.body.token);
    expect(dump).not.to.include(parseToken(res.body.token)!.secret);
    expect(dump).to.include(sha256(res.body.token));
  });

  it('tokens of a disabled operator stop working', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'soon gone' });
    await panel.kernel.panelDb('operators').where({ id: operator.id }).update({ disabled: true });
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { bearer: res.body.token })).status).to.equal(401);
  });

  it('the token list pages with limit and cursor', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    for (const name of ['a', 'b', 'c']) {
      await browser.post('/api/v1/operators/me/tokens', { name });
      time.clock.tick(1);
    }
    const first = await browser.get('/api/v1/operators/me/tokens?limit=2');
    expect(first.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['a', 'b']);
    expect(first.body.has_more).to.equal(true);
    const second = await browser.get(`/api/v1/operators/me/tokens?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['c']);
    expect(second.body.has_more).to.equal(false);
    const bad = await browser.get('/api/v1/operators/me/tokens?limit=0');
    expect(bad.status).to.equal(422);
    expect(bad.body.error.details.field).to.equal('limit');
  });
});
