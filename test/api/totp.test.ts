/**
 * Issue 6: TOTP enrollment with recovery codes, and the second sign-in step. A code is accepted
 * once (also under concurrency), at most one 30-second step late, five wrong codes end the pending
 * sign-in, and wrong codes feed the account's sign-in throttle.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { Browser, call } from './support/client.ts';
import { codeFor, enrollTotp, fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';

eachDatabase('TOTP', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  /** An operator with TOTP enabled, and a fresh browser that has passed the password step. */
  async function pendingSignIn() {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const { secret, recoveryCodes } = await enrollTotp(browser, time.clock);
    const pending = new Browser(panel.app);
    const res = await pending.login(operator.email, operator.password);
    return { operator, secret, recoveryCodes, pending, login: res };
  }

  it('enrollment gives an otpauth:// URI, is confirmed by a code, and issues ten recovery codes', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const begin = await browser.post('/api/v1/operators/me/totp');
    expect(begin.status).to.equal(200);
    expect(begin.body.secret).to.match(/^[A-Z2-7]{32}$/);
    const uri = new URL(begin.body.otpauth_uri);
    expect(uri.protocol).to.equal('otpauth:');
    expect(uri.searchParams.get('secret')).to.equal(begin.body.secret);
    expect(uri.searchParams.get('digits')).to.equal('6');
    expect(uri.searchParams.get('period')).to.equal('30');
    expect(decodeURIComponent(uri.pathname)).to.include(operator.email);
    expect((await browser.get('/api/v1/operators/me')).body.mfa.totp_enabled).to.equal(false);

    const wrong = await browser.post('/api/v1/operators/me/totp/confirm', { code: codeFor(begin.body.secret, 5) });
    expect(wrong.status).to.equal(422);
    expect(wrong.body.error).to.include({ code: 'totp.invalid_code' });
    expect(wrong.body.error.details.field).to.equal('code');

    const confirm = await browser.post('/api/v1/operators/me/totp/confirm', { code: codeFor(begin.body.secret) });
    expect(confirm.status).to.equal(200);
    expect(confirm.body.recovery_codes).to.have.length(10);
    expect(new Set(confirm.body.recovery_codes).size).to.equal(10);
    const me = await browser.get('/api/v1/operators/me');
    expect(me.body.mfa).to.deep.equal({ totp_enabled: true, passkeys: 0, recovery_codes_remaining: 10 });
    const dump = JSON.stringify(await panel.kernel.panelDb('auth_recovery_codes').select('*'));
    for (const code of confirm.body.recovery_codes) expect(dump).not.to.include(code.replace(/-/g, ''));
  });

  it('enrolling twice is 409 totp.already_enabled; confirming without an enrollment is 409 totp.not_pending', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel);
    const confirmFirst = await browser.post('/api/v1/operators/me/totp/confirm', { code: '123456' });
    expect(confirmFirst.status).to.equal(409);
    expect(confirmFirst.body.error.code).to.equal('totp.not_pending');
    await enrollTotp(browser, time.clock);
    const again = await browser.post('/api/v1/operators/me/totp');
    expect(again.status).to.equal(409);
    expect(again.body.error.code).to.equal('totp.already_enabled');
    const confirmAgain = await browser.post('/api/v1/operators/me/totp/confirm', { code: '123456' });
    expect(confirmAgain.status).to.equal(409);
  });

  it('with TOTP, the password gives 200 mfa_pending and a pending cookie that is not a session; the code completes sign-in with a new cookie', async () => {
    const { secret, pending, login } = await pendingSignIn();
    expect(login.status).to.equal(200);
    expect(login.body).to.include({ mfa_pending: true });
    expect(login.body.methods).to.deep.equal(['totp', 'recovery_code']);
    const pendingCookie = pending.cookie!;
    expect(pendingCookie).to.be.a('string');
    expect((await pending.get('/api/v1/operators/me')).status).to.equal(401);
    const verify = await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret) });
    expect(verify.status).to.equal(200);
    expect(verify.body.mfa_pending).to.equal(false);
    expect(pending.cookie).to.be.a('string').and.not.equal(pendingCookie);
    expect((await pending.get('/api/v1/operators/me')).status).to.equal(200);
    expect((await call(panel.app, 'get', '/api/v1/operators/me', { cookie: pendingCookie })).status).to.equal(401);
  });

  it('the code that confirmed the enrollment cannot be used to sign in', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    const begin = await browser.post('/api/v1/operators/me/totp');
    const code = codeFor(begin.body.secret);
    expect((await browser.post('/api/v1/operators/me/totp/confirm', { code })).status).to.equal(200);
    const pending = new Browser(panel.app);
    await pending.login(operator.email, operator.password);
    const replay = await pending.post('/api/v1/auth/totp-verify', { code });
    expect(replay.status).to.equal(401);
    expect(replay.body.error.code).to.equal('auth.invalid_credentials');
  });

  it('a code is accepted once: replaying it in another sign-in within its window is refused', async () => {
    const { operator, secret, pending } = await pendingSignIn();
    const code = codeFor(secret);
    expect((await pending.post('/api/v1/auth/totp-verify', { code })).status).to.equal(200);
    const second = new Browser(panel.app);
    await second.login(operator.email, operator.password);
    expect((await second.post('/api/v1/auth/totp-verify', { code })).status).to.equal(401);
    time.clock.tick(20_000);
    expect((await second.post('/api/v1/auth/totp-verify', { code })).status).to.equal(401);
  });

  it('two concurrent sign-ins with the same code: exactly one wins', async () => {
    const { operator, secret, pending } = await pendingSignIn();
    const other = new Browser(panel.app);
    await other.login(operator.email, operator.password);
    const code = codeFor(secret);
    const results = await Promise.all([
      pending.post('/api/v1/auth/totp-verify', { code }),
      other.post('/api/v1/auth/totp-verify', { code }),
      pending.post('/api/v1/auth/totp-verify', { code }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 200)).to.have.length(1);
  });

  it('the previous step\'s code passes; two steps back and the next step fail', async () => {
    const { operator, secret, pending } = await pendingSignIn();
    // Start at the beginning of a step so "one step back" is unambiguous.
    time.clock.tick(30_000 - (Date.now() % 30_000));
    expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret, 2) })).status).to.equal(401);
    expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret, -1) })).status).to.equal(401);
    expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret, 1) })).status).to.equal(200);
    const next = new Browser(panel.app);
    await next.login(operator.email, operator.password);
    // The current step is later than the one just used, so it is still good.
    expect((await next.post('/api/v1/auth/totp-verify', { code: codeFor(secret) })).status).to.equal(200);
  });

  it('the fifth wrong code ends the pending sign-in: even the right code is then refused', async () => {
    const { secret, pending } = await pendingSignIn();
    const good = codeFor(secret);
    const wrongCode = good === '000000' ? '111111' : '000000';
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await pending.post('/api/v1/auth/totp-verify', { code: wrongCode });
      expect(res.status).to.equal(401);
      lefts.push(res.body.error.details.attempts_left);
    }
    expect(lefts).to.deep.equal([4, 3, 2, 1, 0]);
    const after = await pending.post('/api/v1/auth/totp-verify', { code: good });
    expect(after.status).to.equal(401);
    expect(after.body.error.code).to.equal('auth.unauthenticated');
  });

  it('wrong codes count in the sign-in throttle of the account: after ten, even the password is answered 429', async () => {
    const { operator, secret, pending } = await pendingSignIn();
    const wrongCode = codeFor(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await pending.post('/api/v1/auth/totp-verify', { code: wrongCode })).status).to.equal(401);
    const second = new Browser(panel.app);
    await second.login(operator.email, operator.password);
    for (let i = 0; i < 4; i++) expect((await second.post('/api/v1/auth/totp-verify', { code: wrongCode })).status).to.equal(401);
    const third = new Browser(panel.app);
    await third.login(operator.email, operator.password);
    expect((await third.post('/api/v1/auth/totp-verify', { code: wrongCode })).status).to.equal(401);
    expect((await third.post('/api/v1/auth/totp-verify', { code: wrongCode })).status).to.equal(401);
    const blocked = await third.post('/api/v1/auth/totp-verify', { code: codeFor(secret) });
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers['retry-after'])).to.be.within(1, 15 * 60);
    const login = await new Browser(panel.app).login(operator.email, operator.password);
    expect(login.status).to.equal(429);
    expect(login.body.error.code).to.equal('rate_limit.exceeded');
    time.clock.tick(15 * 60_000 + 1000);
    expect((await new Browser(panel.app).login(operator.email, operator.password)).status).to.equal(200);
  });

  it('a recovery code completes sign-in once; typed in capitals without dashes it still counts', async () => {
    const { operator, recoveryCodes, pending } = await pendingSignIn();
    const [code] = recoveryCodes;
    const first = await pending.post('/api/v1/auth/totp-verify', { recovery_code: code.toUpperCase().replace(/-/g, '') });
    expect(first.status).to.equal(200);
    expect((await pending.get('/api/v1/operators/me')).body.mfa.recovery_codes_remaining).to.equal(9);
    const again = new Browser(panel.app);
    await again.login(operator.email, operator.password);
    expect((await again.post('/api/v1/auth/totp-verify', { recovery_code: code })).status).to.equal(401);
  });

  it('totp-verify needs a pending sign-in: none, or a full session, is 401; a malformed code is 422', async () => {
    expect((await call(panel.app, 'post', '/api/v1/auth/totp-verify', { body: { code: '123456' } })).status).to.equal(401);
    const { browser } = await signedIn(panel.app, panel.kernel);
    expect((await browser.post('/api/v1/auth/totp-verify', { code: '123456' })).status).to.equal(401);
    const bad = await browser.post('/api/v1/auth/totp-verify', { code: '12345' });
    expect(bad.status).to.equal(422);
    expect(bad.body.error.details.field).to.equal('code');
  });

  it('a pending sign-in expires after five minutes', async () => {
    const { secret, pending } = await pendingSignIn();
    time.clock.tick(5 * 60_000 + 1000);
    expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret) })).status).to.equal(401);
  });

  it('disabling TOTP needs step-up, removes the second step and the recovery codes; disabling again is 409', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel);
    await enrollTotp(browser, time.clock);
    time.clock.tick(301_000);
    const stale = await browser.delete('/api/v1/operators/me/totp');
    expect(stale.status).to.equal(403);
    expect(stale.body.error.code).to.equal('auth.step_up_required');
    expect((await browser.post('/api/v1/auth/step-up', { password: operator.password })).status).to.equal(200);
    expect((await browser.delete('/api/v1/operators/me/totp')).status).to.equal(204);
    const me = await browser.get('/api/v1/operators/me');
    expect(me.body.mfa).to.deep.equal({ totp_enabled: false, passkeys: 0, recovery_codes_remaining: 0 });
    const login = await new Browser(panel.app).login(operator.email, operator.password);
    expect(login.body.mfa_pending).to.equal(false);
    const again = await browser.delete('/api/v1/operators/me/totp');
    expect(again.status).to.equal(409);
    expect(again.body.error.code).to.equal('totp.not_enabled');
  });
});
