/**
 * TOTP secrets encrypted at rest: what the database holds is not the secret, a value moved to another
 * operator's row does not verify, clear secrets from before the upgrade are encrypted by a migration
 * and keep working, and a wrong, missing or malformed key is a clear error rather than a wrong code.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../panel/boot.ts';
import { AUTH_MIGRATIONS } from '../../panel/auth/index.ts';
import { resetMfa } from '../../panel/auth/operator-admin.ts';
import { parseSecretKey, SECRET_KEY_FILE } from '../../panel/auth/secret-key.ts';
import { TotpSecrets } from '../../panel/auth/totp-secrets.ts';
import { loadConfig } from '../../panel/config.ts';
import { createOperator } from '../../panel/operators.ts';
import { bootTestKernel, eachDatabase, tempDir } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { Browser } from './support/client.ts';
import { codeFor, enrollTotp, fakeDate, PASSWORD, RELAXED_LIMITS, signedIn, startPanel, uniqueEmail, type TestPanel } from './support/harness.ts';

const KEY_A = 'kQ2b0P0x1cS5Hq4bJ0mN6Jr2oYl9Wm3XfT1s8uVd7aE=';
const KEY_B = '0f'.repeat(32);
const SEALED = /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;

/** What the database holds for an operator's TOTP secret. */
async function storedSecret(panel: { kernel: TestPanel['kernel'] }, operatorId: number): Promise<string> {
  return String((await panel.kernel.panelDb('auth_totp').where({ operator_id: operatorId }).first('secret')).secret);
}

