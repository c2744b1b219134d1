/**
 * The panel's own admin screens in real Chromium through the real server: the front door (`/` and
 * `/sites/{id}/` lead a browser to the admin, JSON clients keep their answers), the site picker, and
 * the home's view of the site at a glance. Every screen is checked with axe-core in the light and dark
 * themes and photographed at 1366 and 390 pixels (test/support/axe.ts).
 */
import { expect } from 'chai';
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { launchBrowser, startAdminServer, watchedTab, type AdminServer } from '../support/browser.ts';
import { expectAccessible, screenshots } from '../support/axe.ts';
import { eventually } from '../support/eventually.ts';
import { openSeeder } from '../support/seeder-admin.ts';
import { createOperator } from '../../panel/operators.ts';

type Operator = Awaited<ReturnType<AdminServer['operator']>>;

for (const target of DATABASE_TARGETS) {
  describe(`Panel admin screens [${target.label}]`, function () {
    this.timeout(120_000);
    let server: AdminServer;
    let browser: Browser;
    let admin: Operator;
    const contexts: BrowserContext[] = [];

    before(async () => {
      server = await startAdminServer(target, { plugins: ['emporium', 'seeder'] });
      browser = await launchBrowser();
      admin = await server.operator('administrator');
    });
    after(async () => {
      await browser?.close();
      await server?.dispose();
    });
    afterEach(async () => {
      for (const c of contexts.splice(0)) await c.close();
    });

    /** A fresh tab (signed in as `who` when given) that records script errors, CSP violations included. */
    /** A fresh tab (signed in as `who` when given) that records script errors; the screens handle and say 403 (step-up) and 409 (a missing requirement). */
    const tab = (who?: Operator) => watchedTab(browser, server.origin, contexts, who, [403, 409]);

    async function signInOnPage(page: Page, who: Operator): Promise<void> {
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password').fill(who.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    }

    describe('the front door', () => {
      it('GET / sends a browser to the sign-in and keeps the JSON 404 for API clients; /sites/{id}/ goes to its admin', async () => {
        const html = await request(server.origin).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
        expect([html.status, html.headers.location]).to.deep.equal([302, '/admin/sign-in?next=%2Fadmin%2F']);
        const json = await request(server.origin).get('/').set('Accept', 'application/json');
        expect(json.status).to.equal(404);
        expect(json.body.error.code).to.equal('route.not_found');
        const any = await request(server.origin).get('/');
        expect(any.status).to.equal(404);

        const site = await request(server.origin).get('/sites/shop/').set('Accept', 'text/html');
        expect([site.status, site.headers.location]).to.deep.equal([302, '/sites/shop/admin/']);
        const siteJson = await request(server.origin).get('/sites/shop/').set('Accept', 'application/json');
        expect(siteJson.status).to.equal(401);
        expect(siteJson.body.error.code).to.equal('auth.unauthenticated');
      });

      it('a browser at / signs in and lands on the admin of its one site', async () => {
        const { page, errors } = await tab();
        await page.goto(`${server.origin}/`);
        expect(page.url()).to.equal(`${server.origin}/admin/sign-in?next=%2Fadmin%2F`);
        await expectAccessible(page, 'the panel sign-in');
        await signInOnPage(page, admin);
        await page.waitForURL(server.adminUrl);
        await eventually(async () => expect(await page.locator('.admin-operator').textContent()).to.equal(admin.email));
        // Signed in, / and /sites/shop/ lead to the same place.
        await page.goto(`${server.origin}/`);
        expect(page.url()).to.equal(server.adminUrl);
        await page.goto(`${server.origin}/sites/shop/`);
        expect(page.url()).to.equal(server.adminUrl);
        expect(errors).to.deep.equal([]);
      });

      it('an operator of several sites gets the site picker, and each entry opens that site', async () => {
        await server.kernel.createSite({ id: 'outlet', name: 'Outlet store', plugins: ['emporium'] });
        const both = await server.operator('editor');
        const { page, errors } = await tab(both);
        await page.goto(`${server.origin}/`);
        expect(page.url()).to.equal(`${server.origin}/admin/`);
        await expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Choose a site');
        const links = await page.getByRole('main').getByRole('link').allTextContents();
        expect(links).to.include.members(['shop', 'Outlet store']);
        await expectAccessible(page, 'the site picker');
        await screenshots(page, 'site-picker');
        await page.getByRole('link', { name: 'Outlet store' }).click();
        await page.waitForURL(`${server.origin}/sites/outlet/admin/`);
        expect(errors).to.deep.equal([]);
        await server.kernel.removeSite('outlet');
      });
    });

    describe('the home', () => {
      it('shows the active plugins, the stores, the records the Seeder made per resource and store, and the last runs', async () => {
        const { page, context, errors } = await tab(admin);
        const made = await context.request.post(`${server.origin}/sites/shop/rest/seeder/v1/customers/generate`, { data: { count: 3, seed: 'home-glance' } });
        expect(made.status(), await made.text()).to.equal(201);
        const runId = ((await made.json()) as { run_id: string }).run_id;
        await page.goto(server.adminUrl);
        const plugins = page.getByRole('region', { name: 'Active plugins' });
        expect(await plugins.getByRole('listitem').allTextContents()).to.satisfy((items: string[]) => items.some((t) => t.startsWith('Seeder')) && items.some((t) => t.startsWith('Emporium')));
        const seeder = page.getByRole('region', { name: 'Stores and generated data' });
        await seeder.getByRole('table').waitFor();
        const table = seeder.getByRole('table');
        expect(await table.getByRole('columnheader').allTextContents()).to.deep.equal(['Resource', 'Emporium']);
        expect(await table.getByRole('row', { name: /Customer/ }).getByRole('cell').allTextContents()).to.deep.equal(['3']);
        expect(await seeder.getByRole('listitem').allTextContents()).to.satisfy((items: string[]) => items.some((t) => t.startsWith(`${runId} · 3 records`)));
        expect(await seeder.getByRole('link', { name: 'See and remove generated data' }).getAttribute('href')).to.equal('/sites/shop/admin/seeder/#generated');
        await expectAccessible(page, 'the admin home');
        await screenshots(page, 'home');
        expect(errors).to.deep.equal([]);
        const undo = await context.request.delete(`${server.origin}/sites/shop/rest/seeder/v1/generated`, { data: { run_id: runId } });
        expect(undo.status()).to.equal(200);
      });
    });

    describe('plugins', () => {
      it('an administrator activates a store on the Plugins screen and it appears on the Seeder screen; a missing requirement is said', async () => {
        const { page, errors } = await tab(admin);
        await page.goto(`${server.adminUrl}plugins/`);
        const row = (plugin: string) => page.locator(`tr[data-plugin="${plugin}"]`);
        await row('cartwheel-pro').waitFor();
        expect(await row('emporium').getByRole('cell').allTextContents()).to.deep.equal([
          '1.0.0', "A bundled online store: products, customers, orders and more, kept in this site's database.", 'nothing else', 'Active', 'Deactivate',
        ]);
        // Cartwheel Pro needs Cartwheel: the row says so, and trying is refused with the reason.
        await row('cartwheel-pro').getByText('Needs Cartwheel active first.').waitFor();
        await page.getByRole('button', { name: 'Activate Cartwheel Pro' }).click();
        await row('cartwheel-pro').getByRole('status').filter({ hasText: 'requires "cartwheel" to be active' }).waitFor();
        await expectAccessible(page, 'the Plugins screen');
        await screenshots(page, 'plugins');

        await page.getByRole('button', { name: 'Activate Cartwheel', exact: true }).click();
        await page.locator('#plugins-status').filter({ hasText: 'Cartwheel is active.' }).waitFor();
        await eventually(async () => expect(await row('cartwheel').getByRole('cell').nth(3).textContent()).to.equal('Active'));
        expect(server.site.isActive('cartwheel')).to.equal(true);

        await openSeeder(page, server, 'store');
        await page.locator('#panel-store').getByRole('radio', { name: 'Cartwheel', exact: true }).waitFor();
        expect(errors).to.deep.equal([]);

        await server.kernel.deactivatePlugin('shop', 'cartwheel');
      });

      it("with no store active, the Seeder's store picker links an administrator to the Plugins screen", async () => {
        await server.kernel.deactivatePlugin('shop', 'emporium');
        try {
          const { page, errors } = await tab(admin);
          await openSeeder(page, server, 'store');
          await page.locator('#panel-store').getByRole('link', { name: 'Activate a store plugin on the Plugins screen' }).click();
          await page.waitForURL(`${server.adminUrl}plugins/`);
          await page.locator('tr[data-plugin="emporium"]').getByRole('button', { name: 'Activate Emporium' }).waitFor();
          expect(errors).to.deep.equal([]);
        } finally {
          await server.kernel.activatePlugin('shop', 'emporium');
        }
      });

      it('is not in the menu of an editor, and its address answers 403', async () => {
        const editor = await server.operator('editor');
        const { page } = await tab(editor);
        await page.goto(server.adminUrl);
        expect(await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link').allTextContents()).to.not.include('Plugins');
        const res = await page.goto(`${server.adminUrl}plugins/`);
        expect(res?.status()).to.equal(403);
        const api = await page.context().request.get(`${server.origin}/api/v1/sites/shop/plugins`);
        expect(api.status()).to.equal(403);
      });
    });

    describe('sites and members', () => {
      it('the owner pages through the sites, sees members with roles, adds a site and removes it after confirming and stepping up', async () => {
        const owner = await createOperator(server.kernel.panelDb, { email: `owner-${process.pid}@example.test`, password: 'a long owner password', owner: true });
        const who = { id: owner.id, email: owner.email, password: 'a long owner password' };
        const { page, errors } = await tab(who);
        await page.goto(`${server.adminUrl}sites/?limit=1`);
        const sites = page.getByRole('list', { name: 'Sites' });
        await sites.getByRole('link', { name: 'shop' }).waitFor();
        // Members of shop, with their roles.
        await page.getByRole('button', { name: 'Show members' }).click();
        const members = page.getByRole('table', { name: 'Members of shop' });
        await members.waitFor();
        expect(await members.getByRole('row', { name: new RegExp(admin.email) }).getByRole('cell').nth(1).textContent()).to.equal('administrator');
        await expectAccessible(page, 'the Sites screen');

        // Add a site from the form; one site a page, so it is on the next page (keyset: next_cursor).
        await page.getByLabel('Id').fill('Bad Id');
        await page.getByRole('button', { name: 'Add site' }).click();
        await page.getByText('Use 1 to 32 lowercase letters').waitFor();
        await page.getByLabel('Id').fill('branch');
        await page.getByLabel('Name').fill('Branch store');
        await page.getByRole('button', { name: 'Add site' }).click();
        await page.getByText('Site "Branch store" added.').waitFor();
        await page.getByRole('button', { name: 'Next page' }).click();
        await sites.getByRole('link', { name: 'Branch store' }).waitFor();
        expect(await sites.getByRole('link').allTextContents()).to.deep.equal(['Branch store']);
        expect(await page.getByRole('button', { name: 'Next page' }).isVisible()).to.equal(false);
        await screenshots(page, 'sites');

        // Remove it: confirm (Cancel has the focus), then the password again for an old sign-in.
        await server.kernel.panelDb('auth_sessions').where({ operator_id: owner.id }).update({ last_full_auth_at: new Date(Date.now() - 600_000).toISOString() });
        await page.getByRole('button', { name: 'Remove site Branch store' }).click();
        const confirm = page.getByRole('dialog', { name: 'Remove this site?' });
        await confirm.waitFor();
        expect(await page.evaluate('document.activeElement.textContent')).to.equal('Cancel');
        await expectAccessible(page, 'the removal confirmation');
        await confirm.getByRole('button', { name: 'Remove site' }).click();
        const stepUp = page.getByRole('dialog', { name: 'Confirm your password' });
        await stepUp.getByLabel('Password').fill(who.password);
        await stepUp.getByRole('button', { name: 'Confirm' }).click();
        await page.locator('#sites-status').filter({ hasText: 'Site "Branch store" removed.' }).waitFor();
        expect(await server.kernel.siteRecord('branch')).to.equal(undefined);
        expect(errors).to.deep.equal([]);
      });

      it('is for the owner alone: an administrator of a site has no Sites entry and gets 403 at its address', async () => {
        const { page } = await tab(admin);
        await page.goto(server.adminUrl);
        expect(await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link').allTextContents()).to.not.include('Sites and members');
        expect((await page.goto(`${server.adminUrl}sites/`))?.status()).to.equal(403);
      });
    });
  });
}
