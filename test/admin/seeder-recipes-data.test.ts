/**
 * The Seeder admin screen in real Chromium: running a recipe and undoing it, sample-data consent, and
 * the ledger (remove a run, a resource, everything; forget). One store is active (Cartwheel), so it is
 * the target without a choice.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONSENT_OPTION } from '../../recipes/consent.ts';
import { listRecipes } from '../../controllers/recipes.ts';
import { generate } from '../../controllers/generate.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { ADMIN } from '../support/seeder.ts';
import { emptyLedger, ledgerRows, openSeeder, runIdOf } from '../support/seeder-admin.ts';
import { snapshot, storeTables } from '../recipes/support/snapshot.ts';
import { eventually } from '../support/eventually.ts';

const CUSTOMERS = 'cw_customers';
const COUPONS = 'cw_coupons';

describe(`Seeder admin: recipes, sample data and the ledger [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: { email: string; password: string };

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], { plugins: ['cartwheel', 'seeder'] });
    browser = await launchBrowser();
    context = await browser.newContext();
    admin = await server.operator('administrator');
    await signInContext(context, server.origin, admin);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  beforeEach(async () => {
    page = await context.newPage();
  });
  afterEach(async () => {
    await page.close();
    await server.site.options.delete(CONSENT_OPTION);
    await emptyLedger(server.site);
  });

  const req = () => ({ site: server.site, actor: ADMIN });
  const count = async (table: string) => Number((await server.site.db(table).count({ n: '*' }))[0].n);

  it('a recipe run from the admin creates its plan in the store (skipping what Cartwheel cannot hold, with the reason) and "Undo this run" removes exactly it', async () => {
    const tables = storeTables(server.site);
    const before = await snapshot(server.site.db, tables);
    const expected = (await listRecipes(req(), { size: 'small', locale: 'de_DE' })).recipes.find((r) => r.id === 'grocery')!;

    await openSeeder(page, server, 'recipes');
    const panel = page.locator('#panel-recipes');
    await eventually(async () => expect(await panel.getByLabel('Store to write to').locator('option:checked').textContent()).to.equal('Cartwheel (the only active store)'));
    const card = panel.locator('[data-recipe="grocery"]');
    await eventually(async () => expect(await card.locator('tr[data-resource="product_tag"] td').last().textContent()).to.contain('Skipped: Cartwheel has no product tags'));
    await panel.getByLabel('Locale').selectOption('de_DE');
    await panel.getByLabel('Size').selectOption('small');
    await card.locator('caption', { hasText: `Plan at size small: ${expected.totals.small} records` }).waitFor();

    await card.getByRole('button', { name: 'Run Grocery store' }).click();
    const report = panel.locator('.seeder-report');
    await report.waitFor({ timeout: 30_000 });
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal(`Grocery store: ${expected.totals.small} records created in Cartwheel`));
    await eventually(async () => expect(await report.locator('tr[data-resource="product_tag"]').textContent()).to.contain('Skipped: Cartwheel has no product tags'));
    await eventually(async () => expect(await report.locator('dl').textContent()).to.contain('de_DE'));
    const runId = await runIdOf(report);
    const rows = await ledgerRows(server.site, runId);
    expect(rows).to.have.length(expected.totals.small);
    expect(new Set(rows.map((r) => r.resource))).to.deep.equal(new Set(expected.plan.filter((s) => s.supported).map((s) => s.resource)));
    expect(await count(CUSTOMERS)).to.equal(expected.plan.find((s) => s.resource === 'customer')!.count);

    await report.getByRole('button', { name: 'Undo this run' }).click();
    await page.getByRole('dialog', { name: 'Undo this run?' }).getByRole('button', { name: 'Undo the run' }).click();
    await report.locator('.seeder-undo-outcome', { hasText: `Removed ${expected.totals.small} records` }).waitFor({ timeout: 30_000 });
    expect(await ledgerRows(server.site, runId)).to.deep.equal([]);
    expect(await snapshot(server.site.db, tables)).to.deep.equal(before);
  });

  it('consent: Grant stores who granted it and when, survives a reload, offers downloads; Revoke asks first, then stores declined', async () => {
    await openSeeder(page, server, 'sample-data');
    const panel = page.locator('#panel-sample-data');
    await eventually(async () => expect(await panel.locator('.seeder-consent-state').textContent()).to.equal('Consent: Undecided: nothing is downloaded.'));
    await eventually(async () => expect(await panel.textContent()).to.contain('No site data is sent'));

    await panel.getByRole('button', { name: 'Grant consent' }).click();
    await page.locator('.seeder-status', { hasText: 'Consent granted.' }).waitFor();
    const granted = await server.site.options.get<{ state: string; decided_by: string; decided_at: string }>(CONSENT_OPTION);
    expect(granted).to.include({ state: 'granted', decided_by: admin.email });
    expect(Date.now() - Date.parse(granted!.decided_at)).to.be.below(60_000);

    await openSeeder(page, server, 'sample-data');
    await eventually(async () => expect(await panel.locator('.seeder-consent-state').textContent()).to.equal('Consent: Granted: downloads are allowed.'));
    await eventually(async () => expect(await panel.locator('.seeder-consent .hint').textContent()).to.contain(`Decided by ${admin.email}`));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Download sample data' }).isVisible()).to.equal(true));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Grant consent' }).count()).to.equal(0));

    // Cancelling the confirmation changes nothing.
    await panel.getByRole('button', { name: 'Revoke consent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke consent?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(async () => expect(await dialog.count()).to.equal(0));
    expect((await server.site.options.get<{ state: string }>(CONSENT_OPTION))?.state).to.equal('granted');

    await panel.getByRole('button', { name: 'Revoke consent' }).click();
    await dialog.getByRole('button', { name: 'Revoke consent' }).click();
    await page.locator('.seeder-status', { hasText: 'Consent revoked.' }).waitFor();
    expect(await server.site.options.get(CONSENT_OPTION)).to.include({ state: 'declined', decided_by: admin.email });
    await eventually(async () => expect(await panel.locator('.seeder-consent-state').textContent()).to.equal('Consent: Declined: nothing is downloaded.'));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Download sample data' }).count()).to.equal(0));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Grant consent' }).isVisible()).to.equal(true));
  });

  it('Generated data: the ledger by resource and by run; remove one run, one resource, everything (after a confirmation), or forget it and leave the store alone', async () => {
    const runA = await generate(req(), 'customer', { count: 3, seed: 'a' });
    const runB = await generate(req(), 'coupon', { count: 2, seed: 'b' });
    const runC = await generate(req(), 'customer', { count: 2, seed: 'c' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await eventually(async () => expect(await panel.locator('.seeder-total').textContent()).to.equal('The ledger holds 7 records.'));
    await eventually(async () => expect(await panel.locator('tr[data-resource="customer"] td').allTextContents()).to.deep.equal(['Cartwheel', '5', 'View Remove customers…']));
    for (const run of [runA, runB, runC]) await eventually(async () => expect(await panel.locator(`tr[data-run-id="${run.run_id}"] td[data-label="Records"]`).textContent()).to.equal(String(run.created_count)));
    await eventually(async () => expect(await panel.locator(`tr[data-run-id="${runB.run_id}"] th .seeder-line`).allTextContents()).to.deep.equal(['2 coupons', `by ${ADMIN.email}`]));

    // One run.
    await panel.locator(`tr[data-run-id="${runB.run_id}"]`).getByRole('button', { name: /^Remove the run of 2 coupons in Cartwheel/ }).click();
    await page.getByRole('dialog', { name: 'Remove this run from Cartwheel?' }).getByRole('button', { name: 'Remove the run' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 2 records of the run in Cartwheel (Coupons 2).' }).waitFor();
    expect(await count(COUPONS)).to.equal(0);
    await eventually(async () => expect(await panel.locator(`tr[data-run-id="${runB.run_id}"]`).count()).to.equal(0));
    await eventually(async () => expect(await panel.locator('.seeder-total').textContent()).to.equal('The ledger holds 5 records.'));

    // One resource, across runs.
    await panel.getByRole('button', { name: 'Remove customers from Cartwheel' }).click();
    await page.getByRole('dialog', { name: 'Remove the generated customers from Cartwheel?' }).getByRole('button', { name: 'Remove' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 5 records of customers in Cartwheel (Customers 5).' }).waitFor();
    expect(await count(CUSTOMERS)).to.equal(0);
    await eventually(async () => expect(await panel.locator('.seeder-empty').textContent()).to.contain('The ledger is empty'));

    // Everything: cancelling leaves it all; confirming removes it all.
    await generate(req(), 'customer', { count: 1, seed: 'd' });
    await generate(req(), 'coupon', { count: 1, seed: 'e' });
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await panel.locator('.seeder-total', { hasText: 'The ledger holds 2 records.' }).waitFor();
    await panel.getByRole('button', { name: 'Remove everything…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await ledgerRows(server.site)).to.have.length(2);
    await panel.getByRole('button', { name: 'Remove everything…' }).click();
    await page.getByRole('dialog', { name: 'Remove everything the Seeder generated, in all stores?' }).getByRole('button', { name: 'Remove everything' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 2 records of everything' }).waitFor();
    expect([await count(CUSTOMERS), await count(COUPONS)]).to.deep.equal([0, 0]);

    // Forget drops the ledger rows and leaves the store alone.
    await generate(req(), 'customer', { count: 1, seed: 'f' });
    await panel.getByRole('button', { name: 'Refresh' }).click();
    // Wait for the refreshed summary: the buttons are drawn again with it.
    await panel.locator('.seeder-total', { hasText: 'The ledger holds 1 record' }).waitFor();
    await panel.getByRole('button', { name: 'Forget the ledger…' }).click();
    const warning = page.getByRole('dialog', { name: 'Forget the ledger?' });
    await eventually(async () => expect(await warning.textContent()).to.contain('the stores are not touched'));
    await warning.getByRole('button', { name: 'Forget the ledger' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'The ledger was cleared: 1 record remains in Cartwheel and can no longer be removed by the Seeder.' }).waitFor();
    expect(await ledgerRows(server.site)).to.deep.equal([]);
    expect(await count(CUSTOMERS)).to.equal(1);
  });
});
