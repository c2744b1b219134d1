/**
 * Issue 6: the CLI for scripts and CI, run as the real binary (`node bin/panel.js`):
 * `panel token create|list|revoke --user=...` and `panel operator disable|enable|reset-mfa|passwd`.
 * What the commands did is checked through the HTTP API of a panel on the same database.
 */
import { DISTRIBUTION } from '../../main.ts';
import { expect } from 'chai';
import fs from 'node:fs';
import type { Express } from 'express';
import { bootPanel, buildApp } from '../../panel/boot.ts';
import { Databases } from '../../panel/database.ts';
import type { Kernel } from '../../panel/kernel.ts';
import { TOKEN_PATTERN } from '../../panel/auth/index.ts';
import { eachDatabase } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { Browser, call } from './support/client.ts';
import { codeFor } from './support/harness.ts';

eachDatabase('panel token and operator commands', (target) => {
  const config = target.freshConfig();
  const env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl });
  const email = 'ci-owner@example.test';
  const password = 'first password of the owner';
  let kernel: Kernel;
  let app: Express;

  before(async () => {
    const add = runPanel(['operator', 'add', `--email=${email}`, '--role=administrator', '--password-stdin'], env, `${password}\n`);
    expect(add.code, add.stderr).to.equal(0);
    kernel = await bootPanel(config, DISTRIBUTION);
    app = buildApp(kernel, () => undefined);
  });

  after(async () => {
    await kernel.close();
    const dbs = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
    await dbs.dropAll([]);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('token create prints the plaintext once (json), token list shows it without the secret, revoke ends it', async () => {
    const created = runPanel(['token', 'create', `--user=${email}`, '--name=deploy bot', '--format=json'], env);
    expect(created.code, created.stderr).to.equal(0);
    const body = JSON.parse(created.stdout);
    expect(body.token).to.match(TOKEN_PATTERN);
    expect(body.token.startsWith('svc_dev_')).to.equal(true);
    expect(body).to.include({ name: 'deploy bot' });
    expect(created.stderr).to.match(/not shown again/);
    expect((await call(app, 'get', '/api/v1/operators/me', { bearer: body.token })).body.email).to.equal(email);

    const listed = runPanel(['token', 'list', `--user=${email}`], env);
    expect(listed.code).to.equal(0);
    expect(listed.stdout).to.include('deploy bot').and.include(body.id).and.include(`svc_dev_…${body.token.slice(-4)}`);
    expect(listed.stdout).not.to.include(body.token.slice('svc_dev_'.length));
    const asJson = JSON.parse(runPanel(['token', 'list', `--user=${email}`, '--format=json'], env).stdout);
    expect(asJson).to.have.length(1);
    expect(asJson[0]).to.include({ id: body.id, status: 'active' }).and.not.have.property('token');

    const revoked = runPanel(['token', 'revoke', body.id, `--user=${email}`], env);
    expect(revoked.code).to.equal(0);
    expect(revoked.stdout.trim()).to.equal(`Revoked token ${body.id}.`);
    expect((await call(app, 'get', '/api/v1/operators/me', { bearer: body.token })).status).to.equal(401);
    const again = runPanel(['token', 'revoke', body.id, `--user=${email}`], env);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/No active token/);
  });

  it('token commands fail clearly: unknown user (exit 1), missing --user (exit 2), a past expiry (exit 1)', () => {
    const unknown = runPanel(['token', 'create', '--user=nobody@example.test', '--name=x'], env);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/No operator "nobody@example.test"/);
    const missing = runPanel(['token', 'list'], env);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/--user/);
    const past = runPanel(['token', 'create', `--user=${email}`, '--name=x', '--expires-at=2001-01-01T00:00:00Z'], env);
    expect(past.code).to.equal(1);
    expect(past.stderr).to.match(/expires_at/);
    expect(past.stdout).to.equal('');
  });

  it('operator passwd sets a new password from stdin and ends the operator\'s sessions; a short or common one is refused', async () => {
    const browser = new Browser(app);
    expect((await browser.login(email, password)).status).to.equal(200);
    const res = runPanel(['operator', 'passwd', email, '--password-stdin', '--format=json'], env, 'second password of the owner\n');
    expect(res.code, res.stderr).to.equal(0);
    expect(JSON.parse(res.stdout)).to.include({ email, password: 'changed', sessions_ended: 1 });
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
    expect((await new Browser(app).login(email, password)).status).to.equal(401);
    expect((await new Browser(app).login(email, 'second password of the owner')).status).to.equal(200);
    const short = runPanel(['operator', 'passwd', email, '--password=short'], env);
    expect(short.code).to.equal(1);
    expect(short.stderr).to.match(/12/);
    // Issue 13: a common password is refused and the password stays as it was.
    const common = runPanel(['operator', 'passwd', email, '--password-stdin'], env, 'qwertyuiop123\n');
    expect(common.code).to.equal(1);
    expect(common.stderr).to.match(/^Error: This password is one of the most commonly used passwords/m);
    expect((await new Browser(app).login(email, 'second password of the owner')).status).to.equal(200);
  });

  it('operator reset-mfa removes TOTP (and passkeys): the next sign-in needs no second step', async () => {
    const browser = new Browser(app);
    await browser.login(email, 'second password of the owner');
    const begin = await browser.post('/api/v1/operators/me/totp');
    expect((await browser.post('/api/v1/operators/me/totp/confirm', { code: codeFor(begin.body.secret) })).status).to.equal(200);
    expect((await new Browser(app).login(email, 'second password of the owner')).body.mfa_pending).to.equal(true);
    const res = runPanel(['operator', 'reset-mfa', email], env);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.match(/totp_removed: true/);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
    const login = await new Browser(app).login(email, 'second password of the owner');
    expect(login.body.mfa_pending).to.equal(false);
  });

  it('operator disable refuses sign-in, ends sessions and stops tokens; an unknown operator is exit 1; enable lets them back', async () => {
    const browser = new Browser(app);
    await browser.login(email, 'second password of the owner');
    const token = JSON.parse(runPanel(['token', 'create', `--user=${email}`, '--name=last', '--format=json'], env).stdout).token as string;
    const res = runPanel(['operator', 'disable', email], env);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.match(/status: disabled/);
    expect((await browser.get('/api/v1/operators/me')).status).to.equal(401);
    expect((await call(app, 'get', '/api/v1/operators/me', { bearer: token })).status).to.equal(401);
    expect((await new Browser(app).login(email, 'second password of the owner')).status).to.equal(401);
    const unknown = runPanel(['operator', 'disable', '999'], env);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/No operator "999"/);

    // enable undoes it: sign-in works again, and so does the token that was never revoked.
    const enabled = runPanel(['operator', 'enable', email], env);
    expect(enabled.code, enabled.stderr).to.equal(0);
    expect(enabled.stdout).to.match(/status: active/);
    expect((await new Browser(app).login(email, 'second password of the owner')).status).to.equal(200);
    expect((await call(app, 'get', '/api/v1/operators/me', { bearer: token })).status).to.equal(200);
    expect(runPanel(['operator', 'list', '--format=json'], env).stdout).to.not.contain('"disabled"');
  });
});
