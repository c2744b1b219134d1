/**
 * Issue 6: the contract. The document is served at /api/v1/openapi.json; every operation answers
 * the systematic statuses it documents (401 without credentials, 403 cross-site, 400 for bad JSON,
 * 415 for non-JSON bodies, 422 for invalid bodies, 429 past the rate limit); unknown routes and
 * methods, thrown errors and random requests all get the error envelope.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import fs from 'node:fs';
import sinon from 'sinon';
import YAML from 'yaml';
import { OPENAPI_FILE, type OperationSpec } from '../../panel/api/openapi.ts';
import { eachDatabase } from '../support/databases.ts';
import { call, type Method } from './support/client.ts';
import { contract } from './support/contract.ts';
import { addOperator, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

const urlOf = (op: OperationSpec) => `/api/v1${op.path.replace(/\{[^}]+\}/g, 'x')}`;
const documents = (op: OperationSpec, status: number) => op.responses.has(String(status));

eachDatabase('the contract, operation by operation', (target) => {
  let panel: TestPanel;
  fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('GET /api/v1/openapi.json serves panel/openapi.yaml as JSON', async () => {
    const res = await call(panel.app, 'get', '/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(YAML.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'), { maxAliasCount: -1 }));
    expect(res.body.openapi).to.equal('3.1.0');
  });

  it('every operation that needs credentials is 401 auth.unauthenticated without them', async () => {
    for (const op of contract.operations.filter((o) => o.auth !== 'none' && o.auth !== 'mfa_pending')) {
      const res = await call(panel.app, op.method, urlOf(op), op.body ? { body: {} } : {});
      expect(res.status, op.id).to.equal(401);
      expect(res.body.error.code, op.id).to.equal('auth.unauthenticated');
    }
  });

  it('every unsafe operation refuses a cross-site request with 403 csrf.rejected', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    for (const op of contract.operations.filter((o) => o.method !== 'get')) {
      const res = await browser.request(op.method, urlOf(op), { ...(op.body ? { body: {} } : {}), headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(res.status, op.id).to.equal(403);
      expect(res.body.error.code, op.id).to.equal('csrf.rejected');
    }
  });

  it('every POST operation answers malformed JSON with 400 and a non-JSON body with 415 (the shell checks bodies before anything else)', async () => {
    for (const op of contract.operations.filter((o) => o.method === 'post')) {
      const bad = await call(panel.app, op.method, urlOf(op), { raw: '{"not json', contentType: 'application/json' });
      expect(bad.status, op.id).to.equal(400);
      expect(bad.body.error.code).to.equal('request.malformed');
      const plain = await call(panel.app, op.method, urlOf(op), { raw: 'hello', contentType: 'text/plain' });
      expect(plain.status, op.id).to.equal(415);
    }
  });

  it('every operation with a body answers an invalid one with 422 validation.invalid and details naming fields', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    for (const op of contract.operations.filter((o) => o.body)) {
      const res = await browser.request(op.method, urlOf(op), { body: { surely_not_a_field: [1] } });
      expect(res.status, `${op.id}: ${res.text}`).to.equal(422);
      expect(res.body.error.code, op.id).to.equal('validation.invalid');
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field), op.id).to.include('surely_not_a_field');
      expect(res.body.error.message).to.match(/^Invalid parameter\(s\): /);
    }
    const array = await browser.request('post', '/api/v1/operators/me/tokens', { body: [] });
    expect(array.status).to.equal(422);
    expect(array.body.error.details.field).to.equal('body');
  });

  it('every operation answers 429 with Retry-After once the caller\'s budget is spent', async () => {
    const app = panel.appWith({ requestLimits: { authenticated: { points: 1, durationSeconds: 60 }, anonymous: { points: 1, durationSeconds: 60 } } });
    const op0 = await addOperator(panel.kernel);
    const login = await call(app, 'post', '/api/v1/auth/login', { body: { email: op0.email, password: op0.password } });
    expect(login.status).to.equal(200);
    const cookie = login.sessionCookie!;
    // Spend the session's one request, so every operation below meets an empty budget.
    expect((await call(app, 'get', '/api/v1/operators/me', { cookie })).status).to.equal(200);
    for (const op of contract.operations) {
      expect(documents(op, 429), op.id).to.equal(true);
      const res = await call(app, op.method, urlOf(op), {
        ...(op.body ? { body: {} } : {}),
        ...(op.auth === 'none' ? {} : { cookie }),
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(res.status, op.id).to.equal(429);
      expect(res.headers['retry-after'], op.id).to.match(/^[1-9][0-9]*$/);
    }
  });

  it('an unknown route is 404 route.not_found and a documented path with another method is 405 with Allow, both in the envelope', async () => {
    const unknown = await call(panel.app, 'get', '/api/v1/nothing/here');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('route.not_found');
    const wrongMethod = await call(panel.app, 'put', '/api/v1/sites');
    expect(wrongMethod.status).to.equal(405);
    expect(wrongMethod.body.error.code).to.equal('route.method_not_allowed');
    expect(wrongMethod.headers.allow).to.equal('GET, POST');
  });

  it('an unexpected failure is 500 server.internal in the envelope, without internals, logged with the request id', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    await panel.kernel.createSite({ id: 'anything' });
    const stub = sinon.stub(panel.kernel, 'siteRecord').rejects(new Error('disk on fire at /var/secret/path'));
    try {
      const res = await browser.get('/api/v1/sites/anything');
      expect(res.status).to.equal(500);
      expect(res.body.error.code).to.equal('server.internal');
      expect(res.text).not.to.include('disk on fire');
      expect(res.text).not.to.include('/var/secret');
      expect(panel.errors.some((l) => l.includes(res.body.error.request_id) && l.includes('disk on fire'))).to.equal(true);
    } finally {
      stub.restore();
    }
  });

  it('property: random requests to the API never get a 5xx, and every error is the envelope with a req_ id', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    const segment = fc.oneof(fc.constantFrom('auth', 'login', 'operators', 'me', 'tokens', 'sites', 'totp', 'passkeys', 'x', '..', '%2F', 'openapi.json'), fc.string({ maxLength: 8 }).map(encodeURIComponent));
    const body = fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }), fc.object({ maxDepth: 1 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Method>('get', 'post', 'delete', 'put', 'patch'), fc.array(segment, { minLength: 1, maxLength: 4 }), body, fc.boolean(), async (method, segments, json, withCookie) => {
        const url = `/api/v1/${segments.join('/')}`;
        // Bodies only where HTTP gives them meaning; documented GET and DELETE operations take none.
        const payload = json === undefined || method === 'get' || method === 'delete' ? {} : { raw: JSON.stringify(json), contentType: 'application/json' };
        const res = withCookie ? await browser.request(method, url, payload) : await call(panel.app, method, url, payload);
        expect(res.status, `${method} ${url}`).to.be.below(500);
        if (res.status >= 400) expect(res.body.error.request_id).to.match(/^req_[A-Za-z0-9_-]{16,}$/);
      }),
      { numRuns: 150 },
    );
  });
});
