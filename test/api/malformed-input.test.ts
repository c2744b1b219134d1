/**
 * Issue 13 point 6: malformed input never reaches a 500. A malformed percent-escape in a path segment
 * and a JSON body that is not valid UTF-8 are 400 `request.malformed`; then a fuzz test sends several
 * hundred random requests (paths from the real route tables with random segments and escapes, random
 * methods, headers and bodies, anonymous, with a token or with a session cookie) to the real server on a
 * real database, and checks what every client can rely on: no 5xx, `X-Request-Id` and
 * `X-Content-Type-Options: nosniff` on every answer, and every JSON error in the envelope with that id.
 *
 * The fuzz test is deterministic (fixed fast-check seed, printed with the counterexample on failure).
 * The MCP endpoint is the one place whose JSON errors are not the envelope once a request reaches the MCP
 * transport: there the protocol's JSON-RPC error object is the answer MCP clients read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import type { Express } from 'express';
import { buildApp, firstStart } from '../../panel/boot.ts';
import { AUTH_MIGRATIONS, Tokens, systemClock } from '../../panel/auth/index.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { createOperator } from '../../panel/operators.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { RELAXED_LIMITS } from './support/harness.ts';

const SEED = 1313;
const RUNS = 500;
const REQUEST_ID = /^req_[A-Za-z0-9_-]{16,}$/;
const EMAIL = 'fuzz-owner@example.test';
const PASSWORD = 'a long fuzzing passphrase';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on a fresh connection, with the path sent byte for byte as given (no URL normalisation). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

eachDatabase('malformed input gets a 4xx in the envelope, never a 500', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  let app: Express;
  let server: http.Server;
  let port: number;
  let token: string;
  let cookie: string;
  const logged: string[] = [];

  before(async () => {
    kernel = await bootTestKernel(target, { builtins: BUILTIN_PLUGINS, panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }] });
    await firstStart(kernel);
    await kernel.createSite({ id: 'shop', plugins: ['cartwheel', 'seeder'] });
    app = buildApp(kernel, (line) => logged.push(line), { requestLimits: RELAXED_LIMITS });
    const op = await createOperator(kernel.panelDb, { email: EMAIL, password: PASSWORD, role: 'administrator', sites: ['default', 'shop'] });
    token = (await new Tokens(() => kernel.panelDb, systemClock, kernel.config.env).create(op.id, { name: 'fuzz', scopes: ['seeder', 'sites:read', 'tokens'] })).token;
    server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
    cookie = await signIn();
  });

  /** A new session; its `svc_session=...` cookie. */
  async function signIn(): Promise<string> {
    const login = await request(app).post('/api/v1/auth/login').send({ email: EMAIL, password: PASSWORD });
    const value = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0];
    expect(value, login.text).to.match(/^svc_session=./);
    return value;
  }

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await kernel.dispose();
  });

  it('a malformed percent-escape in a path segment is 400 request.malformed: API, admin, site REST and Seeder routes', async () => {
    const paths = [
      '/api/v1/sites/%ZZ',
      '/api/v1/operators/me/tokens/%E0%A4%A',
      '/sites/%ZZ/admin/',
      '/sites/default/admin/%ZZ/',
      '/sites/%ZZ/rest',
      '/sites/default/rest/seeder/v1/%ZZ/preview',
      '/sites/default/rest/seeder/v1/%FF/generate',
    ];
    for (const path of paths) {
      const method = path.endsWith('preview') || path.endsWith('generate') ? 'post' : 'get';
      const res = await request(app)[method](path).set('Authorization', `Bearer ${token}`);
      const error = expectErrorEnvelope(res, 400, 'request.malformed');
      expect(error.message, path).to.contain('percent-escape');
    }
    expect(logged).to.deep.equal([]);
  });

  it('a JSON body that is not valid UTF-8 is 400 request.malformed and nothing is stored; another charset is 415', async () => {
    const before = await request(app).get('/api/v1/operators/me/tokens').set('Authorization', `Bearer ${token}`);
    const post = async (contentType: string, bytes: Buffer) => {
      const res = await send(port, 'POST', '/api/v1/operators/me/tokens', { authorization: `Bearer ${token}`, 'content-type': contentType }, bytes);
      return { ...res, body: JSON.parse(res.text) as unknown };
    };
    const bad = await post('application/json', Buffer.concat([Buffer.from('{"name":"bad '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]));
    const error = expectErrorEnvelope(bad, 400, 'request.malformed');
    expect(error.message).to.equal('The request body is not valid UTF-8.');
    const after = await request(app).get('/api/v1/operators/me/tokens').set('Authorization', `Bearer ${token}`);
    expect(after.body.data).to.deep.equal(before.body.data);

    const utf16 = await post('application/json; charset=utf-16le', Buffer.from('{"name":"wide"}', 'utf16le'));
    expectErrorEnvelope(utf16, 415, 'request.unsupported_media_type');
    const fine = await post('application/json', Buffer.from(JSON.stringify({ name: 'très bien ✓' })));
    expect(fine.status).to.equal(201);
    expect((fine.body as { name: string }).name).to.equal('très bien ✓');
  });

  it(`property: ${RUNS} random requests never get a 5xx; every answer has X-Request-Id and nosniff; every JSON error is the envelope with that id`, async function () {
    this.timeout(180_000);
    // Every documented operation of the API and of the Seeder (from their OpenAPI documents), and the HTML routes.
    const routes: Array<{ path: string; methods: string[] }> = [];
    for (const [prefix, doc] of [['/api/v1', '/api/v1/openapi.json'], ['/sites/{site_id}/rest/seeder/v1', '/sites/default/rest/seeder/v1/openapi.json']]) {
      const { paths } = (await request(app).get(doc).set('Authorization', `Bearer ${token}`)).body as { paths: Record<string, Record<string, unknown>> };
      for (const [p, ops] of Object.entries(paths)) routes.push({ path: `${prefix}${p}`, methods: Object.keys(ops).filter((k) => /^(get|post|put|patch|delete)$/.test(k)).map((k) => k.toUpperCase()) });
    }
    for (const p of ['/sites/{site_id}/rest', '/sites/{site_id}/rest/', '/sites/{site_id}/admin/', '/sites/{site_id}/admin/sign-in', '/sites/{site_id}/admin/seeder/', '/sites/{site_id}/admin/seeder/assets/{file}', '/admin-assets/{file}', '/{anything}']) {
      routes.push({ path: p, methods: ['GET'] });
    }
    expect(routes.length).to.be.greaterThan(25);
    expect(routes.every((r) => r.methods.length > 0)).to.equal(true);

    const hex = fc.constantFrom(...'0123456789abcdefABCDEF');
    const escape = fc.oneof(
      fc.tuple(hex, hex).map(([a, b]) => `%${a}${b}`),
      fc.constantFrom('%', '%Z', '%ZZ', '%G1', '%%', '%FF', '%C0%AF', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%2e%2e', '%5C', '%25'),
    );
    // Characters Node sends as is in a request line (0x21-0x7e, without the path and query delimiters).
    const plain = fc.string({ unit: fc.constantFrom(...'abcxyzAZ09-._~!$&\'()*+,;=:@'), minLength: 1, maxLength: 12 });
    const segment = fc.oneof(
      fc.constantFrom('nosuch', 'me', 'orders', 'customers', 'products', 'tok_x', 'pk_x', 'admin.css', 'app.js', '..', '.', ''),
      plain,
      fc.array(fc.oneof(plain, escape), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
    );
    // Mostly what a real client sends, so that most requests get past identification, CSRF and body
    // parsing into the handlers; sometimes something else.
    const usually = <T>(common: fc.Arbitrary<T>, other: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: common }, { weight: 1, arbitrary: other });
    const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
    const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
    const target = fc
      .constantFrom(...routes)
      .chain((route) => fc.tuple(fc.constant(route.path), usually(fc.constantFrom(...route.methods), anyMethod)));
    const path = (template: string) => fc
      .tuple(
        fc.constant(template),
        fc.array(usually(fc.constantFrom('default', 'shop'), segment), { minLength: 6, maxLength: 6 }),
        sometimes(fc.array(segment, { minLength: 1, maxLength: 2 })),
        sometimes(fc.array(fc.tuple(plain, fc.oneof(plain, escape)), { minLength: 1, maxLength: 3 })),
      )
      .map(([template, values, extra, query]) => {
        let i = 0;
        const filled = template.replace(/\{[^}]+\}/g, () => values[i++]);
        const tail = extra ? `/${extra.join('/')}` : '';
        const qs = query ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
        return `${filled}${tail}${qs}`;
      });
    const json = fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null'));
    const body = fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: fc.object({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v))) },
      { weight: 1, arbitrary: json },
      { weight: 4, arbitrary: fc.record({ count: fc.integer({ min: -2, max: 12 }), seed: fc.integer(), locale: fc.constantFrom('en', 'de', 'xx') }, { requiredKeys: [] }).map((v) => Buffer.from(JSON.stringify(v))) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) },
      { weight: 1, arbitrary: json.map((b) => b.subarray(0, Math.max(0, b.length - 1))) },
      { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((s) => Buffer.concat([Buffer.from(`{"name":"${s}`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`)) },
    );
    const headers = fc
      .record({
        'content-type': usually(
          fc.constant('application/json'),
          fc.constantFrom(
            'application/json; charset=utf-8',
            'application/json; charset=utf-16le',
            'application/json; charset=latin1',
            'application/merge-patch+json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'nonsense',
          ),
        ),
        accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/json, text/event-stream'),
        'sec-fetch-site': usually(fc.constant('same-origin'), fc.constantFrom('cross-site', 'same-site', 'none')),
        origin: sometimes(fc.constantFrom(kernel.config.baseUrl, 'http://evil.example', 'null')),
        'content-encoding': sometimes(fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'bogus')),
        'x-request-id': sometimes(fc.constant('req_chosen_by_the_client_000')),
      })
      .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);
    const auth = usually(fc.constantFrom('token', 'cookie'), fc.constantFrom('none', 'both', 'bad token', 'bad cookie', 'basic'));
    const anyRequest = target.chain(([template, method]) => fc.tuple(fc.constant(method), path(template)));

    await fc.assert(
      fc.asyncProperty(anyRequest, headers, body, auth, async ([m, p], h, b, a) => {
        const sent: Record<string, string> = { ...h };
        if (a === 'token' || a === 'both') sent.authorization = `Bearer ${token}`;
        if (a === 'cookie' || a === 'both') sent.cookie = cookie;
        if (a === 'bad token') sent.authorization = `Bearer svc_${kernel.config.env}_${'A'.repeat(43)}`;
        if (a === 'bad cookie') sent.cookie = 'svc_session=%ZZnot-a-session';
        if (a === 'basic') sent.authorization = 'Basic Zm9vOmJhcg==';
        const res = await send(port, m, p, sent, b);
        // A request may have signed the session out (logout, password change): the next ones get a new one.
        if (sent.cookie === cookie && res.status === 401) cookie = await signIn();
        const where = `${m} ${p} (${a}) -> ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, where).to.be.within(200, 499);
        const id = res.headers['x-request-id'];
        expect(id, where).to.be.a('string').and.match(REQUEST_ID);
        expect(res.headers['x-content-type-options'], where).to.equal('nosniff');
        const isJson = /^application\/([a-z.+-]*\+)?json\b/.test(String(res.headers['content-type'] ?? ''));
        if (res.status >= 300 && isJson && m !== 'HEAD') {
          const parsed = JSON.parse(res.text) as { jsonrpc?: string; error?: { code?: unknown; message?: unknown; request_id?: unknown } };
          // Past its checks, the MCP endpoint answers in JSON-RPC, the protocol's own error format.
          if (p.split('?')[0].endsWith('/seeder/v1/mcp') && parsed.jsonrpc === '2.0') return;
          expect(Object.keys(parsed), where).to.deep.equal(['error']);
          expect(parsed.error?.code, where).to.be.a('string').and.match(/^[a-z_]+\.[a-z_]+$/);
          expect(parsed.error?.message, where).to.be.a('string').and.not.be.empty;
          expect(parsed.error?.request_id, where).to.equal(id);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(logged, 'nothing was logged as a server error').to.deep.equal([]);
  });
});
