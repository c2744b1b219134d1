/**
 * The Seeder screen for people (issue 17, points 12 and 13) in real Chromium with two stores active:
 * axe-core finds no violation on any section, in the light and the dark theme, including with a
 * preview and an error showing; messages sit next to the action that caused them and focus moves to
 * the result; country names instead of codes; no doubled locale labels; the Auto option says what it
 * does with two stores; the MCP tool switches are locked while the server switch is off; the ledger
 * tables stack at 390 px with their Remove buttons on screen; a favicon. Screenshots at 1366 and 390
 * px, light and dark, go to SCREENSHOT_DIR (default `.tmp/admin-screenshots`).
 */
import { expect } from 'chai';
import { generate } from '../../controllers/generate.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { C as CW } from '../../stores/cartwheel/tables.ts';
import { axeViolations, screenshot } from '../support/axe.ts';
import { eventually } from '../support/eventually.ts';
import { ADMIN } from '../support/seeder.ts';
import { openSeeder, seederAdminSession, type SeederTab } from '../support/seeder-admin.ts';

const TABS: SeederTab[] = ['store', 'generate', 'recipes', 'sample-data', 'generated', 'settings'];

describe('Seeder admin: accessible in light and dark, readable at 1366 and 390 px', function () {
  this.timeout(180_000);
  const session = seederAdminSession(['emporium', 'cartwheel', 'seeder'], async ({ server }) => {
    for (const table of [EMP.customers, CW.customers]) await server.site.db(table).delete();
  });

  const clean = async (where: string) => {
    const violations = await axeViolations(session.page);
    expect(violations.map((v) => `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).to.deep.equal([]);
  };

  for (const scheme of ['light', 'dark'] as const) {
    it(`axe-core finds nothing on any section, nor with a preview and an error showing [${scheme}]`, async () => {
      const { page, server } = session;
      await page.emulateMedia({ colorScheme: scheme });
      await generate({ site: server.site, actor: ADMIN }, 'customer', { count: 2, seed: 'a11y', platform: 'emporium' });
      for (const tab of TABS) {
        await openSeeder(page, server, tab);
        await clean(`${scheme} ${tab}`);
      }
      await openSeeder(page, server, 'generate');
      const panel = page.locator('#panel-generate');
      await panel.getByLabel('Resource').selectOption('product');
      await panel.getByRole('button', { name: 'Preview' }).click();
      await panel.locator('.seeder-preview').waitFor();
      await panel.locator('.seeder-preview .seeder-disclosure').first().click();
      await clean(`${scheme} preview`);
      // An error next to the button: Generate with two stores and none chosen.
      await panel.getByRole('button', { name: 'Generate' }).click();
      await eventually(async () => expect(await panel.locator('.seeder-platform-picker .seeder-field-error').isVisible()).to.equal(true));
      await panel.getByLabel('Count').fill('0');
      await panel.getByRole('button', { name: 'Preview' }).click();
      await eventually(async () => expect(await panel.locator('.seeder-generate-form > .seeder-live .seeder-alert').textContent()).to.equal('Some fields need attention; see the messages next to them.'));
      await clean(`${scheme} error`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await screenshot(page, `seeder-generate-preview-1366-${scheme}`);
    });
  }

  it('Generate reports next to its buttons, moves focus to the result, and a new section starts without old messages', async () => {
    const { page, server } = session;
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Store to write to').selectOption('emporium');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('2');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const report = panel.locator('.seeder-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Created 2 of 2 customers in Emporium'));
    // The message is in the form, right after the buttons, and focus is on the result's heading.
    await eventually(async () => expect(await panel.locator('.seeder-actions + .seeder-live .seeder-status').textContent()).to.equal('Created 2 of 2 customers.'));
    await eventually(async () => expect(await page.evaluate('document.activeElement?.textContent')).to.equal('Created 2 of 2 customers in Emporium'));
    await page.getByRole('tab', { name: 'Recipes' }).click();
    await page.getByRole('tab', { name: 'Generate', exact: true }).click();
    expect((await panel.locator('.seeder-status').allTextContents()).join('')).to.equal('');
  });

  it('countries by name, locales labelled once, an honest Auto, MCP tool switches locked while the server is off, a favicon', async () => {
    const { page, server } = session;
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('customer');
    const focus = panel.getByRole('group', { name: 'Country focus' });
    await eventually(async () => expect(await focus.getByRole('checkbox', { name: 'Germany' }).count()).to.equal(1));
    expect(await focus.getByRole('checkbox', { name: 'DE', exact: true }).count()).to.equal(0);
    await focus.getByRole('checkbox', { name: 'Germany' }).check();
    expect(await focus.getByRole('checkbox', { name: 'Germany' }).getAttribute('value')).to.equal('DE');
    const locales = await panel.getByLabel('Locale').locator('option').allTextContents();
    expect(locales.filter((l) => /\(([a-z]{2}_[A-Z]{2})\).*\(\1\)/.test(l))).to.deep.equal([]);
    expect(locales).to.include('Austrian German (at_AT)');
    // Hints speak to people: no parameter names, no CLI commands.
    const hints = (await panel.locator('.hint').allTextContents()).join('\n');
    expect(hints.match(/\b[a-z]+_[a-z_]+\b|npx |--[a-z]+/g)).to.equal(null);

    await page.getByRole('tab', { name: 'Store to write to' }).click();
    const auto = page.locator('#panel-store').getByRole('radio', { name: 'Auto' });
    const hint = await page.locator(`#${await auto.getAttribute('aria-describedby')}`).textContent();
    expect(hint).to.contain('Several stores are active (Emporium, Cartwheel)').and.not.contain('only active store');

    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.locator('#panel-settings');
    const server_ = settings.getByRole('checkbox', { name: 'MCP server on' });
    if (!(await server_.isChecked())) await server_.check();
    await eventually(async () => expect(await settings.getByRole('checkbox', { name: 'Generate tools' }).isEnabled()).to.equal(true));
    await server_.uncheck();
    await eventually(async () => expect(await settings.getByRole('checkbox', { name: 'Preview tools' }).isDisabled()).to.equal(true));
    expect(await settings.getByRole('checkbox', { name: 'Generate tools' }).isDisabled()).to.equal(true);

    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const res = await session.context.request.get(new URL(icon!, server.origin).href);
    expect([res.status(), res.headers()['content-type']]).to.deep.equal([200, 'image/svg+xml']);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`at 390 px the ledger tables stack and every Remove button is on screen; screenshots [${scheme}]`, async () => {
      const { page, server } = session;
      await page.emulateMedia({ colorScheme: scheme });
      await generate({ site: server.site, actor: ADMIN }, 'customer', { count: 3, seed: 'narrow-e', platform: 'emporium' });
      await generate({ site: server.site, actor: ADMIN }, 'customer', { count: 2, seed: 'narrow-c', platform: 'cartwheel' });
      await page.setViewportSize({ width: 390, height: 844 });
      await openSeeder(page, server, 'generated');
      const buttons = page.locator('#panel-generated .seeder-table button');
      await eventually(async () => expect(await buttons.count()).to.equal(8));
      for (const box of await Promise.all((await buttons.all()).map((b) => b.boundingBox()))) {
        expect(box!.x).to.be.at.least(0);
        expect(box!.x + box!.width).to.be.at.most(390);
      }
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(390);
      await clean(`${scheme} 390 ledger`);
      await screenshot(page, `seeder-generated-390-${scheme}`);
      await openSeeder(page, server, 'generate');
      await screenshot(page, `seeder-generate-390-${scheme}`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await openSeeder(page, server, 'generated');
      await screenshot(page, `seeder-generated-1366-${scheme}`);
    });
  }

  it('error text for people: a refusal repeated per record is one line, network codes are said in words', async () => {
    const { page, server } = session;
    await openSeeder(page, server, 'generate');
    const lines = await page.evaluate<string[]>(`(async () => {
      const dom = await import(new URL('assets/dom.js', location.href).href);
      return dom.groupMessages([
        'SKU "CRE-OTZEC" is already used by another product.',
        'SKU "WAP-PFF07" is already used by another product.',
        'SKU "EW-Q0UM2" is already used by another product.',
        'Email is required.',
        'de_DE: getaddrinfo ENOTFOUND data.example.org',
      ]);
    })()`);
    expect(lines).to.deep.equal([
      'SKU "CRE-OTZEC" is already used by another product (and 2 more like it).',
      'Email is required.',
      'The download server’s name could not be found (no internet connection, or a wrong address).',
    ]);
  });
});
