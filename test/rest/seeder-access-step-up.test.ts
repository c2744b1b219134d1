/** Changing who may use the Seeder needs manage_options and, for a cookie session, a recent sign-in (step-up). */
import { expect } from 'chai';
import request from 'supertest';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { checkSeederResponse } from '../support/seeder-contract.ts';
import { Browser } from '../api/support/client.ts';
import { fakeDate } from '../api/support/harness.ts';

eachDatabase('Seeder access changes need step-up', (target) => {
  let h: SeederHttp;
  const time = fakeDate();
  const password = 'a long admin password';

  before(async () => {
    h = await startSeederHttp(target);
    await createOperator(h.kernel.panelDb, { email: 'sudo@example.com', password, role: 'administrator', sites: [h.site.id] });
  });
  after(async () => h.dispose());

  const setAccess = async (browser: Browser, roles: string[]) => {
    const res = await request(h.app)
      .post('/sites/shop/rest/seeder/v1/access')
      .set('Cookie', `svc_session=${browser.cookie}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ allowed_roles: roles });
    checkSeederResponse('post', '/access', res.status, res.body);
    return res;
  };

  it('passes at 299 s after sign-in, is 403 auth.step_up_required at 301 s, and passes again after POST /auth/step-up', async () => {
    const browser = new Browser(h.app);
    expect((await browser.login('sudo@example.com', password)).status).to.equal(200);
    time.clock.tick(299_000);
    expect((await setAccess(browser, ['editor'])).status).to.equal(200);
    time.clock.tick(2_000);
    const refused = await setAccess(browser, ['viewer']);
    const err = expectErrorEnvelope(refused, 403, 'auth.step_up_required');
    expect(err.details!.max_age_seconds).to.equal(300);
    // Nothing changed.
    expect((await h.client.get('/access')).body.allowed_roles).to.deep.equal(['editor']);
    expect((await browser.post('/api/v1/auth/step-up', { password })).status).to.equal(200);
    const retried = await setAccess(browser, ['viewer']);
    expect(retried.status).to.equal(200);
    expect(retried.body.allowed_roles).to.deep.equal(['viewer']);
  });

  it('a bearer token is its own proof: no step-up', async () => {
    time.clock.tick(3_600_000);
    expect((await h.client.post('/access', { allowed_roles: [] })).status).to.equal(200);
  });
});
