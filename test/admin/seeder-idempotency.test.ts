/**
 * The admin's writes carry an Idempotency-Key (issue 15, point 7), in real Chromium: when the answer to
 * Generate or to a batch of "Undo this run" is lost on the way back (the server wrote, the browser saw a
 * network failure), the page sends the same request again with the same key and shows what the server
 * did the first time; nothing is written twice.
 */
import { expect } from 'chai';
import type { Route } from 'playwright-core';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { ledgerRows, openSeeder, runIdOf, seederAdminSession } from '../support/seeder-admin.ts';
import { eventually } from '../support/eventually.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(`Seeder admin: retried writes never write twice [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(60_000);
  const session = seederAdminSession(['emporium', 'seeder']);

  /** Lets the first matching request reach the server, then drops its answer; later ones pass. Returns what each request carried and got. */
  async function loseFirstAnswer(pattern: RegExp, method: string) {
    const { page } = session;
    const sent: Array<{ key: string | undefined; replayed: string | undefined; status: number | undefined }> = [];
    await page.route(pattern, async (route: Route) => {
      const request = route.request();
      if (request.method() !== method) return route.continue();
      // Fetched outside the page, so the browser's own Sec-Fetch-Site is added back (the host's CSRF check).
      const response = await route.fetch({ headers: { ...request.headers(), 'sec-fetch-site': 'same-origin' } });
      sent.push({ key: request.headers()['idempotency-key'], replayed: response.headers()['idempotent-replayed'], status: response.status() });
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    return sent;
  }

  it('Generate whose answer is lost is sent again with the same key: the page shows the stored answer and the rows are written once', async () => {
    const { page, server } = session;
    const sent = await loseFirstAnswer(/\/rest\/seeder\/v1\/customers\/generate$/, 'POST');
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('3');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const report = panel.locator('.seeder-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Created 3 of 3 customers in Emporium'));
    const runId = await runIdOf(report);
    expect(sent).to.have.length(2);
    expect(sent[0]!.key).to.match(UUID);
    expect(sent[1]!.key).to.equal(sent[0]!.key);
    expect(sent[0]!.replayed).to.equal(undefined);
    expect(sent[1]!.replayed).to.equal('true');
    expect((await ledgerRows(server.site)).map((r) => r.run_id)).to.deep.equal([runId, runId, runId]);

    // Another Generate is another request: a new key.
    await page.unroute(/\/rest\/seeder\/v1\/customers\/generate$/);
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/customers/generate')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await panel.getByLabel('Seed').fill('another');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await eventually(async () => expect(await ledgerRows(server.site)).to.have.length(6));
    expect(keys).to.have.length(1);
    expect(keys[0]).to.match(UUID).and.not.equal(sent[0]!.key);
  });

  it('"Undo this run": a batch whose answer is lost is sent again with its key, and the page reports what that batch removed', async () => {
    const { page, server } = session;
    await openSeeder(page, server, 'generate');
    const panel = page.locator('#panel-generate');
    await panel.getByLabel('Resource').selectOption('customer');
    await panel.getByLabel('Count').fill('4');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const report = panel.locator('.seeder-report');
    await eventually(async () => expect(await report.locator('h3').textContent()).to.equal('Created 4 of 4 customers in Emporium'));
    const sent = await loseFirstAnswer(/\/rest\/seeder\/v1\/generated$/, 'DELETE');
    await report.getByRole('button', { name: 'Undo this run' }).click();
    await page.getByRole('dialog', { name: 'Undo this run?' }).getByRole('button', { name: 'Undo the run' }).click();
    // Without the key, the second batch would find nothing left and report "Removed 0 records".
    await eventually(async () => expect(await report.locator('.seeder-undo-outcome').textContent()).to.contain('Removed 4 records'));
    expect(sent.map((s) => s.status)).to.deep.equal([200, 200]);
    expect(sent[0]!.key).to.match(UUID);
    expect(sent[1]).to.include({ key: sent[0]!.key, replayed: 'true' });
    expect(await ledgerRows(server.site)).to.deep.equal([]);
  });
});
