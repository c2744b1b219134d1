/**
 * Issue 6: changing the password (step-up, current password, every other session signed out).
 * Issue 13: a common new password, or one containing the email name, is refused.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { Browser } from './support/client.ts';
import { fakeDate, PASSWORD, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('password change', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('changes the password (204): the new one signs in, the old one no longer does, other sessions end and this one stays', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const elsewhere = new Browser(panel.app);
    await elsewhere.login(operator.email, operator.password);
    const res = await browser.post('/api/v1/operators/me/password', { current_password: PASSWORD, new_password: 'a much better passphrase' });
    expect(res.status).to.equal(204);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
    expect((await elsewhere.get('/api/v1/operators/me')).status).to.equal(401);
    expect((await new Browser(panel.app).login(operator.email, PASSWORD)).status).to.equal(401);
    expect((await new Browser(panel.app).login(operator.email, 'a much better passphrase')).status).to.equal(200);
    const row = await panel.kernel.panelDb('operators').where({ id: operator.id }).first('password_hash');
    expect(row.password_hash).to.match(/^\$argon2id\$/);
  });

  it('a wrong current password is 401 and changes nothing; a new password under 12 characters is 422', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const wrong = await browser.post('/api/v1/operators/me/password', { current_password: 'not it at all', new_password: 'a much better passphrase' });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error.code).to.equal('auth.invalid_credentials');
    const short = await browser.post('/api/v1/operators/me/password', { current_password: PASSWORD, new_password: 'short' });
    expect(short.status).to.equal(422);
    expect(short.body.error.details.field).to.equal('new_password');
    expect((await new Browser(panel.app).login(operator.email, PASSWORD)).status).to.equal(200);
  });

  it('a common new password (password1234, Dragon2024!!) or one containing the email name is 422 and changes nothing (issue 13)', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const before = (await panel.kernel.panelDb('operators').where({ id: operator.id }).first('password_hash')).password_hash;
    const name = operator.email.split('@')[0];
    const refusals: Array<[string, string]> = [
      ['password1234', 'common_password'],
      ['Dragon2024!!', 'common_password'],
      [`My ${name.toUpperCase()} passphrase`, 'contains_email_name'],
    ];
    for (const [newPassword, rule] of refusals) {
      const res = await browser.post('/api/v1/operators/me/password', { current_password: PASSWORD, new_password: newPassword });
      const error = expectErrorEnvelope(res, 422, 'validation.invalid');
      expect(error.message, newPassword).to.match(rule === 'common_password' ? /commonly used passwords/ : new RegExp(`email name "${name}"`));
      expect(error.details).to.deep.equal({
        field: 'new_password',
        errors: [{ field: 'new_password', in: 'body', message: error.message, rule }],
      });
    }
    const after = (await panel.kernel.panelDb('operators').where({ id: operator.id }).first('password_hash')).password_hash;
    expect(after).to.equal(before);
    expect((await new Browser(panel.app).login(operator.email, PASSWORD)).status).to.equal(200);
    expect((await new Browser(panel.app).login(operator.email, 'password1234')).status).to.equal(401);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(200);
  });

  it('needs step-up when the session is older than 5 minutes', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    time.clock.tick(301_000);
    const res = await browser.post('/api/v1/operators/me/password', { current_password: PASSWORD, new_password: 'a much better passphrase' });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('auth.step_up_required');
  });
});
