/**
 * The Seeder admin screen in real Chromium: choosing the store, and Generate (form from the schema,
 * preview, generate, server-side validation, undo). Two stores are active and no target is stored, so
 * the screen must ask which store to write to instead of guessing.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from '../../controllers/generate.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { ADMIN } from '../support/seeder.ts';
import { emptyLedger, ledgerRows, openSeeder, runIdOf } from '../support/seeder-admin.ts';
import { eventually } from '../support/eventually.ts';

const TARGET_OPTION = 'seeder_target_platform';

describe(`Seeder admin: store choice and Generate [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Seeder REST calls the page made that write (generate, recipes/run). */
  let writes: string[];

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], { plugins: ['emporium', 'cartwheel', 'seeder'] });
    browser = await launchBrowser();
    context = await browser.newContext();
    await signInContext(context, server.origin, await server.operator('administrator'));
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  beforeEach(async () => {
    page = await context.newPage();
    writes = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/rest\/seeder\/v1\/(.+\/generate|recipes\/run)$/.test(r.url())) writes.push(r.url());
    });
  });
  afterEach(async () => {
    await page.close();
    await server.site.options.delete(TARGET_OPTION);
    await emptyLedger(server.site);
  });

  const generatePanel = () => page.locator('#panel-generate');

  it('with two stores active and no target it asks which store to use, and Generate and Run send nothing until one is chosen', async () => {
    await openSeeder(page, server, 'generate');
    const banner = page.locator('.seeder-choose-store');
    await eventually(async () => expect(await banner.textContent()).to.contain('Several store platforms are active (Emporium, Cartwheel) and no site-wide target is set'));

    const panel = generatePanel();
    const picker = panel.getByLabel('Store to write to');
    await eventually(async () => expect(await picker.inputValue()).to.equal(''));
    await eventually(async () => expect(await picker.getAttribute('required')).to.equal(''));
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('2');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const error = panel.locator('.seeder-platform-picker .seeder-field-error');
    await eventually(async () => expect(await error.textContent()).to.contain('Choose the store to write to'));
    await eventually(async () => expect(await picker.getAttribute('aria-invalid')).to.equal('true'));
    await eventually(async () => expect(await picker.evaluate((el) => el.matches(':focus'))).to.equal(true));

    await page.getByRole('tab', { name: 'Recipes' }).click();
    const recipes = page.locator('#panel-recipes');
    await eventually(async () => expect(await recipes.locator('.notice-warning').first().textContent()).to.contain('Plans are not checked against a store'));
    await recipes.getByRole('button', { name: 'Run Grocery store' }).click();
    await eventually(async () => expect(await recipes.locator('.seeder-platform-picker .seeder-field-error').textContent()).to.contain('Choose the store to write to'));

    expect(writes).to.deep.equal([]);
    expect(await ledgerRows(server.site)).to.deep.equal([]);

    // One choice serves both sections: the recipe plans are now checked against Cartwheel.
    await recipes.getByLabel('Store to write to').selectOption('cartwheel');
    await recipes.locator('[data-recipe="grocery"] tr[data-resource="product_tag"]', { hasText: 'Skipped: Cartwheel has no product tags' }).waitFor();
    await page.getByRole('tab', { name: 'Generate', exact: true }).click();
    await eventually(async () => expect(await picker.inputValue()).to.equal('cartwheel'));
    await eventually(async () => expect(await error.isHidden()).to.equal(true));
  });

  it('choosing a site-wide target stores it (GET platforms agrees); Auto clears it and the screen asks again', async () => {
    await openSeeder(page, server, 'store');
    const panel = page.locator('#panel-store');
    await panel.getByRole('radio', { name: 'Cartwheel' }).check();
    await panel.getByRole('button', { name: 'Save target' }).click();
    await page.locator('.seeder-status', { hasText: 'Target saved: Cartwheel.' }).waitFor();
    expect(await server.site.options.get(TARGET_OPTION)).to.equal('cartwheel');
    const platforms = (await page.evaluate(async () => (await fetch('../../rest/seeder/v1/platforms')).json())) as { target: unknown };
    expect(platforms.target).to.deep.include({ stored: 'cartwheel', resolved: 'cartwheel', ambiguous: false });
    await eventually(async () => expect(await page.locator('.seeder-choose-store').count()).to.equal(0));
    await eventually(async () => expect(await panel.locator('.seeder-current-target').textContent()).to.equal('Writes go to Cartwheel (the site-wide target).'));

    // The stored target now serves requests without an explicit store, after a reload too.
    await openSeeder(page, server, 'generate');
    await eventually(async () => expect(await generatePanel().getByLabel('Store to write to').locator('option:checked').textContent()).to.equal('Cartwheel (site target)'));

    await openSeeder(page, server, 'store');
    await panel.getByRole('radio', { name: 'Auto' }).check();
    await panel.getByRole('button', { name: 'Save target' }).click();
    await page.locator('.seeder-status', { hasText: 'Target saved: Auto.' }).waitFor();
    expect(await server.site.options.get(TARGET_OPTION)).to.equal(undefined);
    await page.locator('.seeder-choose-store').waitFor();
  });

  it('when the target is cleared after the page loaded, the 409 platform.required is shown, nothing is written, and the screen asks for a store from then on', async () => {
    await server.site.options.set(TARGET_OPTION, 'emporium');
    await openSeeder(page, server, 'generate');
    await eventually(async () => expect(await page.locator('.seeder-choose-store').count()).to.equal(0));
    await server.site.options.delete(TARGET_OPTION);
    const panel = generatePanel();
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await page.locator('.seeder-alert', { hasText: 'Nothing was generated: Several store platforms are active' }).waitFor();
    await page.locator('.seeder-choose-store').waitFor();
    await eventually(async () => expect(await panel.getByLabel('Store to write to').getAttribute('required')).to.equal(''));
    expect(await ledgerRows(server.site)).to.deep.equal([]);
  });

  it('the store panel shows each platform with its version, extensions and capability matrix, with the reason for what it cannot hold', async () => {
    await openSeeder(page, server, 'store');
    const cartwheel = page.locator('[data-platform="cartwheel"]');
    await eventually(async () => expect(await cartwheel.locator('h4').textContent()).to.equal('Cartwheel Active'));
    await eventually(async () => expect(await cartwheel.textContent()).to.contain('Cartwheel Pro: not active'));
    await cartwheel.locator('summary').click();
    const tags = cartwheel.locator('tr', { has: page.getByRole('rowheader', { name: 'Product tags', exact: true }) });
    await eventually(async () => expect(await tags.locator('td').first().textContent()).to.equal('Not supported'));
    await eventually(async () => expect(await tags.locator('td').nth(1).textContent()).to.contain('Cartwheel has no product tags'));
    const licences = cartwheel.locator('tr', { has: page.getByRole('rowheader', { name: 'Licences' }) });
    await eventually(async () => expect(await licences.locator('td').first().textContent()).to.equal('Needs Cartwheel Pro'));
  });

  it('Generate writes exactly the previewed rows, with the Emporium-only field emporium_tax_status=none stored on each product', async () => {
    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await panel.getByLabel('Resource').selectOption('product');
    await panel.getByLabel('Count').fill('4');
    await panel.getByLabel('Product type').selectOption('physical');
    await panel.getByLabel('Emporium tax status').selectOption('none');
    await eventually(async () => expect(await panel.getByLabel('Seed').inputValue()).to.equal(''));

    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.locator('.seeder-preview');
    await eventually(async () => expect(await preview.locator('h3').textContent()).to.equal('Preview: 4 rows of products'));
    const previewed = await eventually(async () => {
      const names = await preview.locator('td[data-column="name"]').allTextContents();
      expect(names).to.have.length(4);
      return names;
    });
    const seed = await eventually(async () => {
      const value = await panel.getByLabel('Seed').inputValue();
      expect(value).to.match(/^\d+$/);
      return value;
    });
    await eventually(async () => expect(await preview.textContent()).to.contain(`Seed ${seed}`));
    // Column names a person reads, money in the store's currency (no `_minor`, no `[object Object]`).
    const headers = await preview.locator('thead th').allTextContents();
    expect(headers).to.include('Name').and.include('Regular price');
    expect(headers.join(' ')).to.not.match(/_minor|_/);
    await eventually(async () => expect(await preview.textContent()).to.not.contain('[object Object]'));
    const price = await preview.locator('td[data-column="regular_price_minor"]').first().textContent();
    expect(price).to.match(/\d/).and.not.match(/^\d+$/);
    // A row opens to all its fields as a labelled list, platform fields included.
    await preview.getByRole('button', { name: 'Row 1' }).click();
    const fields = preview.locator('.seeder-row-detail').first().locator('dl.seeder-record');
    await eventually(async () => expect(await fields.locator(':scope > dd[data-field="name"]').textContent()).to.equal(previewed[0]));
    await eventually(async () => expect(await fields.locator('dd[data-field="emporium_tax_status"]').textContent()).to.equal('none'));
    expect(await fields.locator(':scope > dt').allTextContents()).to.include('Platform fields');
    expect(await ledgerRows(server.site)).to.deep.equal([]);

    await panel.getByRole('button', { name: 'Generate' }).click();
    const report = panel.locator('.seeder-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Created 4 of 4 products in Emporium'));
    const runId = await runIdOf(report);
    await eventually(async () => expect(await report.locator('dl').textContent()).to.contain(seed).and.contain(runId));

    const ledger = await ledgerRows(server.site);
    expect(ledger.map((r) => [r.platform, r.resource, r.run_id])).to.deep.equal(Array(4).fill(['emporium', 'product', runId]));
    const stored = await server.site.db(EMP.products).whereIn('id', ledger.map((r) => r.record_id)).orderBy('id').select('name', 'tax_status');
    expect(stored.map((p: { name: string }) => p.name)).to.deep.equal(previewed);
    expect(stored.map((p: { tax_status: string }) => p.tax_status)).to.deep.equal(['none', 'none', 'none', 'none']);
    expect(writes).to.have.length(1);
  });

  it("a store-specific field is switched off while another store is chosen, so it is never sent where it would be refused", async () => {
    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Resource').selectOption('product');
    const field = panel.getByLabel('Emporium tax status');
    await eventually(async () => expect(await field.isEnabled()).to.equal(true));
    await panel.getByLabel('Store to write to').selectOption('cartwheel');
    await eventually(async () => expect(await field.isDisabled()).to.equal(true));
    await eventually(async () => expect(await panel.locator('[data-param="emporium_tax_status"] .seeder-note').textContent()).to.equal('Not sent: applies only when writing to Emporium.'));
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await eventually(async () => expect(await field.isEnabled()).to.equal(true));
  });

  it('a server-side validation error (date_range starting after it ends) is shown next to its field and nothing is written', async () => {
    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await panel.getByLabel('Resource').selectOption('product');
    const range = panel.getByRole('group', { name: 'Date range' });
    await range.getByLabel('From').fill('2024-05-01');
    await range.getByLabel('To').fill('2024-01-01');
    const before = await server.site.db(EMP.products).count({ n: '*' });
    await panel.getByRole('button', { name: 'Generate' }).click();

    const fieldError = panel.locator('[data-param="date_range"] > .seeder-field-error');
    await fieldError.waitFor();
    await eventually(async () => expect(await fieldError.textContent()).to.equal('start must not be after end'));
    await eventually(async () => expect(await range.getByLabel('From').getAttribute('aria-invalid')).to.equal('true'));
    await eventually(async () => expect(await range.getAttribute('aria-describedby')).to.contain((await fieldError.getAttribute('id'))!));
    // The summary sits under the buttons, in words; no developer message.
    const alert = panel.locator('.seeder-generate-form > .seeder-live .seeder-alert');
    await eventually(async () => expect(await alert.textContent()).to.equal('Nothing was written. Some fields need attention; see the messages next to them.'));
    expect(await ledgerRows(server.site)).to.deep.equal([]);
    expect(await server.site.db(EMP.products).count({ n: '*' })).to.deep.equal(before);
    // The browser's own check runs first: a count above 100 is refused without a request.
    await range.getByLabel('To').fill('2024-06-01');
    // Fixing the field clears its error and the summary: no stale message stays behind.
    await eventually(async () => expect(await fieldError.isHidden()).to.equal(true));
    await eventually(async () => expect(await alert.textContent()).to.equal(''));
    await panel.getByLabel('Count').fill('150');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await eventually(async () => expect(await panel.locator('[data-param="count"] > .seeder-field-error').textContent()).to.not.equal(''));
    await eventually(async () => expect(await fieldError.isHidden()).to.equal(true));
    expect(writes).to.have.length(1);
  });

  it('"Undo this run" removes exactly that run: earlier records stay in the store and in the ledger', async () => {
    const earlier = await generate({ site: server.site, actor: ADMIN }, 'customer', { count: 3, platform: 'emporium', seed: 'earlier' });
    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('2');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const report = panel.locator('.seeder-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Created 2 of 2 customers in Emporium'));
    const runId = await runIdOf(report);
    const ours = (await ledgerRows(server.site, runId)).map((r) => r.record_id);
    expect(ours).to.have.length(2);

    await report.getByRole('button', { name: 'Undo this run' }).click();
    const ask = page.getByRole('dialog', { name: 'Undo this run?' });
    await eventually(async () => expect(await ask.locator('.seeder-dialog-body').textContent()).to.equal('All 2 records this run wrote (customers) are deleted from Emporium. This cannot be undone.'));
    await ask.getByRole('button', { name: 'Undo the run' }).click();
    await report.locator('.seeder-undo-outcome', { hasText: 'Removed 2 records (Customers 2).' }).waitFor();
    await eventually(async () => expect(await report.getByRole('button', { name: 'Undo this run' }).count()).to.equal(0));
    expect(await ledgerRows(server.site, runId)).to.deep.equal([]);
    expect((await ledgerRows(server.site)).map((r) => r.run_id)).to.deep.equal([earlier.run_id, earlier.run_id, earlier.run_id]);
    const customers = (await server.site.db(EMP.customers).select('id')).map((r: { id: unknown }) => String(r.id));
    expect(customers).to.have.members(earlier.created.map((c) => c.id));
    for (const id of ours) expect(customers).to.not.include(id);
  });

  it('every control of every section has a label, and the sections are tabs that work from the keyboard', async () => {
    await openSeeder(page, server, 'store');
    const first = page.getByRole('tab', { name: 'Store to write to' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect(await page.getByRole('tab', { name: 'Generate', exact: true }).getAttribute('aria-selected')).to.equal('true'));
    await eventually(async () => expect(await page.locator('#panel-generate').isVisible()).to.equal(true));
    await page.keyboard.press('End');
    await eventually(async () => expect(await page.getByRole('tab', { name: 'Settings' }).evaluate((el) => el.matches(':focus'))).to.equal(true));
    expect(page.url()).to.match(/#settings$/);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect(await first.getAttribute('aria-selected')).to.equal('true'));
    // Every section rendered (a product form is the largest): each input and select is labelled, each button named.
    await page.getByRole('tab', { name: 'Generate', exact: true }).click();
    await page.locator('#panel-generate').getByLabel('Resource').selectOption('product');
    await eventually(async () => {
      const controls = await page.locator('#admin-app').evaluate((root) => {
        const all = [...root.querySelectorAll('input, select, button')];
        const unlabelled = all.filter((el) => {
          const labelled = (el as unknown as { labels: ArrayLike<unknown> | null }).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
          return el.tagName === 'BUTTON' ? !el.textContent?.trim() && !labelled : !labelled;
        });
        return { total: all.length, unlabelled: unlabelled.map((el) => el.outerHTML) };
      });
      expect(controls.total).to.be.above(30);
      expect(controls.unlabelled).to.deep.equal([]);
    });
  });

  it('the customer of orders is picked from suggestions GET lookup finds on the chosen store; without a store the picker takes a typed id', async () => {
    const req = { site: server.site, actor: ADMIN };
    await generate(req, 'product', { count: 3, seed: 'picker', platform: 'emporium', product_type: 'physical' });
    const customers = await generate(req, 'customer', { count: 3, seed: 'picker', platform: 'emporium' });
    const chosen = customers.created[1];
    const { first_name: first, last_name: last } = await server.site.db(EMP.customers).where({ id: Number(chosen.id) }).first();
    const name = `${first} ${last}`;

    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Resource').selectOption('order');
    const picker = panel.getByLabel('Customer id');
    await picker.focus();
    await panel.locator('.seeder-lookup-status', { hasText: 'Choose a store to search its records, or type an id.' }).waitFor();

    await panel.getByLabel('Store to write to').selectOption('emporium');
    await picker.fill(last);
    const suggestion = panel.locator(`datalist option[value="${chosen.id}"]`);
    await suggestion.waitFor({ state: 'attached' });
    await eventually(async () => expect(await suggestion.textContent()).to.contain(name));
    await panel.locator('.seeder-lookup-status', { hasText: /found: pick one from the suggestions/ }).waitFor();

    await picker.fill(chosen.id);
    await panel.getByLabel('Count').fill('3');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await eventually(async () => expect(await panel.locator('.seeder-report h3').textContent()).to.equal('Created 3 of 3 orders in Emporium'));
    const orders = (await ledgerRows(server.site)).filter((r) => r.resource === 'order').map((r) => r.record_id);
    expect(await server.site.db(EMP.orders).whereIn('id', orders).pluck('customer_id')).to.deep.equal(Array(3).fill(Number(chosen.id)));
  });

  it("a resource the chosen store cannot hold shows the driver's reason instead of a Generate button", async () => {
    await openSeeder(page, server, 'generate');
    const panel = generatePanel();
    await panel.getByLabel('Store to write to').selectOption('cartwheel');
    await panel.getByLabel('Resource').selectOption('product_tag');
    await eventually(async () => expect(await panel.locator('.seeder-unsupported-reason').textContent()).to.contain('Cartwheel has no product tags'));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Generate' }).count()).to.equal(0));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Preview' }).isVisible()).to.equal(true));
    await eventually(async () => expect(await panel.getByLabel('Resource').locator('option:checked').textContent()).to.equal('Product tags (not supported by Cartwheel)'));
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Generate' }).isVisible()).to.equal(true));
    await eventually(async () => expect(await panel.locator('.seeder-unsupported-reason').count()).to.equal(0));
  });
});
