/**
 * The Seeder admin screen's ledger with two stores (Emporium and Cartwheel) in real Chromium. Issue 17
 * point 6: a resource's removal names its store and removes only that store's records (it used to
 * delete both stores' customers); the dialog says how many and where, and warns about the generated
 * records that depend on them. Point 7: after Forget the screen says the records remain in the stores.
 * Point 11: each run names who ran it, and a recipe run its recipe and size.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from '../../controllers/generate.ts';
import { runRecipe } from '../../controllers/recipe-runner.ts';
import { C as CW } from '../../stores/cartwheel/tables.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { ADMIN } from '../support/seeder.ts';
import { emptyLedger, ledgerRows, openSeeder } from '../support/seeder-admin.ts';
import { eventually } from '../support/eventually.ts';

describe(`Seeder admin: the ledger with two stores [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let signedIn: string;

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], { plugins: ['emporium', 'cartwheel', 'seeder'] });
    browser = await launchBrowser();
    context = await browser.newContext();
    const operator = await server.operator('administrator');
    signedIn = operator.email;
    await signInContext(context, server.origin, operator);
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
    await emptyLedger(server.site);
    // What Forget left behind is no longer in the ledger: clear it from the stores directly.
    for (const table of [EMP.orders, EMP.customers, CW.customers]) await server.site.db(table).delete();
  });

  const req = () => ({ site: server.site, actor: ADMIN });
  const count = async (table: string) => Number((await server.site.db(table).count({ n: '*' }))[0].n);
  /** The ledger summary as the REST API answers it to the signed-in operator: `resource@platform` to count. */
  const restLedger = async () => {
    const res = await context.request.get(`${server.origin}/sites/${server.site.id}/rest/seeder/v1/generated`);
    expect(res.status()).to.equal(200);
    const body = (await res.json()) as { by_resource: Array<{ resource: string; platform: string; count: number }> };
    return Object.fromEntries(body.by_resource.map((r) => [`${r.resource}@${r.platform}`, r.count]));
  };

  it("each store's customers have their own Remove; removing Cartwheel's names the store and count in the dialog and leaves Emporium's in the store and the ledger", async () => {
    await generate(req(), 'customer', { count: 3, seed: 'emp', platform: 'emporium' });
    await generate(req(), 'customer', { count: 2, seed: 'cw', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await eventually(async () => expect(await panel.locator('tr[data-resource="customer"][data-platform="emporium"] td').allTextContents()).to.deep.equal(['Emporium', '3', 'View Remove customers…']));
    await eventually(async () => expect(await panel.locator('tr[data-resource="customer"][data-platform="cartwheel"] td').allTextContents()).to.deep.equal(['Cartwheel', '2', 'View Remove customers…']));

    await panel.getByRole('button', { name: 'Remove customers from Cartwheel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the generated customers from Cartwheel?' });
    await eventually(async () => expect(await dialog.locator('.seeder-dialog-body p').allTextContents()).to.deep.equal([
      '2 customers generated in Cartwheel are deleted from that store. This cannot be undone.',
      'Not touched: 3 customers in Emporium.',
    ]));
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 2 records of customers in Cartwheel (Customers 2).' }).waitFor();

    expect([await count(CW.customers), await count(EMP.customers)]).to.deep.equal([0, 3]);
    expect(await restLedger()).to.deep.equal({ 'customer@emporium': 3 });
    expect((await ledgerRows(server.site)).map((r) => r.platform)).to.deep.equal(['emporium', 'emporium', 'emporium']);
    await eventually(async () => expect(await panel.locator('tr[data-resource="customer"]').count()).to.equal(1));
    await eventually(async () => expect(await panel.locator('.seeder-total').textContent()).to.equal('The ledger holds 3 records.'));
  });

  it('the dialog warns when generated records of the same store depend on the ones removed (orders on customers); Cancel removes nothing', async () => {
    await generate(req(), 'customer', { count: 2, seed: 'buyers', platform: 'emporium' });
    await generate(req(), 'product', { count: 2, seed: 'goods', platform: 'emporium' });
    const orders = await generate(req(), 'order', { count: 3, seed: 'sales', platform: 'emporium' });
    await generate(req(), 'customer', { count: 1, seed: 'other', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');

    await panel.getByRole('button', { name: 'Remove customers from Emporium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the generated customers from Emporium?' });
    await eventually(async () => expect(await dialog.locator('.seeder-warning').textContent()).to.equal(
      `Other generated records depend on them: ${orders.created_count} orders in Emporium. They are not removed with them: Emporium may refuse to delete customers that still have them (reported after the removal), or keep them without their customer. Remove those first to take everything away cleanly.`,
    ));
    // Cartwheel's customers are named as untouched; the products (no dependency on customers) are not mentioned.
    await eventually(async () => expect(await dialog.textContent()).to.contain('Not touched: 1 customer in Cartwheel.'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(async () => expect(await dialog.count()).to.equal(0));
    expect(await restLedger()).to.deep.equal({ 'product@emporium': 2, 'customer@emporium': 2, 'customer@cartwheel': 1, 'order@emporium': orders.created_count });

    // A resource nothing depends on gets no warning.
    await panel.getByRole('button', { name: 'Remove orders from Emporium' }).click();
    const plain = page.getByRole('dialog', { name: 'Remove the generated orders from Emporium?' });
    await eventually(async () => expect(await plain.locator('.seeder-warning').count()).to.equal(0));
    await plain.getByRole('button', { name: 'Cancel' }).click();
  });

  it('"Remove everything" says it covers all stores, with each store\'s count, and removes both', async () => {
    await generate(req(), 'customer', { count: 3, seed: 'e', platform: 'emporium' });
    await generate(req(), 'customer', { count: 2, seed: 'c', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await panel.getByRole('button', { name: 'Remove everything…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove everything the Seeder generated, in all stores?' });
    await eventually(async () => expect(await dialog.locator('.seeder-dialog-body').textContent()).to.equal(
      'All 5 records in the ledger are deleted from all stores (Emporium 3, Cartwheel 2). This cannot be undone.',
    ));
    await dialog.getByRole('button', { name: 'Remove everything' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 5 records of everything, in all stores (Customers 5).' }).waitFor();
    expect([await count(EMP.customers), await count(CW.customers)]).to.deep.equal([0, 0]);
    await eventually(async () => expect(await panel.locator('.seeder-empty').textContent()).to.equal('The ledger is empty: the Seeder has no generated record it could remove.'));
  });

  it('after Forget the screen says the ledger was cleared and how many records remain in which stores, and they do remain', async () => {
    await generate(req(), 'customer', { count: 3, seed: 'e', platform: 'emporium' });
    await generate(req(), 'customer', { count: 2, seed: 'c', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await panel.getByRole('button', { name: 'Forget the ledger…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget the ledger?' });
    await eventually(async () => expect(await dialog.textContent()).to.contain("The ledger's 5 rows, for all stores (Emporium 3, Cartwheel 2), are dropped and the stores are not touched"));
    await dialog.getByRole('button', { name: 'Forget the ledger' }).click();
    const outcome = panel.locator('.seeder-outcome', { hasText: 'The ledger was cleared' });
    await outcome.waitFor();
    await eventually(async () => expect(await outcome.textContent()).to.equal('The ledger was cleared: 5 records remain in Emporium and Cartwheel and can no longer be removed by the Seeder.'));
    await eventually(async () => expect(await panel.textContent()).to.not.contain('nothing generated by the Seeder is in the stores'));
    await eventually(async () => expect(await panel.locator('.seeder-empty').textContent()).to.equal('The ledger is empty: the Seeder has no generated record it could remove.'));
    expect([await count(EMP.customers), await count(CW.customers)]).to.deep.equal([3, 2]);
    expect(await restLedger()).to.deep.equal({});
  });

  it('runs are told apart by what they made, their store and time; removing one asks first, naming the store, and leaves the other run', async () => {
    const emp = await generate(req(), 'customer', { count: 3, seed: 'run-e', platform: 'emporium' });
    const cw = await generate(req(), 'customer', { count: 2, seed: 'run-c', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    const cwRow = panel.locator(`tr[data-run-id="${cw.run_id}"]`);
    await eventually(async () => expect(await cwRow.locator('th .seeder-line').allTextContents()).to.deep.equal(['2 customers', `by ${ADMIN.email}`]));
    expect(await cwRow.locator('td[data-label="Store"]').textContent()).to.equal('Cartwheel');
    expect(await panel.locator(`tr[data-run-id="${emp.run_id}"] td[data-label="Store"]`).textContent()).to.equal('Emporium');
    await cwRow.getByRole('button', { name: /Remove the run of 2 customers in Cartwheel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this run from Cartwheel?' });
    await eventually(async () => expect(await dialog.locator('.seeder-dialog-body').textContent()).to.match(/^2 customers written .+ are deleted from Cartwheel\. This cannot be undone\.$/));
    await dialog.getByRole('button', { name: 'Remove the run' }).click();
    await panel.locator('.seeder-outcome', { hasText: 'Removed 2 records of the run in Cartwheel' }).waitFor();
    expect([await count(CW.customers), await count(EMP.customers)]).to.deep.equal([0, 3]);
    expect(await restLedger()).to.deep.equal({ 'customer@emporium': 3 });
  });

  it('each run names who ran it: the signed-in operator for a run made through their session, and the recipe and size of a recipe run', async () => {
    const made = await context.request.post(`${server.origin}/sites/${server.site.id}/rest/seeder/v1/customers/generate`, { data: { count: 2, seed: 'by-me', platform: 'emporium' } });
    expect(made.status()).to.equal(201);
    const mine = ((await made.json()) as { run_id: string }).run_id;
    const recipe = await runRecipe(req(), { recipe: 'grocery', size: 'small', platform: 'cartwheel', seed: 'by-recipe' });
    expect(recipe.created).to.be.above(0);
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await eventually(async () => expect(await panel.locator(`tr[data-run-id="${mine}"] th .seeder-line`).allTextContents()).to.deep.equal(['2 customers', `by ${signedIn}`]));
    const lines = await panel.locator(`tr[data-run-id="${recipe.run_id}"] th .seeder-line`).allTextContents();
    expect([lines[0], lines[lines.length - 1]]).to.deep.equal(['Recipe Grocery store, small', `by ${ADMIN.email}`]);
    // At 390 px the row stacks and the run's description stays inside the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    const box = await panel.locator(`tr[data-run-id="${recipe.run_id}"] th`).boundingBox();
    expect(box!.x + box!.width).to.be.at.most(390);
  });
});
