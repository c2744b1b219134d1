/**
 * Account and security (`/sites/{id}/admin/account/`) in real Chromium through the real server, and
 * signing in with a passkey: a token made on the screen works as a bearer and stops working when it is
 * revoked there; an old sign-in is asked for the password (step-up) before a change; TOTP enrolment
 * reads the secret from the page and confirms it with a code computed from it; a passkey registered
 * through a CDP virtual authenticator then signs in from the sign-in page; other sessions are ended.
 * The server runs at `localhost` (WebAuthn refuses an IP address as the relying party id).
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { timeStep, totpCode } from '../../panel/auth/totp.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { launchBrowser, startAdminServer, watchedTab, type AdminServer } from '../support/browser.ts';
import { expectAccessible, screenshots } from '../support/axe.ts';
import { eventually } from '../support/eventually.ts';

type Operator = Awaited<ReturnType<AdminServer['operator']>>;

for (const target of DATABASE_TARGETS) {
  describe(`Account and security screen [${target.label}]`, function () {
    this.timeout(180_000);
    let server: AdminServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    before(async () => {
      server = await startAdminServer(target, { plugins: ['emporium', 'seeder'], localhost: true });
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await server?.dispose();
    });
    afterEach(async () => {
      for (const c of contexts.splice(0)) await c.close();
    });

    const accountUrl = () => `${server.adminUrl}account/`;

    /** A fresh tab (signed in as `who` when given) that records script errors; the screen handles and says 401 (a revoked token), 403 (step-up) and 422 (a wrong code). */
    const tab = (who?: Operator) => watchedTab(browser, server.origin, contexts, who, [401, 403, 422]);

    async function openAccount(page: Page): Promise<void> {
      await page.goto(accountUrl());
      await page.getByRole('heading', { level: 1, name: 'Account and security' }).waitFor();
      // The lists have loaded when no section says Loading… any more.
      await eventually(async () => expect(await page.getByText('Loading…').count()).to.equal(0));
    }

    /** Makes the operator's sessions look signed in 10 minutes ago, so the next change asks for step-up. */
    async function ageSessions(who: Operator): Promise<void> {
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      await server.kernel.panelDb('auth_sessions').where({ operator_id: who.id }).update({ last_full_auth_at: old });
    }

    it('a token created on the screen (after step-up) works as a bearer, and revoked on the screen it gets 401', async () => {
      const op = await server.operator('administrator');
      const { page, errors } = await tab(op);
      await openAccount(page);
      await expectAccessible(page, 'the account screen');
      await screenshots(page, 'account');

      await ageSessions(op);
      await page.getByLabel('Name', { exact: true }).fill('CI script');
      await page.getByLabel('Expires after').selectOption('30');
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
      await dialog.waitFor();
      await dialog.getByLabel('Password').fill('not my password at all');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText(/^Not confirmed:/).waitFor();
      await expectAccessible(page, 'the step-up dialog');
      await dialog.getByLabel('Password').fill(op.password);
      await dialog.getByRole('button', { name: 'Confirm' }).click();

      const value = page.getByLabel('Token', { exact: true });
      await value.waitFor();
      const token = await value.inputValue();
      expect(token).to.match(/^svc_[a-z]+_[A-Za-z0-9_-]{43}$/);
      await expectAccessible(page, 'the account screen with a new token shown');
      await screenshots(page, 'account-token-created');

      const asBearer = () => fetch(`${server.origin}/api/v1/operators/me`, { headers: { Authorization: `Bearer ${token}` } });
      const me = await asBearer();
      expect(me.status).to.equal(200);
      expect(((await me.json()) as { email: string }).email).to.equal(op.email);

      const row = page.getByRole('row', { name: /CI script/ });
      expect(await row.getByRole('cell').first().textContent()).to.equal('seeder, sites:read');
      await page.getByRole('button', { name: 'Revoke token CI script' }).click();
      await page.getByText('Token "CI script" revoked; it no longer works.').waitFor();
      await eventually(async () => expect(await page.getByRole('row', { name: /CI script/ }).count()).to.equal(0));
      const after = await asBearer();
      expect(after.status).to.equal(401);
      expect(errors).to.deep.equal([]);
    });

    it('TOTP enrolment: QR code and secret on the page, a code computed from that secret turns it on, recovery codes shown once; sign-in then asks for a code', async () => {
      const op = await server.operator('editor');
      const { page, errors } = await tab(op);
      await openAccount(page);
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('img', { name: 'QR code of the authenticator set-up' }).waitFor();
      const secret = (await page.locator('#totp-secret').textContent())!;
      expect(secret).to.match(/^[A-Z2-7]{32}$/);
      await expectAccessible(page, 'TOTP enrolment');
      await screenshots(page, 'account-totp-enrol');

      const codeField = page.getByLabel('Code from the app');
      await codeField.fill('000000' === totpCode(secret, timeStep(Date.now())) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.locator('.field-error').filter({ hasText: 'The code does not match' }).waitFor();
      await codeField.fill(totpCode(secret, timeStep(Date.now())));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('region', { name: 'Your recovery codes' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).to.equal(10);
      expect(await codes.getByRole('link', { name: 'Download codes' }).getAttribute('download')).to.equal('panel-recovery-codes.txt');
      await page.getByText('On.', { exact: true }).waitFor();
      await expectAccessible(page, 'the recovery codes');
      await screenshots(page, 'account-recovery-codes');

      // Shown once: after a reload there are no codes on the page, only how many are left.
      await openAccount(page);
      expect(await page.getByRole('region', { name: 'Your recovery codes' }).count()).to.equal(0);
      await page.getByText('Recovery codes left: 10.').waitFor();

      // Signing in now takes the password, then a code.
      const fresh = await tab();
      await fresh.page.goto(`${server.adminUrl}sign-in`);
      await fresh.page.getByLabel('Email').fill(op.email);
      await fresh.page.getByLabel('Password').fill(op.password);
      await fresh.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await fresh.page.getByLabel('Authentication code').waitFor();
      expect(errors).to.deep.equal([]);
    });

    it('a passkey registered on the screen through a virtual authenticator signs in from the sign-in page; removed, it is gone from the list', async () => {
      const op = await server.operator('viewer');
      const { page, context, errors } = await tab(op);
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await openAccount(page);
      await page.getByLabel('Name of the new passkey').fill('Test laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByText('Passkey added.').waitFor();
      const row = page.getByRole('row', { name: /Test laptop/ });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).textContent()).to.equal('never');
      await expectAccessible(page, 'the account screen with a passkey');

      // Signed out, the sign-in page offers the passkey in the email field's autofill (conditional UI): the
      // virtual authenticator answers at once, so the page signs in by itself.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(server.adminUrl);
      await eventually(async () => expect(await page.locator('.admin-operator').textContent()).to.equal(op.email));

      // A browser without conditional UI gets the button instead.
      await page.addInitScript('PublicKeyCredential.isConditionalMediationAvailable = async () => false;');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in$/);
      await expectAccessible(page, 'the sign-in page with the passkey button');
      await screenshots(page, 'sign-in');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL(server.adminUrl);
      await eventually(async () => expect(await page.locator('.admin-operator').textContent()).to.equal(op.email));
      await screenshots(page, 'home-after-passkey');

      await openAccount(page);
      expect(await page.getByRole('row', { name: /Test laptop/ }).getByRole('cell').nth(1).textContent()).to.not.equal('never');
      await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
      await page.getByText('Passkey "Test laptop" removed.').waitFor();
      await eventually(async () => expect(await page.getByRole('row', { name: /Test laptop/ }).count()).to.equal(0));
      expect(errors).to.deep.equal([]);
    });

    it('lists the sessions, marks this one, and ends all others (the other browser is signed out)', async () => {
      const op = await server.operator('editor');
      const other = await tab(op);
      const { page, errors } = await tab(op);
      await openAccount(page);
      const table = page.getByRole('table', { name: 'Your active sessions' });
      expect(await table.getByRole('row').count()).to.equal(3); // the header and two sessions
      expect(await table.getByText('This browser').count()).to.equal(1);
      await page.getByRole('button', { name: 'End all other sessions' }).click();
      await page.getByText('Every other session ended.').waitFor();
      await eventually(async () => expect(await table.getByRole('row').count()).to.equal(2));
      expect((await other.context.request.get(`${server.origin}/api/v1/operators/me`)).status()).to.equal(401);
      expect((await page.context().request.get(`${server.origin}/api/v1/operators/me`)).status()).to.equal(200);
      expect(errors).to.deep.equal([]);
    });

    it('changes the password: a mismatch is said at the field, then the new password signs in', async () => {
      const op = await server.operator('viewer');
      const { page, errors } = await tab(op);
      await openAccount(page);
      await page.getByLabel('Current password').fill(op.password);
      await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
      await page.getByLabel('New password again').fill('a brand new passphrasE');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('The two new passwords are not the same.').waitFor();
      await page.getByLabel('New password again').fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed. Your other sessions were signed out.').waitFor();
      const login = await fetch(`${server.origin}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: op.email, password: 'a brand new passphrase' }) });
      expect(login.status).to.equal(200);
      expect(errors).to.deep.equal([]);
    });
  });
}