/** The raw bytes of a base32 secret, for checking that no encoding of them is stored. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}

describe('the secret key', () => {
  it('PANEL_SECRET_KEY is 32 bytes in base64 (padded or not, standard or URL-safe) or hex', () => {
    const bytes = Buffer.from(KEY_A, 'base64');
    expect(parseSecretKey(KEY_A)).to.deep.equal(bytes);
    expect(parseSecretKey(bytes.toString('base64url'))).to.deep.equal(bytes);
    expect(parseSecretKey(` ${bytes.toString('hex').toUpperCase()}\n`)).to.deep.equal(bytes);
    expect(loadConfig({ PANEL_SECRET_KEY: KEY_B }, tempDir()).secretKey).to.equal(KEY_B);
    expect(loadConfig({}, tempDir()).secretKey).to.equal(undefined);
  });

  it('a malformed PANEL_SECRET_KEY stops the start with a message that says what a key is', () => {
    for (const bad of ['secret', Buffer.alloc(16).toString('base64'), '0f'.repeat(31), `${KEY_A}x`]) {
      expect(() => loadConfig({ PANEL_SECRET_KEY: bad }, tempDir()), bad).to.throw(/PANEL_SECRET_KEY is not a valid secret key: it must be 32 random bytes written as base64 .* or hex/);
    }
  });

  it('the panel command refuses to start with a malformed PANEL_SECRET_KEY (exit 1, the message on stderr)', () => {
    const dir = tempDir();
    try {
      const res = runPanel(['site', 'list'], panelEnv(dir, { PANEL_SECRET_KEY: 'too-short' }));
      expect(res.code).to.equal(1);
      expect(res.stderr).to.match(/PANEL_SECRET_KEY is not a valid secret key/).and.match(/openssl rand -base64 32/);
      expect(fs.readdirSync(dir)).to.deep.equal([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sealing the same secret twice gives different values (a random IV each time); an altered value does not open', async () => {
    const secrets = new TotpSecrets(() => { throw new Error('no database needed with a key'); }, { dataDir: tempDir(), secretKey: KEY_A });
    const a = await secrets.seal(7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const b = await secrets.seal(7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(a).to.match(SEALED);
    expect(a).not.to.equal(b);
    expect(await secrets.open(7, a)).to.equal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await secrets.open(8, a)).to.equal(undefined);
    const parts = a.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(await secrets.open(7, [...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'))).to.equal(undefined);
    expect(await secrets.open(7, [...parts.slice(0, 4), Buffer.alloc(16).toString('base64url')].join('.'))).to.equal(undefined);
    let refused: unknown;
    await secrets.open(7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP').catch((e: unknown) => (refused = e));
    expect(String(refused)).to.match(/not stored in a known encrypted form/);
  });

  it('a key file that holds no valid key is a clear error naming the file', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_KEY_FILE), 'not a key\n');
    const secrets = new TotpSecrets(() => { throw new Error('not reached'); }, { dataDir: dir });
    let refused: unknown;
    await secrets.seal(1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP').catch((e: unknown) => (refused = e));
    expect(String(refused)).to.include(`The key file ${path.join(dir, SECRET_KEY_FILE)} is not a valid secret key`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

eachDatabase('TOTP secrets at rest', (target) => {
  const time = fakeDate();

  // With a database URL the key must be PANEL_SECRET_KEY (test kernels on MariaDB get one): no key file is ever read or made.
  const keyFile = target.label === 'sqlite';

  describe(keyFile ? 'with the key file in the data folder' : 'with PANEL_SECRET_KEY, as a database URL requires', () => {
    let panel: TestPanel;
    before(async () => {
      panel = await startPanel(target);
    });
    after(async () => panel.dispose());

    if (keyFile) {
      it('the key file is created on the first enrollment, not at start, readable by its owner only', async () => {
        const file = path.join(panel.kernel.config.dataDir, SECRET_KEY_FILE);
        const { browser } = await signedIn(panel.app, panel.kernel);
        expect(fs.existsSync(file)).to.equal(false);
        await browser.post('/api/v1/operators/me/totp');
        expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
        expect(parseSecretKey(fs.readFileSync(file, 'utf8'))).to.have.length(32);
      });
    }

    it('the database holds neither the secret nor any encoding of it, pending or confirmed; the enrollment answer still shows it once', async () => {
      const { browser, operator } = await signedIn(panel.app, panel.kernel);
      const begin = await browser.post('/api/v1/operators/me/totp');
      const secret = begin.body.secret as string;
      expect(secret).to.match(/^[A-Z2-7]{32}$/);
      expect(new URL(begin.body.otpauth_uri).searchParams.get('secret')).to.equal(secret);
      const pending = await storedSecret(panel, operator.id);
      expect((await browser.post('/api/v1/operators/me/totp/confirm', { code: codeFor(secret) })).status).to.equal(200);
      const confirmed = await storedSecret(panel, operator.id);
      expect(confirmed).to.equal(pending);
      const raw = base32Bytes(secret);
      for (const stored of [pending, confirmed]) {
        expect(stored).to.match(SEALED);
        for (const form of [secret, secret.toLowerCase(), raw.toString('hex'), raw.toString('base64'), raw.toString('base64url')]) {
          expect(stored.toLowerCase()).not.to.include(form.toLowerCase());
        }
      }
      const dump = JSON.stringify(await panel.kernel.panelDb('auth_totp').select('*'));
      expect(dump).not.to.include(secret);
    });

    it('sign-in with a TOTP code still works end to end, and the code is still accepted once', async () => {
      const { browser, operator } = await signedIn(panel.app, panel.kernel);
      const { secret } = await enrollTotp(browser, time.clock);
      const pending = new Browser(panel.app);
      expect((await pending.login(operator.email, operator.password)).body.mfa_pending).to.equal(true);
      const code = codeFor(secret);
      const verify = await pending.post('/api/v1/auth/totp-verify', { code });
      expect(verify.status).to.equal(200);
      expect((await pending.get('/api/v1/operators/me')).body.mfa.totp_enabled).to.equal(true);
      const again = new Browser(panel.app);
      await again.login(operator.email, operator.password);
      expect((await again.post('/api/v1/auth/totp-verify', { code })).status).to.equal(401);
    });

    it('a secret copied into another operator\'s row does not verify, neither with its own codes nor with the other operator\'s', async () => {
      const first = await signedIn(panel.app, panel.kernel);
      const { secret: firstSecret } = await enrollTotp(first.browser, time.clock);
      const second = await signedIn(panel.app, panel.kernel);
      const { secret: secondSecret } = await enrollTotp(second.browser, time.clock);
      await panel.kernel.panelDb('auth_totp')
        .where({ operator_id: second.operator.id })
        .update({ secret: await storedSecret(panel, first.operator.id) });
      for (const secret of [firstSecret, secondSecret]) {
        const pending = new Browser(panel.app);
        expect((await pending.login(second.operator.email, second.operator.password)).body.mfa_pending).to.equal(true);
        const res = await pending.post('/api/v1/auth/totp-verify', { code: codeFor(secret) });
        expect(res.status).to.equal(401);
        expect(res.body.error.code).to.equal('auth.invalid_credentials');
      }
      expect(panel.errors).to.deep.equal([]);
      // The first operator's own row is untouched and still works.
      const pending = new Browser(panel.app);
      await pending.login(first.operator.email, first.operator.password);
      expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(firstSecret) })).status).to.equal(200);
    });
  });

  if (keyFile) {
    it('a missing key file, with encrypted secrets in the database, is a clear error and no new key is made; reset-mfa is the way back', async () => {
      const panel = await startPanel(target);
      try {
        const { browser, operator } = await signedIn(panel.app, panel.kernel);
        await enrollTotp(browser, time.clock);
        const file = path.join(panel.kernel.config.dataDir, SECRET_KEY_FILE);
        fs.rmSync(file);
        const app = panel.appWith({}); // a restarted panel: the key is read again
        const pending = new Browser(app);
        expect((await pending.login(operator.email, operator.password)).body.mfa_pending).to.equal(true);
        const res = await pending.post('/api/v1/auth/totp-verify', { code: '123456' });
        expect(res.status).to.equal(500);
        expect(res.body.error.code).to.equal('server.internal');
        expect(res.text).not.to.include('PANEL_SECRET_KEY');
        expect(panel.errors.join('\n'))
          .to.match(/the TOTP secrets in auth_totp are encrypted, but there is no secret key: PANEL_SECRET_KEY is not set/i)
          .and.include(file)
          .and.include('panel operator reset-mfa');
        expect(fs.existsSync(file)).to.equal(false);
        // Enrolling someone else must not create a key that would orphan the existing secrets either.
        const other = await signedIn(app, panel.kernel);
        expect((await other.browser.post('/api/v1/operators/me/totp')).status).to.equal(500);
        expect(fs.existsSync(file)).to.equal(false);
        // The documented way back: reset the operator's second factors; then a new key may be made.
        await resetMfa(panel.kernel.panelDb, operator.id);
        expect((await new Browser(app).login(operator.email, operator.password)).body.mfa_pending).to.equal(false);
        await enrollTotp(other.browser, time.clock);
        expect(fs.existsSync(file)).to.equal(true);
      } finally {
        await panel.dispose();
      }
    });
  }

  it('with PANEL_SECRET_KEY no key file is written; a different key is a clear error, not a wrong code, and the right one works again', async () => {
    const panel = await startPanel(target, { config: { secretKey: KEY_A } });
    try {
      const { browser, operator } = await signedIn(panel.app, panel.kernel);
      const { secret } = await enrollTotp(browser, time.clock);
      expect(fs.existsSync(path.join(panel.kernel.config.dataDir, SECRET_KEY_FILE))).to.equal(false);
      // The same panel restarted with another PANEL_SECRET_KEY.
      panel.kernel.config.secretKey = KEY_B;
      const wrong = new Browser(panel.appWith({}));
      await wrong.login(operator.email, operator.password);
      const res = await wrong.post('/api/v1/auth/totp-verify', { code: codeFor(secret) });
      expect(res.status).to.equal(500);
      expect(panel.errors.join('\n'))
        .to.match(new RegExp(`TOTP secret of operator ${operator.id} was encrypted with another secret key \\(id [A-Za-z0-9_-]{8}\\) than the current one \\(id [A-Za-z0-9_-]{8}, from PANEL_SECRET_KEY\\)`))
        .and.include('panel operator reset-mfa');
      // A malformed key refuses to build the app at all.
      panel.kernel.config.secretKey = 'not-a-key';
      expect(() => panel.appWith({})).to.throw(/PANEL_SECRET_KEY is not a valid secret key/);
      panel.kernel.config.secretKey = KEY_A;
      const right = new Browser(panel.appWith({}));
      await right.login(operator.email, operator.password);
      expect((await right.post('/api/v1/auth/totp-verify', { code: codeFor(secret) })).status).to.equal(200);
    } finally {
      await panel.dispose();
    }
  });

  it('clear secrets from before the upgrade (enabled and pending) are encrypted by the auth migration and keep working', async () => {
    // A panel database as the previous version left it: the first four auth migrations, clear secrets.
    const before = AUTH_MIGRATIONS.findIndex((m) => m.id === '0005-totp-secret-wider');
    const kernel = await bootTestKernel(target, { panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS.slice(0, before) }] });
    try {
      const enabledSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const pendingSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
      const enabled = await createOperator(kernel.panelDb, { email: uniqueEmail('legacy'), password: PASSWORD });
      const waiting = await createOperator(kernel.panelDb, { email: uniqueEmail('legacy'), password: PASSWORD });
      const created_at = new Date().toISOString();
      await kernel.panelDb('auth_totp').insert([
        { operator_id: enabled.id, secret: enabledSecret, confirmed_at: created_at, last_step: null, created_at },
        { operator_id: waiting.id, secret: pendingSecret, confirmed_at: null, last_step: null, created_at },
      ]);

      // The upgraded panel starts: its auth migrations run before the first request is served.
      const app = buildApp(kernel, () => undefined, { requestLimits: RELAXED_LIMITS });
      const pending = new Browser(app);
      expect((await pending.login(enabled.email, PASSWORD)).body.mfa_pending).to.equal(true);
      for (const op of [enabled, waiting]) {
        const stored = String((await kernel.panelDb('auth_totp').where({ operator_id: op.id }).first('secret')).secret);
        expect(stored).to.match(SEALED);
        expect(stored).not.to.include(op === enabled ? enabledSecret : pendingSecret);
      }
      // The key the migration encrypted with: the key file it made (owner-only), or PANEL_SECRET_KEY with a database URL.
      if (keyFile) expect(fs.statSync(path.join(kernel.config.dataDir, SECRET_KEY_FILE)).mode & 0o777).to.equal(0o600);
      else expect(fs.existsSync(path.join(kernel.config.dataDir, SECRET_KEY_FILE))).to.equal(false);
      expect((await pending.post('/api/v1/auth/totp-verify', { code: codeFor(enabledSecret) })).status).to.equal(200);

      const enrolling = new Browser(app);
      expect((await enrolling.login(waiting.email, PASSWORD)).body.mfa_pending).to.equal(false);
      const confirm = await enrolling.post('/api/v1/operators/me/totp/confirm', { code: codeFor(pendingSecret) });
      expect(confirm.status).to.equal(200);
      expect(confirm.body.recovery_codes).to.have.length(10);
    } finally {
      await kernel.dispose();
    }
  });
});
