/**
 * The Seeder admin screen in real Chromium: who may see it (the one Seeder capability, widened only
 * through the allowed roles every surface reads), and the two admin hooks of the spec:
 * `seeder_admin_payload` and `seeder_hide_foreign_admin_notices`, tapped by fixture plugins.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ALLOWED_ROLES_OPTION } from '../../controllers/access.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { emptyLedger, ledgerRows, openSeeder } from '../support/seeder-admin.ts';
import { FOREIGN_NOTICE, SeederAdminNoCouponsPlugin, SeederAdminNoticePlugin, SeederAdminShowNoticesPlugin } from '../fixtures/plugins/seeder-admin.ts';
import { eventually } from '../support/eventually.ts';

describe(`Seeder admin: access and admin hooks [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  let server: AdminServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let viewerContext: BrowserContext;
  let page: Page;
  let viewer: { email: string; password: string };

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], {
      plugins: ['emporium', 'seeder', 'seeder-admin-notice'],
      extraPlugins: [SeederAdminNoticePlugin, SeederAdminShowNoticesPlugin, SeederAdminNoCouponsPlugin],
    });
    browser = await launchBrowser();
    adminContext = await browser.newContext();
    await signInContext(adminContext, server.origin, await server.operator('administrator'));
    viewerContext = await browser.newContext();
    viewer = await server.operator('viewer');
    await signInContext(viewerContext, server.origin, viewer);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    await page?.close();
    await server.site.options.delete(ALLOWED_ROLES_OPTION);
    await emptyLedger(server.site);
  });

  const menuEntries = () => page.locator('nav.admin-menu a').allTextContents();

  it('a viewer gets no Seeder menu entry, a 403 page, no assets and no REST; once an administrator allows the viewer role, the viewer sees and uses the screen', async () => {
    page = await viewerContext.newPage();
    await page.goto(server.adminUrl);
    // The panel's own screens follow the plugins' pages; a viewer has Account and security only.
    await eventually(async () => expect(await menuEntries()).to.deep.equal(['Home', 'Account and security']));
    const refused = await page.goto(`${server.adminUrl}seeder/`);
    expect(refused?.status()).to.equal(403);
    await eventually(async () => expect(await page.locator('main h1').textContent()).to.equal('Not allowed'));
    await eventually(async () => expect(await page.locator('#admin-payload').count()).to.equal(0));
    expect((await page.request.get(`${server.adminUrl}seeder/assets/app.js`)).status()).to.not.equal(200);
    expect((await page.request.get(`${server.origin}/sites/shop/rest/seeder/v1/platforms`)).status()).to.equal(403);

    // The same option every surface reads (POST access sets it, behind step-up).
    await server.site.options.set(ALLOWED_ROLES_OPTION, ['viewer']);
    await page.goto(server.adminUrl);
    await eventually(async () => expect(await menuEntries()).to.deep.equal(['Home', 'Seeder', 'Account and security']));
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Seeder' }).click();
    await page.locator('#panel-store:not([hidden])').waitFor();
    await eventually(async () => expect(await page.locator('.seeder-lead').textContent()).to.contain(`signed in as ${viewer.email} (viewer)`));

    await page.getByRole('tab', { name: 'Generate', exact: true }).click();
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('2');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await eventually(async () => expect(await panel.locator('.seeder-report h3').textContent()).to.equal('Created 2 of 2 customers in Emporium'));
    const rows = await ledgerRows(server.site);
    expect(rows.map((r) => [r.platform, r.resource])).to.deep.equal([['emporium', 'customer'], ['emporium', 'customer']]);
    expect(await server.site.db(EMP.customers).whereIn('id', rows.map((r) => r.record_id)).count({ n: '*' })).to.deep.equal([{ n: 2 }]);

    // Consent stays an administrator's decision (manage_options), and the screen says so.
    await page.getByRole('tab', { name: 'Sample data' }).click();
    await eventually(async () => expect(await page.locator('#panel-sample-data').textContent()).to.contain('Only an administrator'));
    await eventually(async () => expect(await page.locator('#panel-sample-data').getByRole('button', { name: 'Grant consent' }).count()).to.equal(0));

    await server.site.options.delete(ALLOWED_ROLES_OPTION);
    expect((await page.goto(`${server.adminUrl}seeder/`))?.status()).to.equal(403);
  });

  it('a seeder_admin_payload filter that removes a resource makes it vanish from the page; deactivating its plugin brings it back', async () => {
    page = await adminContext.newPage();
    const offered = async () => {
      await openSeeder(page, server, 'generate');
      return eventually(async () => {
        const options = await page.locator('#panel-generate').getByLabel('Resource').locator('option').allTextContents();
        const matrix = await page.locator('[data-platform="emporium"] tbody th').allTextContents();
        const payload = JSON.parse((await page.locator('#admin-payload').textContent())!) as { resources: Array<{ name: string }> };
        expect(options, 'resource options').to.not.be.empty;
        expect(matrix, 'capability matrix').to.not.be.empty;
        return { options, matrix, resources: payload.resources.map((r) => r.name) };
      });
    };
    const plain = await offered();
    expect(plain.options).to.include('Coupons');
    expect(plain.matrix).to.include('Coupons');
    expect(plain.resources).to.have.length(21);

    await server.kernel.activatePlugin('shop', 'seeder-admin-no-coupons');
    try {
      const filtered = await offered();
      expect(filtered.options).to.not.include('Coupons');
      expect(filtered.options).to.have.length(20);
      expect(filtered.matrix).to.not.include('Coupons');
      expect(filtered.resources).to.not.include('coupon');
    } finally {
      await server.kernel.deactivatePlugin('shop', 'seeder-admin-no-coupons');
    }
    expect((await offered()).options).to.include('Coupons');
  });

  it("other plugins' notices are hidden on the Seeder screen by default and shown when a seeder_hide_foreign_admin_notices tap returns false", async () => {
    page = await adminContext.newPage();
    await page.goto(server.adminUrl);
    await eventually(async () => expect(await page.locator('.admin-notices').textContent()).to.contain(FOREIGN_NOTICE));
    await openSeeder(page, server);
    await eventually(async () => expect(await page.locator('.admin-notices').count()).to.equal(0));
    await eventually(async () => expect(await page.textContent('body')).to.not.contain(FOREIGN_NOTICE));

    await server.kernel.activatePlugin('shop', 'seeder-admin-show-notices');
    try {
      await openSeeder(page, server);
      await eventually(async () => expect(await page.locator('.admin-notices .notice-warning').textContent()).to.contain(FOREIGN_NOTICE));
    } finally {
      await server.kernel.deactivatePlugin('shop', 'seeder-admin-show-notices');
    }
    await openSeeder(page, server);
    await eventually(async () => expect(await page.locator('.admin-notices').count()).to.equal(0));
  });
});
