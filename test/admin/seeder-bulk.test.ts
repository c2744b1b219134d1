/**
 * Bulk from the admin (issue 17 point 8) in real Chromium: a total above one request is made in
 * requests of 100 under one run id with the chunk seeds `panel seeder generate --total` uses, with a
 * progress bar that reaches the end and a result summary; "Undo this run" then removes all of it.
 * Cancel stops between two requests, and what was written stays in the ledger and can be undone.
 */
import { expect } from 'chai';
import type { Route } from 'playwright-core';
import { generate } from '../../controllers/generate.ts';
import { chunkSeed } from '../../controllers/runs.ts';
import { seedRowKeys } from '../../controllers/reruns.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { eventually } from '../support/eventually.ts';
import { ADMIN } from '../support/seeder.ts';
import { ledgerRows, openSeeder, runIdOf, seederAdminSession } from '../support/seeder-admin.ts';

describe('Seeder admin: many records in one run, with progress and Cancel', function () {
  this.timeout(300_000);
  const session = seederAdminSession(['emporium', 'seeder'], async ({ server }) => {
    for (const table of [EMP.orders, EMP.products, EMP.customers]) await server.site.db(table).delete();
  });
  const count = async (table: string) => Number((await session.server.site.db(table).count({ n: '*' }))[0].n);
  const prerequisites = async () => {
    const req = { site: session.server.site, actor: ADMIN };
    await generate(req, 'product', { count: 5, seed: 'bulk-goods' });
    await generate(req, 'customer', { count: 5, seed: 'bulk-buyers' });
  };

  it("the page's chunk seeds are the server's (short and long base seeds)", async () => {
    const { page, server } = session;
    await openSeeder(page, server, 'generate');
    const long = 'x'.repeat(60);
    const seeds: Array<[string, number]> = [['bulk', 0], ['bulk', 12], [long, 3]];
    const fromPage = await page.evaluate<string[]>(
      `(async () => { const bulk = await import(new URL('assets/bulk.js', location.href).href); return Promise.all(${JSON.stringify(seeds)}.map(([s, k]) => bulk.chunkSeed(s, k, 64))); })()`,
    );
    expect(fromPage).to.deep.equal([chunkSeed('bulk', 0), chunkSeed('bulk', 12), chunkSeed(long, 3)]);
  });

  it('1,000 orders: ten requests under one run, the progress bar reaches the end, the summary says what was made, and Undo removes all of it', async () => {
    const { page, server } = session;
    await prerequisites();
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('order');
    await panel.getByLabel('Seed').fill('bulk');
    // Count says where larger volumes go (its description is the hint, read as a screen reader would).
    expect(await panel.getByRole('spinbutton', { name: 'Count' }).getAttribute('aria-describedby').then((ids) => page.locator(`[id="${ids!.split(' ')[0]}"]`).textContent())).to.equal(
      '1 to 100 in one request. For more, fill in Total under "Many records" below.',
    );
    await panel.getByLabel('Total').fill('1000');
    // Every status the page shows while it works, as a person would have seen them.
    await page.evaluate(`(() => {
      const seen = (window.seen = []);
      const el = document.querySelector('.seeder-bulk-status');
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    })()`);
    let requests = 0;
    await page.route(/\/rest\/seeder\/v1\/orders\/generate$/, async (route: Route) => {
      requests += 1;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Run in batches' }).click();
    const report = panel.locator('.seeder-bulk-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Done: created 1,000 of 1,000 orders in Emporium'), { timeout: 240_000 });
    const runId = await runIdOf(report);
    const bar = panel.locator('.seeder-bulk progress');
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).to.deep.equal(['1000', '1000']);
    const seen = await page.evaluate<string[]>('window.seen');
    expect(seen.filter((t) => /^\d[\d,]* of 1,000 orders done · [\d,]+ per second · (about .+ left|finishing)$/.test(t))).to.have.length(10);
    expect(seen).to.include.members(seen.filter((t) => t.startsWith('100 of 1,000 orders done')));
    expect(requests).to.equal(10);
    expect(await report.locator('dl').textContent()).to.contain('Requests10 of 10').and.contain('Seedbulk');
    // One run in the ledger, made with the CLI's chunk seeds.
    const rows = await ledgerRows(server.site, runId);
    expect(rows).to.have.length(1000);
    expect(new Set(rows.map((r) => `${r.platform}/${r.resource}`))).to.deep.equal(new Set(['emporium/order']));
    const keys = await server.site.db(LEDGER_TABLE).where({ run_id: runId }).pluck('entity_key');
    const expected = Array.from({ length: 10 }, (_, k) => seedRowKeys('order', chunkSeed('bulk', k), 100)).flat();
    expect([...keys].sort()).to.deep.equal([...expected].sort());
    expect(await count(EMP.orders)).to.equal(1000);

    await report.getByRole('button', { name: 'Undo this run' }).click();
    const ask = page.getByRole('dialog', { name: 'Undo this run?' });
    await eventually(async () => expect(await ask.locator('.seeder-dialog-body').textContent()).to.equal('All 1,000 records this run wrote (orders) are deleted from Emporium. This cannot be undone.'));
    await ask.getByRole('button', { name: 'Undo the run' }).click();
    await report.locator('.seeder-undo-outcome', { hasText: 'Removed 1,000 records (Orders 1,000).' }).waitFor({ timeout: 120_000 });
    expect(await count(EMP.orders)).to.equal(0);
    expect(await ledgerRows(server.site, runId)).to.deep.equal([]);
  });

  it('Cancel stops between two requests: what was written stays in the ledger under the run and can be undone', async () => {
    const { page, server } = session;
    await prerequisites();
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Total').fill('500');
    // The second request waits until Cancel was pressed: Cancel then lets it finish and asks for no more.
    let release!: () => void;
    const cancelled = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route(/\/rest\/seeder\/v1\/customers\/generate$/, async (route: Route) => {
      requests += 1;
      if (requests === 2) await cancelled;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Run in batches' }).click();
    await panel.locator('.seeder-bulk-status', { hasText: '100 of 500 customers done' }).waitFor();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.locator('.seeder-bulk-status', { hasText: 'Stopping after the request under way' }).waitFor();
    release();
    const report = panel.locator('.seeder-bulk-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Cancelled: created 200 of 500 customers in Emporium'));
    expect(await report.locator('dl').textContent()).to.contain('Not asked for300 (cancelled)');
    expect(requests).to.equal(2);
    const runId = await runIdOf(report);
    expect(await ledgerRows(server.site, runId)).to.have.length(200);
    expect(await count(EMP.customers)).to.equal(205);
    await report.getByRole('button', { name: 'Undo this run' }).click();
    await page.getByRole('dialog', { name: 'Undo this run?' }).getByRole('button', { name: 'Undo the run' }).click();
    await report.locator('.seeder-undo-outcome', { hasText: 'Removed 200 records' }).waitFor();
    expect(await count(EMP.customers)).to.equal(5);
  });
});
