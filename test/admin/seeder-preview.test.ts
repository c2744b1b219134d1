/**
 * Issue 18 point 5 in real Chromium, two stores active and none chosen: the preview table is built from
 * the preview's columns (money for the request's locale and the row's currency, dates for that locale,
 * references by their label), says its references are stand-ins, and is axe-clean at 1366 and 390 px;
 * the settings screen shows the MCP switches a plugin decides (seeder_mcp_settings) beside what is stored.
 * Screenshots go to SCREENSHOT_DIR (default `.tmp/admin-screenshots`).
 */
import { expect } from 'chai';
import { preview } from '../../controllers/generate.ts';
import { expectAccessible, screenshot } from '../support/axe.ts';
import { eventually } from '../support/eventually.ts';
import { ADMIN } from '../support/seeder.ts';
import { openSeeder, seederAdminSession } from '../support/seeder-admin.ts';

describe('Seeder admin: the preview table from columns, and the MCP switches in effect', function () {
  this.timeout(120_000);
  const session = seederAdminSession(['emporium', 'cartwheel', 'seeder']);

  it('previews orders with no store chosen: stand-in customers by name, German euros, dates in German; axe-clean at 1366 and 390 px', async () => {
    const { page, server } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('order');
    await panel.getByLabel('Count').fill('3');
    await panel.getByLabel('Seed').fill('admin-cols');
    await panel.getByLabel('Locale').selectOption('de_DE');
    await panel.getByRole('button', { name: 'Preview' }).click();
    const table = panel.locator('.seeder-preview');
    await eventually(async () => expect(await table.locator('h3').textContent()).to.equal('Preview: 3 rows of orders'));

    // What the server answered for the same request (the columns and rows the screen renders).
    const expected = await preview({ site: server.site, actor: ADMIN }, 'order', { count: 3, seed: 'admin-cols', locale: 'de_DE' });
    expect(expected.references).to.equal('stand-in');
    const row = expected.rows[0] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).to.include.members(['Status', 'Customer', 'Total', 'Created']);
    expect(headers).not.to.include('Key');
    const first = table.locator('tbody tr.seeder-preview-row').first();
    expect(await first.locator('td[data-column="customer"]').textContent()).to.equal(row.customer.label);
    expect(row.customer.label).to.match(/\(.+@.+\)$/);
    const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: row.currency }).format(row.total_minor / 100);
    expect(await first.locator('td[data-column="total_minor"]').textContent()).to.equal(euros);
    expect(euros).to.contain('€');
    const created = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(row.created_at));
    expect(await first.locator('td[data-column="created_at"]').textContent()).to.equal(created);
    expect(await first.locator('td[data-column="status"]').textContent()).to.match(/^[A-Z][a-z ]+$/);
    await eventually(async () => expect(await table.textContent()).to.contain('stand-in records'));
    expect(await table.textContent()).not.to.contain('[object Object]');
    // A row's details show references by label too.
    await table.getByRole('button', { name: 'Row 1' }).click();
    const details = table.locator('.seeder-row-detail').first().locator('dl.seeder-record');
    expect(await details.locator(':scope > dd[data-field="customer"]').textContent()).to.equal(row.customer.label);

    await expectAccessible(page, 'the orders preview at 1366 px');
    await screenshot(page, 'seeder-preview-orders-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the orders preview at 390 px');
    await screenshot(page, 'seeder-preview-orders-390');
  });

  it('the settings screen says what a plugin decides: generate tools off in effect while the stored switch stays on', async () => {
    const { page, server } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    const dispose = server.site.hooks.addFilter('seeder_mcp_settings', (s) => ({ ...s, generate_tools: false }));
    try {
      await openSeeder(page, server, 'settings');
      const panel = page.locator('#panel-settings');
      await eventually(async () => expect(await panel.locator('.seeder-mcp-offered').textContent()).to.equal('Offered now: 21 tools, preview only (nothing can be written).'));
      expect(await panel.getByLabel('Generate tools').isChecked()).to.equal(true);
      expect(await panel.locator('.seeder-mcp-decided').textContent()).to.equal('A plugin decides, whatever is saved here: the generate tools off (saved: on).');
      await expectAccessible(page, 'the settings with a plugin deciding');
      await screenshot(page, 'seeder-settings-decided-1366');
    } finally {
      dispose();
    }
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    await eventually(async () => expect(await panel.locator('.seeder-mcp-offered').textContent()).to.equal('Offered now: 42 tools (21 preview, 21 generate).'));
    expect(await panel.locator('.seeder-mcp-decided').isHidden()).to.equal(true);
  });
});
