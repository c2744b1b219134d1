/**
 * A running server sees what another process changes: activating or deactivating a plugin with the
 * CLI, beside `panel serve`, takes effect at the server's next request, without a restart (issue 15
 * point 1, as the README's own workflow runs it).
 */
import path from 'node:path';
import { expect } from 'chai';
import { DATABASE_TARGETS, tempDir } from '../support/databases.ts';
import { OWNER, ownerToken, runPanelAsync, serveEnv, servePanel } from '../support/cli.ts';
import { launchBrowser, signInContext } from '../support/browser.ts';

for (const target of DATABASE_TARGETS) {
  describe(`a plugin activated by another process [${target.label}]`, function () {
    this.timeout(180_000);

    it('is applied by the running server at its next request, and a deactivation is too', async () => {
      const env = serveEnv(target.freshConfig(), path.join(tempDir(), 'data'));
      const server = await servePanel(env);
      try {
        const { url } = server;
        const token = await ownerToken(env, 'live');
        const platforms = async () => {
          const res = await fetch(`${url}/sites/default/rest/seeder/v1/platforms`, { headers: { authorization: `Bearer ${token}` } });
          expect(res.status).to.equal(200);
          const body = (await res.json()) as { platforms: Array<{ id: string; active: boolean }> };
          return body.platforms.filter((p) => p.active).map((p) => p.id).sort();
        };
        expect(await platforms()).to.deep.equal(['emporium']);

        const activated = await runPanelAsync(['plugin', 'activate', 'cartwheel', '--site', 'default'], env);
        expect(activated.code, activated.stderr).to.equal(0);
        // The next request of the running server: no restart, no wait.
        expect(await platforms()).to.deep.equal(['cartwheel', 'emporium']);
        const preview = await fetch(`${url}/sites/default/rest/seeder/v1/customers/preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ count: 1, platform: 'cartwheel' }),
        });
        expect(preview.status).to.equal(200);

        const deactivated = await runPanelAsync(['plugin', 'deactivate', 'cartwheel', '--site', 'default'], env);
        expect(deactivated.code, deactivated.stderr).to.equal(0);
        expect(await platforms()).to.deep.equal(['emporium']);
      } finally {
        expect(await server.stop()).to.equal(0);
      }
    });

    it('the admin screen shows a store activated from another terminal once it is reloaded, with no restart', async () => {
      const env = serveEnv(target.freshConfig(), path.join(tempDir(), 'data'));
      const server = await servePanel(env);
      const browser = await launchBrowser();
      try {
        const { url } = server;
        const context = await browser.newContext();
        await signInContext(context, url, OWNER);
        const page = await context.newPage();
        const storeTab = async () => {
          await page.goto(`${url}/sites/default/admin/seeder/#store`);
          await page.reload();
          await page.locator('#panel-store:not([hidden])').waitFor();
          return page.locator('#panel-store');
        };
        let panel = await storeTab();
        await panel.getByRole('radio', { name: 'Emporium' }).waitFor();
        expect(await panel.getByRole('radio', { name: 'Cartwheel' }).count()).to.equal(0);

        // Another terminal, while the server runs (asynchronously, so the page's connections stay live).
        const activated = await runPanelAsync(['plugin', 'activate', 'cartwheel', '--site', 'default'], env);
        expect(activated.code, activated.stderr).to.equal(0);
        panel = await storeTab();
        await panel.getByRole('radio', { name: 'Cartwheel' }).waitFor();
        // For a person to look at: SCREENSHOT_DIR=... npx mocha test/panel/live-plugins.test.ts
        if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `live-store-${target.label}.png`), fullPage: true });
      } finally {
        await browser.close();
        expect(await server.stop()).to.equal(0);
      }
    });
  });
}
