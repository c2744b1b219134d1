/**
 * The Seeder admin screen's Settings tab in real Chromium: the MCP settings (what the tab stores is
 * what an MCP client over Streamable HTTP is then offered) and who may use the Seeder (the allowed
 * roles). Both are saved at once with a fresh sign-in, behind the password dialog of step-up with an
 * old one, and read-only for operators without manage_options (issue 13 point 7 for the MCP settings).
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RESOURCES } from '../../generators/resources.ts';
import { MAX_COUNT_PER_REQUEST } from '../../generators/schema.ts';
import { systemClock } from '../../panel/auth/clock.ts';
import { Tokens } from '../../panel/auth/tokens.ts';
import type { Role } from '../../panel/roles.ts';
import { ALLOWED_ROLES_OPTION, allowedRoles } from '../../controllers/access.ts';
import { MCP_SETTINGS_OPTION, mcpSettings } from '../../controllers/settings.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { openSeeder } from '../support/seeder-admin.ts';
import { connectHttp } from '../mcp/support.ts';
import { eventually } from '../support/eventually.ts';

const STEP_UP_AGE_MS = 5 * 60_000;

describe(`Seeder admin: Settings [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  let server: AdminServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0]);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await server.site.options.delete(MCP_SETTINGS_OPTION);
    await server.site.options.delete(ALLOWED_ROLES_OPTION);
  });

  /** A new operator of `role`, signed in in a context of its own, on the Settings tab. */
  const signedIn = async (role: Role) => {
    const who = await server.operator(role);
    const context = await browser.newContext();
    contexts.push(context);
    await signInContext(context, server.origin, who);
    page = await context.newPage();
    return who;
  };
  /** Sets the operator's last full authentication back, as if they had signed in `ms` ago. */
  const ageSignIn = (operatorId: number, ms: number) =>
    server.kernel.panelDb('auth_sessions').where({ operator_id: operatorId }).update({ last_full_auth_at: new Date(Date.now() - ms).toISOString() });
  const lastFullAuth = async (operatorId: number) =>
    Date.parse(String((await server.kernel.panelDb('auth_sessions').where({ operator_id: operatorId }).first('last_full_auth_at')).last_full_auth_at));
  /** The status line under the last form saved (each form has its own, next to its button). */
  const statusText = async () => (await page.locator('#panel-settings .seeder-status').allTextContents()).join('');
  const waitForStatus = (text: string) => page.locator('.seeder-status', { hasText: text }).waitFor();
  const focusedIs = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el.matches(':focus'));

  it('switching the generate tools off is stored, and an MCP client over HTTP is then offered only the 21 preview tools', async () => {
    const admin = await signedIn('administrator');
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    await eventually(async () => expect(await panel.locator('.seeder-mcp-offered').textContent()).to.equal('Offered now: 42 tools (21 preview, 21 generate).'));
    await eventually(async () => expect(await panel.locator('.seeder-mcp-url').textContent()).to.equal(`${server.origin}/sites/shop/rest/seeder/v1/mcp`));
    await eventually(async () => expect(await panel.locator('.seeder-mcp-command').textContent()).to.equal(`npx panel seeder mcp --site=shop --user=${admin.email}`));
    await eventually(async () => expect(await panel.getByLabel('MCP server on').isChecked()).to.equal(true));
    await eventually(async () => expect(await panel.getByLabel('Preview tools').isChecked()).to.equal(true));
    // The batch size shown is the schema's count maximum, not a number of the screen's own.
    await eventually(async () => expect(await panel.textContent()).to.contain(`each writes up to ${MAX_COUNT_PER_REQUEST} records per call`));

    // The button and the switches stay disabled while the request runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/seeder/v1/mcp-settings', async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByLabel('Generate tools').uncheck();
    await panel.getByRole('button', { name: 'Save MCP settings' }).click();
    await panel.locator('.seeder-mcp-form button[disabled]').waitFor();
    await eventually(async () => expect(await panel.getByLabel('Generate tools').isDisabled()).to.equal(true));
    release();
    await waitForStatus('MCP settings saved.');
    await eventually(async () => expect(await statusText()).to.equal('MCP settings saved. Offered now: 21 tools, preview only (nothing can be written).'));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Save MCP settings' }).isEnabled()).to.equal(true));
    expect(await mcpSettings(server.site)).to.deep.equal({ enabled: true, preview_tools: true, generate_tools: false });

    const tokens = new Tokens(() => server.kernel.panelDb, systemClock, server.kernel.config.env);
    const client = await connectHttp(server.origin, (await tokens.create(admin.id, { name: 'settings test' })).token);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).to.have.members(RESOURCES.map((r) => `preview-${r.base}`));
      expect(names).to.have.length(21);
    } finally {
      await client.close();
    }

    // The payload carries the stored settings: a fresh load shows them at once.
    await openSeeder(page, server, 'settings');
    await eventually(async () => expect(await panel.getByLabel('Generate tools').isChecked()).to.equal(false));
    await eventually(async () => expect(await panel.locator('.seeder-mcp-offered').textContent()).to.equal('Offered now: 21 tools, preview only (nothing can be written).'));
  });

  it('allowing the viewer role with a fresh sign-in saves at once, without asking for the password', async () => {
    await signedIn('administrator');
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    await eventually(async () => expect(await panel.locator('.seeder-capability code').textContent()).to.equal('manage_options'));
    // Administrators hold the capability: their box is ticked and locked.
    await eventually(async () => expect(await panel.getByLabel('Administrator').isChecked()).to.equal(true));
    await eventually(async () => expect(await panel.getByLabel('Administrator').isDisabled()).to.equal(true));
    await eventually(async () => expect(await panel.getByLabel('Viewer').isChecked()).to.equal(false));

    await panel.getByLabel('Viewer').check();
    await panel.getByRole('button', { name: 'Save access' }).click();
    await waitForStatus('Access saved.');
    await eventually(async () => expect(await statusText()).to.equal('Access saved. Allowed besides the capability: Viewer.'));
    await eventually(async () => expect(await page.locator('dialog').count()).to.equal(0));
    expect(await allowedRoles(server.site)).to.deep.equal(['viewer']);
    await eventually(async () => expect(await panel.locator('.seeder-access-summary [data-role="viewer"]').textContent()).to.equal('Viewer: may use it (allowed by an administrator)'));
  });

  it('with a sign-in older than 5 minutes, saving access asks for the password: Escape cancels, a wrong password changes nothing, the right one saves', async () => {
    const admin = await signedIn('administrator');
    await ageSignIn(admin.id, STEP_UP_AGE_MS + 60_000);
    const before = await lastFullAuth(admin.id);
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    const save = panel.getByRole('button', { name: 'Save access' });
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await panel.getByLabel('Editor').check();

    // Escape cancels: nothing saved, focus back on the button that opened the dialog.
    await save.click();
    await dialog.waitFor();
    await eventually(async () => expect(await focusedIs(dialog.getByLabel('Password'))).to.equal(true));
    await eventually(async () => expect(await dialog.textContent()).to.contain('Changing who may use the Seeder needs a sign-in within the last 5 minutes.'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForStatus('Access not changed');
    await eventually(async () => expect(await statusText()).to.equal('Access not changed: the password was not confirmed.'));
    await eventually(async () => expect(await focusedIs(save)).to.equal(true));
    expect(await allowedRoles(server.site)).to.deep.equal([]);

    // A wrong password: the API's error in the dialog, which stays open; nothing saved, the session as it was.
    await save.click();
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Not confirmed' }).waitFor();
    await eventually(async () => expect(await dialog.getByRole('alert').textContent()).to.equal('Not confirmed: The password is not correct.'));
    await eventually(async () => expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).to.equal('true'));
    await eventually(async () => expect(await focusedIs(dialog.getByLabel('Password'))).to.equal(true));
    expect(await allowedRoles(server.site)).to.deep.equal([]);
    expect(await lastFullAuth(admin.id)).to.equal(before);

    // The right password: step-up, then the save is retried once and succeeds.
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForStatus('Access saved.');
    await eventually(async () => expect(await statusText()).to.equal('Access saved. Allowed besides the capability: Editor.'));
    expect(await allowedRoles(server.site)).to.deep.equal(['editor']);
    expect(await lastFullAuth(admin.id)).to.be.greaterThan(Date.now() - 60_000);
    await eventually(async () => expect(await focusedIs(save)).to.equal(true));
    await eventually(async () => expect((await page.locator('#panel-settings .seeder-alert').allTextContents()).join('')).to.equal(''));
  });

  it('a viewer allowed to use the Seeder sees who may use it read-only, with who can change it', async () => {
    await server.site.options.set(ALLOWED_ROLES_OPTION, ['viewer']);
    await signedIn('viewer');
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    await eventually(async () => expect(await panel.locator('.seeder-access-summary li').allTextContents()).to.deep.equal([
      'Administrator: may use it (holds "manage_options")',
      'Editor: may not use it',
      'Viewer: may use it (allowed by an administrator)',
    ]));
    await eventually(async () => expect(await panel.getByRole('region', { name: 'Who may use the Seeder' }).locator('.seeder-read-only').textContent()).to.contain(
      'Only an administrator (the "manage_options" capability) can change who may use the Seeder',
    ));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Save access' }).count()).to.equal(0));
    await eventually(async () => expect(await panel.locator('input[name="allowed_roles"]').count()).to.equal(0));
  });

  it('with a sign-in older than 5 minutes, switching the generate tools off asks for the password, and the change is saved once it is confirmed', async () => {
    const admin = await signedIn('administrator');
    await ageSignIn(admin.id, STEP_UP_AGE_MS + 60_000);
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    const save = panel.getByRole('button', { name: 'Save MCP settings' });
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });

    await panel.getByLabel('Generate tools').uncheck();
    await save.click();
    await dialog.waitFor();
    await eventually(async () => expect(await dialog.textContent()).to.contain('Changing the MCP tools needs a sign-in within the last 5 minutes.'));
    // Refused, not yet saved: the dialog is up and the stored settings are as before.
    expect(await mcpSettings(server.site)).to.deep.equal({ enabled: true, preview_tools: true, generate_tools: true });

    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForStatus('MCP settings saved.');
    await eventually(async () => expect(await statusText()).to.equal('MCP settings saved. Offered now: 21 tools, preview only (nothing can be written).'));
    expect(await mcpSettings(server.site)).to.deep.equal({ enabled: true, preview_tools: true, generate_tools: false });
    expect(await lastFullAuth(admin.id)).to.be.greaterThan(Date.now() - 60_000);
    await eventually(async () => expect(await focusedIs(save)).to.equal(true));
  });

  it('an editor allowed to use the Seeder sees the MCP switches disabled, with who can change them, and no Save button', async () => {
    await server.site.options.set(ALLOWED_ROLES_OPTION, ['editor']);
    await server.site.options.set(MCP_SETTINGS_OPTION, { generate_tools: false });
    await signedIn('editor');
    await openSeeder(page, server, 'settings');
    const panel = page.locator('#panel-settings');
    const form = panel.locator('.seeder-mcp-form');
    for (const name of ['MCP server on', 'Preview tools', 'Generate tools']) await eventually(async () => expect(await form.getByLabel(name).isDisabled(), name).to.equal(true));
    // Read-only, yet showing the state the administrator stored.
    await eventually(async () => expect(await form.getByLabel('Generate tools').isChecked()).to.equal(false));
    await eventually(async () => expect(await form.getByLabel('Preview tools').isChecked()).to.equal(true));
    await eventually(async () => expect(await panel.locator('.seeder-mcp-offered').textContent()).to.equal('Offered now: 21 tools, preview only (nothing can be written).'));
    const note = form.locator('.seeder-read-only');
    await eventually(async () => expect(await note.textContent()).to.contain('Only an administrator (the "manage_options" capability) can switch the MCP server or its tools'));
    await eventually(async () => expect(await form.getByRole('group', { name: 'Tools offered to MCP clients' }).getAttribute('aria-describedby')).to.equal(await note.getAttribute('id')));
    await eventually(async () => expect(await panel.getByRole('button', { name: 'Save MCP settings' }).count()).to.equal(0));
  });
});
