import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../panel/boot.ts';
import { asOwner, ownerToken } from '../support/owner.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import type { Express } from 'express';

const here = path.dirname(fileURLToPath(import.meta.url));
const HELLO = path.join(here, '../fixtures/plugins/hello-plugin.ts');

eachDatabase('HTTP shell: the error envelope on every error', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  let app: Express;
  let token: string;
  const logged: string[] = [];

  before(async () => {
    kernel = await bootTestKernel(target, { config: { plugins: [HELLO] } });
    await kernel.createSite({ id: 'shop', plugins: ['hello'] });
    app = buildApp(kernel, (line) => logged.push(line));
    token = await ownerToken(kernel);
  });
  after(async () => kernel.dispose());
  const owner = (a: Express) => asOwner(a, token);

  it('every response carries an X-Request-Id of req_ and 22 characters, different each time', async () => {
    const a = await owner(app).get('/sites/shop/rest');
    const b = await owner(app).get('/sites/shop/rest');
    expect(a.status).to.equal(200);
    expect(a.headers['x-request-id']).to.match(/^req_[A-Za-z0-9_-]{22}$/);
    expect(a.headers['x-request-id']).to.not.equal(b.headers['x-request-id']);
  });

  it('an unknown route is a 404 route.not_found in the envelope', async () => {
    const res = await owner(app).get('/nowhere');
    const err = expectErrorEnvelope(res, 404, 'route.not_found');
    expect(err.details).to.deep.equal({ method: 'GET', path: '/nowhere' });
  });

  it('an unknown site id is a 404 sites.not_found naming the field', async () => {
    const res = await owner(app).get('/sites/nosuchsite/rest');
    const err = expectErrorEnvelope(res, 404, 'sites.not_found');
    expect(err.details).to.deep.equal({ field: 'site_id' });
  });

  it('malformed JSON is a 400 request.malformed', async () => {
    const res = await owner(app).post('/sites/shop/rest/hello/v1/greeting').set('Content-Type', 'application/json').send('{"count": ');
    expectErrorEnvelope(res, 400, 'request.malformed');
  });

  it('a non-JSON body is a 415 request.unsupported_media_type', async () => {
    const res = await owner(app).post('/sites/shop/rest/hello/v1/greeting').set('Content-Type', 'text/plain').send('count=5');
    expectErrorEnvelope(res, 415, 'request.unsupported_media_type');
    const form = await owner(app).post('/sites/shop/rest/hello/v1/greeting').type('form').send({ a: 1 });
    expectErrorEnvelope(form, 415, 'request.unsupported_media_type');
  });

  it('a thrown error is a 500 server.internal without stack or internal message, logged with its request id', async () => {
    const res = await owner(app).get('/sites/shop/rest/hello/v1/boom');
    const err = expectErrorEnvelope(res, 500, 'server.internal');
    expect(JSON.stringify(res.body)).to.not.contain('secret internal detail').and.not.contain('.ts:');
    expect(logged.some((l) => l.includes(err.request_id) && l.includes('secret internal detail'))).to.equal(true);
  });

  it('every answer says X-Content-Type-Options: nosniff: API and site REST JSON, errors, 404s, assets, admin HTML and redirects (issue 13)', async () => {
    const answers = [
      await request(app).get('/api/v1/openapi.json'),
      await request(app).get('/api/v1/operators/me'),
      await request(app).get('/api/v1/nothing'),
      await owner(app).get('/sites/shop/rest/'),
      await owner(app).get('/sites/shop/rest/hello/v1/greeting'),
      await owner(app).get('/sites/shop/rest/hello/v1/boom'),
      await owner(app).post('/sites/shop/rest/hello/v1/greeting').set('Content-Type', 'application/json').send('{"count": '),
      await owner(app).get('/sites/nosuchsite/rest'),
      await owner(app).get('/sites/%ZZ/rest'),
      await request(app).get('/nowhere'),
      await request(app).get('/admin-assets/admin.css'),
      await request(app).get('/sites/shop/admin/sign-in'),
      await request(app).get('/sites/shop/admin/'),
      await request(app).get('/sites/nosuchsite/admin/'),
    ];
    expect(answers.map((r) => r.status)).to.deep.equal([200, 401, 404, 200, 200, 500, 400, 404, 400, 404, 200, 200, 302, 302]);
    for (const res of answers) expect(res.headers['x-content-type-options'], `${res.status} ${res.headers['content-type']}`).to.equal('nosniff');
  });

  it("a site's REST root lists the namespaces registered on that site", async () => {
    const res = await owner(app).get('/sites/shop/rest/');
    expect(res.status).to.equal(200);
    expect(res.body.site).to.deep.equal({ id: 'shop', name: 'shop' });
    expect(res.body.namespaces).to.include('hello/v1');
  });
});
