/**
 * The host's admin shell in real Chromium: signing in through the form (with and without TOTP), the
 * menu and pages by role, notices and their escaping, the payload handed to a page's script, plugin
 * deactivation, the `next` rule and signing out. Headers, redirects and assets are checked over plain
 * HTTP at the end.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { timeStep, totpCode } from '../../panel/auth/totp.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { FIXTURE_NOTICE, HOSTILE_TEXT, NEIGHBOUR_NOTICE } from '../fixtures/plugins/admin-fixture.ts';
import { eventually } from '../support/eventually.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, '../fixtures/plugins/admin-fixture.ts');
const target = DATABASE_TARGETS[0];

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

type Operator = Awaited<ReturnType<AdminServer['operator']>>;

describe(`Admin shell [${target.label}]`, () => {
  let server: AdminServer;
  let browser: Browser;
  let admin: Operator;
  let viewer: Operator;
  const contexts: BrowserContext[] = [];

  before(async () => {
    server = await startAdminServer(target, { plugins: ['admin-fixture', 'admin-neighbour'], pluginModules: [FIXTURE] });
    browser = await launchBrowser();
    admin = await server.operator('administrator');
    viewer = await server.operator('viewer');
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  /** A fresh browser tab that records dialogs and script errors (a CSP violation shows up as one). */
  async function tab(signedInAs?: Operator): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
    const context = await browser.newContext();
    contexts.push(context);
    if (signedInAs) await signInContext(context, server.origin, signedInAs);
    const page = await context.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { page, dialogs, errors };
  }

  const url = (rest = '') => `${server.adminUrl}${rest}`;
  // The plugins' pages, then the panel's own screens this operator may open (Plugins for administrators, Account for everyone).
  const menuEntries = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link').allTextContents();

  async function fillPassword(page: Page, who: { email: string; password: string }) {
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  describe('signing in', () => {
    it('a signed-out visit to a page goes to the sign-in form, with next pointing back at the page', async () => {
      const { page } = await tab();
      await page.goto(url('fixture/?tab=2'));
      expect(page.url()).to.equal(url(`sign-in?next=${encodeURIComponent('/sites/shop/admin/fixture/?tab=2')}`));
      expect(await page.title()).to.match(/^Sign in/);
      await eventually(async () => expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in'));
    });

    it('a wrong password shows the API error in the alert region and stays on the form', async () => {
      const { page, errors } = await tab();
      await page.goto(url('sign-in'));
      await fillPassword(page, { email: admin.email, password: 'not the password at all' });
      await expectText(page.getByRole('alert'), 'The email or password is not correct.');
      expect(page.url()).to.equal(url('sign-in'));
      await eventually(async () => expect(await page.getByLabel('Password').isVisible()).to.equal(true));
      expect(errors.filter((e) => !e.includes('401'))).to.deep.equal([]);
    });

    it('the right password lands on next, signed in (the page greets the operator by email)', async () => {
      const { page } = await tab();
      await page.goto(url('fixture/'));
      await fillPassword(page, admin);
      await page.waitForURL(url('fixture/'));
      await eventually(async () => expect(await page.locator('.admin-operator').textContent()).to.equal(admin.email));
      await expectText(page.locator('#admin-app h1'), 'Fixture page');
    });

    it('an operator with TOTP gives the password, then the 6-digit code (a wrong one is refused), and lands on next', async () => {
      const op = await server.operator('editor');
      const secret = await enrollTotp(op);
      const { page } = await tab();
      await page.goto(url('board/'));
      await fillPassword(page, op);
      const code = page.getByLabel('Authentication code');
      await code.waitFor({ state: 'visible' });
      await eventually(async () => expect(await page.getByLabel('Password').isVisible()).to.equal(false));

      const right = totpCode(secret, timeStep(Date.now()));
      await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectText(page.getByRole('alert'), 'The code is not valid (or was already used).');
      expect(page.url()).to.match(/\/sign-in\?next=/);

      await code.fill(totpCode(secret, timeStep(Date.now())));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(url('board/'));
      await eventually(async () => expect(await page.locator('.admin-operator').textContent()).to.equal(op.email));
    });

    it('next cannot leave the site admin: https://evil.example/ (and other tricks) lead to the admin home', async () => {
      const { page } = await tab();
      await page.goto(url(`sign-in?next=${encodeURIComponent('https://evil.example/')}`));
      await fillPassword(page, admin);
      await page.waitForURL(url());
      expect(new URL(page.url()).origin).to.equal(server.origin);

      // The same rule, as a signed-in operator sees it: the sign-in address forwards to next, or home.
      const cookie = await sessionCookie(admin);
      const cases: Array<[string, string]> = [
        ['https://evil.example/', '/sites/shop/admin/'],
        ['//evil.example/sites/shop/admin/', '/sites/shop/admin/'],
        ['/\\evil.example/', '/sites/shop/admin/'],
        ['/sites/shop/admin/../../../api/v1/operators/me', '/sites/shop/admin/'],
        ['/sites/shop/admin/%2e%2e/%2e%2e/other/admin/', '/sites/shop/admin/'],
        ['/sites/other/admin/', '/sites/shop/admin/'],
        ['/sites/shop/admin/board/?tab=2#top', '/sites/shop/admin/board/?tab=2#top'],
      ];
      for (const [next, expected] of cases) {
        const res = await request(server.origin).get(`/sites/shop/admin/sign-in?next=${encodeURIComponent(next)}`).set('Cookie', cookie);
        expect(res.status, next).to.equal(302);
        expect(res.headers.location, next).to.equal(expected);
      }
    });

    it('Sign out ends the session and shows the sign-in form; the admin then asks to sign in again', async () => {
      const { page } = await tab(admin);
      await page.goto(url());
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(url('sign-in'));
      await page.goto(url());
      expect(page.url()).to.equal(url(`sign-in?next=${encodeURIComponent('/sites/shop/admin/')}`));
    });
  });

  describe('menu, pages and notices', () => {
    it('the home lists the pages the operator may view: an administrator sees both, a viewer only the board', async () => {
      const a = await tab(admin);
      await a.page.goto(url());
      await eventually(async () => expect(await menuEntries(a.page)).to.deep.equal(['Home', 'Fixture page', 'Board', 'Plugins', 'Account and security']));
      await eventually(async () => expect(await a.page.locator('nav a[aria-current="page"]').textContent()).to.equal('Home'));

      const v = await tab(viewer);
      await v.page.goto(url());
      await eventually(async () => expect(await menuEntries(v.page)).to.deep.equal(['Home', 'Board', 'Account and security']));
      await eventually(async () => expect(await v.page.locator('.admin-operator').textContent()).to.equal(viewer.email));
    });

    it('a viewer who opens the fixture page gets the 403 page, with the menu and without the payload', async () => {
      const { page } = await tab(viewer);
      const res = await page.goto(url('fixture/'));
      expect(res!.status()).to.equal(403);
      await expectText(page.getByRole('heading', { level: 1 }), 'Not allowed');
      await eventually(async () => expect(await page.locator('main').textContent()).to.include('not available to your role'));
      await eventually(async () => expect(await page.locator('#admin-payload').count()).to.equal(0));
      await eventually(async () => expect(await menuEntries(page)).to.deep.equal(['Home', 'Board', 'Account and security']));
    });

    it('the home shows every notice with its level, the markup-like one as plain text', async () => {
      const { page } = await tab(admin);
      await page.goto(url());
      await eventually(async () => expect(await page.locator('.notice').allTextContents()).to.deep.equal([`Info: ${FIXTURE_NOTICE}`, `Warning: ${NEIGHBOUR_NOTICE}`]));
      await eventually(async () => expect(await page.locator('.notice b').count()).to.equal(0));
    });

    it('a page that hides foreign notices shows only its own plugin\'s; a page that does not shows all', async () => {
      const { page } = await tab(admin);
      await page.goto(url('fixture/'));
      await eventually(async () => expect(await page.locator('.notice').allTextContents()).to.deep.equal([`Info: ${FIXTURE_NOTICE}`]));
      await page.goto(url('board/'));
      await eventually(async () => expect(await page.locator('.notice').allTextContents()).to.deep.equal([`Info: ${FIXTURE_NOTICE}`, `Warning: ${NEIGHBOUR_NOTICE}`]));
    });

    it('the payload reaches the page script intact: the </script> string is text, no dialog opens, no script error', async () => {
      const { page, dialogs, errors } = await tab(admin);
      await page.goto(url('fixture/'));
      await expectText(page.locator('#fixture-message'), HOSTILE_TEXT);
      await eventually(async () => expect(await page.locator('#fixture-operator').textContent()).to.equal(`Payload for ${admin.email}`));
      await eventually(async () => expect(await page.locator('nav a[aria-current="page"]').textContent()).to.equal('Fixture page'));
      expect(await page.title()).to.equal('Fixture page · shop admin');
      // The page's own stylesheet applied (relative `assets/` URL, allowed by the CSP).
      await eventually(async () => expect(await page.evaluate("getComputedStyle(document.getElementById('fixture-message')).fontFamily")).to.equal('monospace'));
      await eventually(async () => expect(await page.locator('script').count()).to.equal(3)); // sign-out.js, the JSON payload, app.js
      expect(dialogs).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
    });

    it('deactivating the plugin removes its menu entry, its notice and its page (404) at once', async () => {
      const { page } = await tab(admin);
      await server.kernel.deactivatePlugin(server.site.id, 'admin-fixture');
      try {
        await page.goto(url());
        await eventually(async () => expect(await menuEntries(page)).to.deep.equal(['Home', 'Board', 'Plugins', 'Account and security']));
        await eventually(async () => expect(await page.locator('.notice').allTextContents()).to.deep.equal([`Warning: ${NEIGHBOUR_NOTICE}`]));
        const res = await page.goto(url('fixture/'));
        expect(res!.status()).to.equal(404);
        await expectText(page.getByRole('heading', { level: 1 }), 'Page not found');
        expect((await request(server.origin).get('/sites/shop/admin/fixture/assets/app.js').set('Cookie', await sessionCookie(admin))).status).to.equal(404);
      } finally {
        await server.kernel.activatePlugin(server.site.id, 'admin-fixture');
      }
      await page.goto(url());
      await eventually(async () => expect(await menuEntries(page)).to.deep.equal(['Home', 'Board', 'Fixture page', 'Plugins', 'Account and security']));
    });
  });

  describe('over plain HTTP', () => {
    it('pages carry the CSP, no-store and nosniff; the signed-out home redirects with next', async () => {
      const res = await request(server.origin).get('/sites/shop/admin/');
      expect(res.status).to.equal(302);
      expect(res.headers.location).to.equal('/sites/shop/admin/sign-in?next=%2Fsites%2Fshop%2Fadmin%2F');
      expect(res.headers['cache-control']).to.equal('no-store');
      const signIn = await request(server.origin).get('/sites/shop/admin/sign-in');
      expect(signIn.status).to.equal(200);
      expect(signIn.headers['content-type']).to.match(/^text\/html/);
      expect(signIn.headers['content-security-policy']).to.equal(CSP);
      expect(signIn.headers['cache-control']).to.equal('no-store');
      expect(signIn.headers['x-content-type-options']).to.equal('nosniff');
      expect(signIn.text).to.match(/^<!doctype html>\n<html lang="en">/);
      expect(signIn.text).not.to.match(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    });

    it('a page address without the slash, and the admin without one, redirect to the slash form (query kept)', async () => {
      const cookie = await sessionCookie(admin);
      const page = await request(server.origin).get('/sites/shop/admin/fixture?tab=2').set('Cookie', cookie);
      expect(page.status).to.equal(302);
      expect(page.headers.location).to.equal('/sites/shop/admin/fixture/?tab=2');
      const home = await request(server.origin).get('/sites/shop/admin').set('Cookie', cookie);
      expect(home.status).to.equal(302);
      expect(home.headers.location).to.equal('/sites/shop/admin/');
    });

    it('unknown addresses and unknown sites get the HTML 404 page, never the JSON envelope', async () => {
      const cookie = await sessionCookie(admin);
      for (const [path, withCookie] of [
        ['/sites/shop/admin/nothing/here', false],
        ['/sites/shop/admin/nothing/here', true],
        ['/sites/shop/admin/nothing/', true],
        ['/sites/shop/admin/Not_A_Slug', true],
        // Signed in: a site that does not exist (or is not theirs) is the 404 page; anonymous visitors are asked to sign in.
        ['/sites/nosuchsite/admin/', true],
      ] as const) {
        const req = request(server.origin).get(path);
        const res = withCookie ? await req.set('Cookie', cookie) : await req;
        expect(res.status, path).to.equal(404);
        expect(res.headers['content-type'], path).to.match(/^text\/html/);
        expect(res.headers['content-security-policy'], path).to.equal(CSP);
        expect(res.text, path).to.include('<h1>Page not found</h1>');
      }
    });

    it('a page\'s assets: scripts and styles with their content types, to operators who may view it; no dotfiles, no listing', async () => {
      const admins = await sessionCookie(admin);
      const viewers = await sessionCookie(viewer);
      const get = (p: string, cookie?: string) => {
        const req = request(server.origin).get(`/sites/shop/admin/fixture/assets/${p}`);
        return cookie ? req.set('Cookie', cookie) : req;
      };
      const js = await get('app.js', admins);
      expect(js.status).to.equal(200);
      expect(js.headers['content-type']).to.match(/^text\/javascript/);
      const css = await get('app.css', admins);
      expect(css.status).to.equal(200);
      expect(css.headers['content-type']).to.match(/^text\/css/);
      expect((await get('.secret', admins)).status).to.equal(404);
      expect((await get('', admins)).status).to.equal(404);
      expect((await get('../admin-fixture.ts', admins)).status).to.equal(404);
      expect((await get('app.js')).status).to.equal(404);
      expect((await get('app.js', viewers)).status).to.equal(404);
      const host = await request(server.origin).get('/admin-assets/sign-in.js');
      expect(host.status).to.equal(200);
      expect(host.headers['content-type']).to.match(/^text\/javascript/);
    });
  });

  /** The `svc_session` cookie of a fresh password sign-in. */
  async function sessionCookie(who: Operator): Promise<string> {
    const res = await request(server.origin).post('/api/v1/auth/login').send({ email: who.email, password: who.password });
    expect(res.status).to.equal(200);
    return String(res.headers['set-cookie']).split(';')[0];
  }

  /**
   * Enrolls TOTP through the API and returns the secret. The enrollment is confirmed with the previous
   * time step's code, so the current step's code is still unused for the sign-in that follows.
   */
  async function enrollTotp(who: Operator): Promise<string> {
    const context = await browser.newContext();
    contexts.push(context);
    await signInContext(context, server.origin, who);
    const begin = await context.request.post(`${server.origin}/api/v1/operators/me/totp`);
    expect(begin.status()).to.equal(200);
    const { secret } = (await begin.json()) as { secret: string };
    for (let attempt = 0; attempt < 2; attempt++) {
      // A second attempt only when the 30-second step changed between computing the code and checking it.
      const res = await context.request.post(`${server.origin}/api/v1/operators/me/totp/confirm`, {
        data: { code: totpCode(secret, timeStep(Date.now()) - 1) },
      });
      if (res.status() === 200) return secret;
    }
    throw new Error('TOTP enrollment was not confirmed');
  }
});

/** Waits for the element to show exactly this text (the page's scripts run asynchronously). */
async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
  expect((await locator.first().textContent())?.trim()).to.equal(text);
}
