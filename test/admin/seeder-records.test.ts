/**
 * The Records view (issue 17 point 10) in real Chromium with two stores: the generated records of a
 * resource in one store or of one run, page by page from the ledger, with their key fields as the
 * store holds them (read through the driver) and a link to the store's own screen (`admin_url`, from
 * the driver's `adminUrl`). Also `GET generated/records` itself: a record deleted from the store behind
 * the Seeder's back comes with `fields: null`.
 */
import { expect } from 'chai';
import { generate } from '../../controllers/generate.ts';
import { runRecipeFromBody } from '../../controllers/recipes.ts';
import { C as CW } from '../../stores/cartwheel/tables.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { axeViolations, screenshot, screenshots } from '../support/axe.ts';
import { eventually } from '../support/eventually.ts';
import { ADMIN } from '../support/seeder.ts';
import { ledgerRows, openSeeder, seederAdminSession } from '../support/seeder-admin.ts';

describe('Seeder admin: the Records view', function () {
  this.timeout(120_000);
  const session = seederAdminSession(['emporium', 'cartwheel', 'seeder'], async ({ server }) => {
    for (const table of [EMP.customers, CW.customers]) await server.site.db(table).delete();
  });
  const req = () => ({ site: session.server.site, actor: ADMIN });
  // The bundled stores have no record screens: this suite gives Emporium some, as a plugin would.
  const emporiumScreen = (resource: string, id: string) => `/sites/${session.server.site.id}/admin/emporium-records/${resource}/${id}`;
  let untap: (() => void) | undefined;
  before(() => {
    untap = session.server.site.hooks.addFilter('seeder_platform_admin_url_emporium', (url, ctx) => url ?? emporiumScreen(ctx.resource, ctx.record_id));
  });
  after(() => untap?.());

  it("a resource's records page by page, with the store's own values and links to its screens; a run's records in a store without screens are not links", async () => {
    const { page, server } = session;
    await generate(req(), 'customer', { count: 25, seed: 'rec-e', platform: 'emporium' });
    const cw = await generate(req(), 'customer', { count: 2, seed: 'rec-c', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await panel.getByRole('button', { name: 'View the customers in Emporium' }).click();
    const records = panel.locator('.seeder-records');
    await eventually(async () => expect(await records.locator('h3').textContent()).to.equal('Records: customers in Emporium'));
    const rows = records.locator('tbody tr');
    await eventually(async () => expect(await rows.count()).to.equal(20));
    // Focus lands on the view.
    await eventually(async () => expect(await page.evaluate('document.activeElement?.textContent')).to.equal('Records: customers in Emporium'));
    const stored = new Map<string, string>(
      (await server.site.db(EMP.customers).select('id', 'email')).map((r: { id: number; email: string }) => [String(r.id), r.email]),
    );
    const first = rows.first();
    const id = (await first.getAttribute('data-record-id'))!;
    expect(await first.locator('td[data-field="email"]').textContent()).to.equal(stored.get(id));
    expect(await first.getByRole('link').getAttribute('href')).to.equal(emporiumScreen('customer', id));
    expect(await records.locator('thead th').allTextContents()).to.include('Email').and.not.include('email');

    await records.getByRole('button', { name: 'Next page' }).click();
    await eventually(async () => expect(await records.locator('caption').textContent()).to.equal('Page 2'));
    await eventually(async () => expect(await rows.count()).to.equal(5));
    expect(await records.getByRole('button', { name: 'Next page' }).isDisabled()).to.equal(true);
    const seen = new Set([...(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id'))))]);
    expect(seen.has(id)).to.equal(false);
    await records.getByRole('button', { name: 'Previous page' }).click();
    await eventually(async () => expect(await records.locator('caption').textContent()).to.equal('Page 1'));
    await eventually(async () => expect(await rows.first().getAttribute('data-record-id')).to.equal(id));
    expect(await axeViolations(page)).to.deep.equal([]);

    await panel.locator(`tr[data-run-id="${cw.run_id}"]`).getByRole('button', { name: /^View the records of the run of 2 customers/ }).click();
    await eventually(async () => expect(await records.locator('h3').textContent()).to.match(/^Records: the run of 2 customers in Cartwheel, /));
    await eventually(async () => expect(await rows.count()).to.equal(2));
    const cwId = (await rows.first().getAttribute('data-record-id'))!;
    expect(await rows.first().getByRole('link').count()).to.equal(0);
    expect(await rows.first().locator('th').textContent()).to.equal(`#${cwId}`);
  });

  it("a run that made several kinds of records can be narrowed to one kind (run and resource together)", async () => {
    const { page, server } = session;
    const run = await runRecipeFromBody(req(), { recipe: 'grocery', size: 'small', platform: 'emporium', seed: 'rec-kinds' });
    // What the run made, by kind, as the ledger holds it.
    const made = new Map<string, number>();
    for (const row of await ledgerRows(server.site, run.run_id)) made.set(row.resource, (made.get(row.resource) ?? 0) + 1);
    const kinds = [...made];
    expect(kinds.length).to.be.greaterThan(1);
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await panel.locator(`tr[data-run-id="${run.run_id}"]`).getByRole('button', { name: /^View the records of the run of / }).click();
    const records = panel.locator('.seeder-records');
    const show = records.getByLabel('Show');
    await eventually(async () => expect(await show.isVisible()).to.equal(true));
    const total = kinds.reduce((n, [, c]) => n + c, 0);
    expect(await show.locator('option').first().textContent()).to.equal(`All kinds (${total.toLocaleString('en-US')})`);
    expect(await show.locator('option').count()).to.equal(kinds.length + 1);
    await eventually(async () => expect(await records.locator('thead th').allTextContents()).to.include('Kind'));

    const [resource, count] = kinds.find(([r]) => r === 'product') ?? kinds[0]!;
    await show.selectOption(resource);
    const rows = records.locator('tbody tr');
    await eventually(async () => expect(await rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-record-resource')))])).to.deep.equal([resource]));
    await eventually(async () => expect(await rows.count()).to.equal(Math.min(count, 20)));
    expect(await records.locator('thead th').allTextContents()).not.to.include('Kind');
    expect(await axeViolations(page)).to.deep.equal([]);
    await records.scrollIntoViewIfNeeded();
    await screenshot(page, 'seeder-records-run-kind');
    // A run of one kind offers no choice.
    const single = await generate(req(), 'customer', { count: 2, seed: 'rec-one', platform: 'cartwheel' });
    await openSeeder(page, server, 'generated');
    await panel.locator(`tr[data-run-id="${single.run_id}"]`).getByRole('button', { name: /^View the records of the run of 2 customers/ }).click();
    await eventually(async () => expect(await rows.count()).to.equal(2));
    expect(await show.isVisible()).to.equal(false);
  });

  it('money is written for the locale of its run, in the record\'s currency (de_DE in euros on Emporium, ja_JP in yen on Cartwheel), and so are the run\'s summaries', async () => {
    const { page, server } = session;
    await server.site.options.set('emporium_currency', 'EUR');
    await server.site.options.set('cartwheel_currency', 'JPY');
    try {
      for (const platform of ['emporium', 'cartwheel']) {
        await generate(req(), 'customer', { count: 3, seed: `money-${platform}`, platform });
        await generate(req(), 'product', { count: 4, seed: `money-${platform}`, platform, product_type: 'physical' });
      }
      const de = await generate(req(), 'order', { count: 3, seed: 'money-de', locale: 'de_DE', platform: 'emporium' });
      const ja = await generate(req(), 'order', { count: 3, seed: 'money-ja', locale: 'ja_JP', platform: 'cartwheel' });
      // The summaries the run answers write money as its locale does.
      expect(de.created[0]!.summary).to.match(/, \d{1,3}(\.\d{3})*,\d{2}\u00a0€ \(/);
      expect(ja.created[0]!.summary).to.match(/, ￥\d{1,3}(,\d{3})* \(/);
      const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
      const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
      const empTotals = new Map((await server.site.db(EMP.orders).select('id', 'total')).map((r: { id: number; total: string }) => [String(r.id), Number(r.total)]));
      const cwTotals = new Map((await server.site.db(CW.orders).select('id', 'total_amount')).map((r: { id: number; total_amount: number }) => [String(r.id), Number(r.total_amount)]));

      await openSeeder(page, server, 'generated');
      const panel = page.locator('#panel-generated');
      const records = panel.locator('.seeder-records');
      const rows = records.locator('tbody tr');
      for (const [run, totals, column, format, platform] of [
        [de, empTotals, 'total', euro, 'Emporium'],
        [ja, cwTotals, 'total_amount', yen, 'Cartwheel'],
      ] as const) {
        await panel.locator(`tr[data-run-id="${run.run_id}"]`).getByRole('button', { name: /^View the records of the run of 3 orders/ }).click();
        await eventually(async () => expect(await records.locator('h3').textContent()).to.match(new RegExp(`^Records: the run of 3 orders in ${platform}, `)));
        await eventually(async () => expect(await rows.count()).to.equal(3));
        for (const tr of await rows.all()) {
          const id = (await tr.getAttribute('data-record-id'))!;
          const cell = tr.locator(`td[data-field="${column}"]`);
          expect(await cell.textContent(), `${platform} order ${id}`).to.equal(format.format(totals.get(id)!));
        }
        // Not the store's raw value ("80.20", 8020).
        const shown = await rows.first().locator(`td[data-field="${column}"]`).textContent();
        expect(shown).to.match(platform === 'Emporium' ? /^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/ : /^￥\d{1,3}(,\d{3})*$/);
        await screenshots(page, `records-money-${platform === 'Emporium' ? 'de_DE' : 'ja_JP'}`);
      }
      expect(await axeViolations(page)).to.deep.equal([]);
    } finally {
      await server.site.options.delete('emporium_currency');
      await server.site.options.delete('cartwheel_currency');
    }
  });

  it('GET generated/records: fields as the store holds them, null (and no link) once the store no longer has the record', async () => {
    const { context, server } = session;
    const run = await generate(req(), 'customer', { count: 2, seed: 'rec-gone', platform: 'emporium' });
    const [kept, gone] = run.created.map((c) => c.id);
    await server.site.db(EMP.customers).where({ id: gone }).delete();
    await server.site.db(EMP.customers).where({ id: kept }).update({ first_name: 'Edited' });
    const res = await context.request.get(`${server.origin}/sites/${server.site.id}/rest/seeder/v1/generated/records?run_id=${run.run_id}`);
    expect(res.status()).to.equal(200);
    const body = (await res.json()) as { data: Array<{ record_id: string; fields: Record<string, unknown> | null; admin_url: string | null }>; has_more: boolean };
    expect(body.has_more).to.equal(false);
    const byId = new Map(body.data.map((r) => [r.record_id, r]));
    expect(byId.get(String(kept))!.fields!.first_name).to.equal('Edited');
    expect(byId.get(String(kept))!.admin_url).to.equal(emporiumScreen('customer', String(kept)));
    expect([byId.get(String(gone))!.fields, byId.get(String(gone))!.admin_url]).to.deep.equal([null, null]);
    const bad = await context.request.get(`${server.origin}/sites/${server.site.id}/rest/seeder/v1/generated/records?limit=500`);
    expect(bad.status()).to.equal(422);
    expect(((await bad.json()) as { error: { code: string } }).error.code).to.equal('validation.invalid');
  });

  it("a run of products shows each product's picture, loaded from the site's uploads with the signed-in session", async () => {
    const { page, server } = session;
    await generate(req(), 'product_category', { count: 4, seed: 'rec-pic', platform: 'emporium' });
    const run = await generate(req(), 'product', { count: 3, seed: 'rec-pic', platform: 'emporium', product_type: 'physical' });
    await openSeeder(page, server, 'generated');
    const panel = page.locator('#panel-generated');
    await panel.locator(`tr[data-run-id="${run.run_id}"]`).getByRole('button', { name: /^View the records of the run of 3 products/ }).click();
    const records = panel.locator('.seeder-records');
    const rows = records.locator('tbody tr');
    await eventually(async () => expect(await rows.count()).to.equal(3));
    expect(await records.locator('thead th').allTextContents()).to.include('Picture');
    const images = records.locator('tbody img.seeder-thumb');
    expect(await images.count()).to.equal(3);
    const stored = new Map<string, string>(
      (await server.site.db(EMP.images).where({ position: 0 }).select('product_id', 'src')).map((r: { product_id: number; src: string }) => [String(r.product_id), r.src]),
    );
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      const id = (await row.getAttribute('data-record-id'))!;
      const img = row.locator('img.seeder-thumb');
      expect(await img.getAttribute('src')).to.equal(stored.get(id));
      expect(await img.getAttribute('alt')).to.equal(`Picture of Product ${id}`);
      // Drawn by the browser: the SVG came back as an image (a 401 or a wrong type would leave it broken).
      await eventually(async () => expect(await img.evaluate((el) => { const i = el as unknown as { complete: boolean; naturalWidth: number }; return i.complete && i.naturalWidth; })).to.equal(800));
    }
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
