/**
 * Several panel processes on one database, as issue 15 point 6 asks users to run them: three real
 * `panel serve` processes on one MariaDB (two on one SQLite data folder, which is how a developer runs
 * the CLI beside a server), with the real CLI as a fourth. What one process or the CLI changes, every
 * other sees at its next request; concurrent writes on all of them leave the ledger and the store equal,
 * row by row; a cleanup on one removes what the others wrote.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { Databases } from '../../panel/database.ts';
import { DATABASE_TARGETS, tempDir } from '../support/databases.ts';
import { ownerToken, runPanelAsync, serveEnv, servePanel, type CliResult, type ServerProcess as Server } from '../support/cli.ts';
import { everyResourceAtOnce } from '../support/every-resource.ts';
import { storedOrders } from '../support/stored-orders.ts';

for (const target of DATABASE_TARGETS) {
  const count = target.label === 'sqlite' ? 2 : 3;

  describe(`${count} panel processes on one ${target.label} database`, function () {
    this.timeout(240_000);
    const config = target.freshConfig();
    const env = serveEnv(config, path.join(tempDir(), 'data'), {
      PANEL_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      // Per token, per minute: the tests' own token stays well under it; one test spends a second token's.
      PANEL_RATE_LIMIT: '100',
    });
    const servers: Server[] = [];
    let token = '';
    let databases: Databases;
    let site: Knex;

    const call = async (server: Server, method: string, route: string, body?: unknown, siteId = 'default') => {
      const res = await fetch(`${server.url}/sites/${siteId}/rest/seeder/v1/${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((e: Error) => {
        throw new Error(`${method} ${route} on ${server.url}: ${e.message} (${String(e.cause)})\n${server.errors()}`);
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const ok = async (server: Server, method: string, route: string, body?: unknown, siteId = 'default') => {
      const r = await call(server, method, route, body, siteId);
      expect(r.status, `${JSON.stringify(r.body)}\n${r.status >= 500 ? server.errors() : ''}`).to.be.oneOf([200, 201]);
      return r.body;
    };
    const activePlatforms = async (server: Server) =>
      ((await ok(server, 'GET', 'platforms')).platforms as Array<{ id: string; active: boolean }>).filter((p) => p.active).map((p) => p.id).sort();
    /** The generated ids of one resource on one store, from the ledger and from the store's own table. */
    const ledgerAndStore = async (platform: string, resource: string, table: string) => {
      const ledger = (await site(LEDGER_TABLE).where({ platform, resource }).pluck('record_id')).map(String).sort();
      const stored = (await site(table).pluck('id')).map(String).sort();
      return { ledger, stored };
    };

    before(async () => {
      // The first start (migrations, site `default`, the owner) is done once; the others join a ready database.
      while (servers.length < count) servers.push(await servePanel(env));
      token = await ownerToken(env, 'processes');
      databases = await Databases.open({ url: config.databaseUrl, dataDir: env.PANEL_DATA_DIR! });
      site = await databases.site('default');
    });

    after(async () => {
      for (const s of servers) expect(await s.stop()).to.equal(0);
      if (databases) {
        await databases.dropAll(['default', 'sharded', 'whole']);
        await databases.close();
      }
    });

    it('a request budget spent across two processes is spent on every process (429 on the last)', async () => {
      const budget = await ownerToken(env, 'budget');
      const get = (server: Server) => fetch(`${server.url}/sites/default/rest/seeder/v1/platforms`, { headers: { authorization: `Bearer ${budget}` } });
      const spent = await Promise.all(Array.from({ length: 100 }, (_, i) => get(servers[i % 2]!)));
      expect(spent.map((r) => r.status)).to.deep.equal(Array(100).fill(200));
      // The remaining counts reached 0 between them: each process saw the other's spending.
      expect(spent.map((r) => Number(r.headers.get('x-ratelimit-remaining')))).to.include(0);
      const refused = await get(servers.at(-1)!);
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).to.equal('rate_limit.exceeded');
    });

    it('a plugin activated or deactivated by the CLI is seen by every process at its next request', async () => {
      for (const s of servers) expect(await activePlatforms(s)).to.deep.equal(['emporium']);
      // Asynchronously: a test blocked on a child process would reuse a kept-alive socket the server closed meanwhile.
      const activated = await runPanelAsync(['plugin', 'activate', 'cartwheel', '--site', 'default'], env);
      expect(activated.code, activated.stderr).to.equal(0);
      for (const s of servers) expect(await activePlatforms(s)).to.deep.equal(['cartwheel', 'emporium']);
      const deactivated = await runPanelAsync(['plugin', 'deactivate', 'cartwheel', '--site', 'default'], env);
      expect(deactivated.code, deactivated.stderr).to.equal(0);
      for (const s of servers) expect(await activePlatforms(s)).to.deep.equal(['emporium']);
    });

    it('an option changed on one process, or by the CLI, is what the next request on every process reads (the options each keeps follow)', async () => {
      const stored = async (server: Server) => (await ok(server, 'GET', 'mcp-settings')).stored as { enabled: boolean; generate_tools: boolean };
      // Every process reads the option first, so each keeps it from here on.
      const first = await Promise.all(servers.map(stored));
      for (const seen of first) expect(seen).to.deep.equal(first[0]);
      const original = first[0]!;
      try {
        // Changed through each process's API in turn: every other process answers the new value at once.
        for (const [i, writer] of servers.entries()) {
          const generate_tools = i % 2 === 0 ? !original.generate_tools : original.generate_tools;
          await ok(writer, 'POST', 'mcp-settings', { generate_tools });
          for (const s of servers) expect((await stored(s)).generate_tools, `process ${servers.indexOf(s) + 1} after process ${i + 1} wrote`).to.equal(generate_tools);
        }
        // Changed by the CLI, a process none of the servers knows of.
        const value = JSON.stringify({ ...original, enabled: !original.enabled });
        const cli = await runPanelAsync(['option', 'set', 'seeder_mcp_settings', value, '--site', 'default'], env);
        expect(cli.code, cli.stderr).to.equal(0);
        for (const s of servers) expect((await stored(s)).enabled).to.equal(!original.enabled);
        // And removed by it: every process falls back to the defaults.
        const removed = await runPanelAsync(['option', 'delete', 'seeder_mcp_settings', '--site', 'default'], env);
        expect(removed.code, removed.stderr).to.equal(0);
        const defaults = await stored(servers[0]!);
        for (const s of servers) expect(await stored(s)).to.deep.equal(defaults);
      } finally {
        await ok(servers[0]!, 'POST', 'mcp-settings', original);
      }
    });

    it("a record written on one process is in the next request's view on another (the existing-record cache follows)", async () => {
      const [a, b] = servers as [Server, Server];
      // Refunds need orders: process A learns (and caches) that there are none.
      const before = await call(a, 'POST', 'refunds/preview', { count: 1, platform: 'emporium' });
      expect(before.status, JSON.stringify(before.body)).to.equal(409);
      expect(before.body.error.code).to.equal('generation.missing_prerequisite');
      await ok(b, 'POST', 'products/generate', { count: 5, seed: 'processes-products', platform: 'emporium' });
      await ok(b, 'POST', 'customers/generate', { count: 5, seed: 'processes-customers', platform: 'emporium' });
      await ok(b, 'POST', 'orders/generate', { count: 3, seed: 'processes-first-orders', platform: 'emporium' });
      // A's very next request, well within the cache's age limit, sees B's orders.
      const after = await ok(a, 'POST', 'refunds/preview', { count: 1, platform: 'emporium' });
      expect(after.rows).to.have.length(1);
    });

    it('concurrent generates on every process leave the ledger and the store equal, row by row', async () => {
      const perServer = 3;
      const results = await Promise.all(
        servers.flatMap((s, i) =>
          Array.from({ length: perServer }, (_, j) => ok(s, 'POST', 'orders/generate', { count: 40, seed: `processes-${i}-${j}`, platform: 'emporium' })),
        ),
      );
      for (const r of results) expect(r).to.include({ created_count: 40, failed: 0 });
      const { ledger, stored } = await ledgerAndStore('emporium', 'order', 'emp_orders');
      expect(ledger).to.have.length(3 + servers.length * perServer * 40);
      expect(stored).to.deep.equal(ledger);
      const claimed = results.flatMap((r) => (r.created as Array<{ id: string }>).map((c) => String(c.id)));
      expect(ledger).to.include.members(claimed);
    });

    it('every resource, generated on every process at once: each answer is exactly what its seed holds in the ledger', async () => {
      // A token of its own: its 66 requests would spend most of the shared token's budget (PANEL_RATE_LIMIT).
      await everyResourceAtOnce(servers, await ownerToken(env, 'every-resource'), async (prefix) => [
        (await site(LEDGER_TABLE).where('entity_key', 'like', `${prefix}%`).pluck('record_id')).map(String),
      ]);
    });

    it('a cleanup on one process removes what every process wrote', async () => {
      const last = servers.at(-1)!;
      // Each call removes up to its limit and says how many remain.
      let removed = await ok(last, 'DELETE', 'generated');
      for (let calls = 1; removed.remaining > 0 && calls < 50; calls++) removed = await ok(last, 'DELETE', 'generated');
      expect(removed.remaining).to.equal(0);
      for (const [resource, table] of [['order', 'emp_orders'], ['product', 'emp_products'], ['customer', 'emp_customers']] as const) {
        const { ledger, stored } = await ledgerAndStore('emporium', resource, table);
        expect(ledger, resource).to.deep.equal([]);
        expect(stored, resource).to.deep.equal([]);
      }
      // And the others' next previews know it: no orders, so no refunds.
      const refund = await call(servers[0]!, 'POST', 'refunds/preview', { count: 1, platform: 'emporium' });
      expect(refund.body.error.code).to.equal('generation.missing_prerequisite');
    });

    it('concurrent cleanups on every process count each record once: their deleted figures add up to what the ledger held', async () => {
      await Promise.all(servers.map((s, i) => ok(s, 'POST', 'customers/generate', { count: 60, seed: `race-${i}`, platform: 'emporium' })));
      const held = (await site(LEDGER_TABLE).pluck('id')).length;
      expect(held).to.equal(60 * servers.length);
      let deleted = 0;
      for (let round = 0; round < 20; round++) {
        // Every process at once, twice each, over the same newest rows.
        const answers = await Promise.all(servers.flatMap((s) => [ok(s, 'DELETE', 'generated?limit=50'), ok(s, 'DELETE', 'generated?limit=50')]));
        deleted += answers.reduce((n, a) => n + Number(a.deleted), 0);
        if (answers.every((a) => a.remaining === 0)) break;
      }
      expect(deleted).to.equal(held);
      const { ledger, stored } = await ledgerAndStore('emporium', 'customer', 'emp_customers');
      expect(ledger).to.deep.equal([]);
      expect(stored).to.deep.equal([]);
    });

    it('a bulk run split over every process equals, row for row, one unsharded run', async () => {
      const cli = async (args: string[]) => {
        const r: CliResult = await runPanelAsync(args, env);
        expect(r.code, r.stderr).to.equal(0);
        return r;
      };
      const user = '--user=admin@example.com';
      // Two shops given the same products and customers the same way.
      for (const id of ['sharded', 'whole']) {
        await cli(['site', 'add', id, '--plugins', 'emporium,seeder']);
        await cli(['seeder', 'generate', 'products', '--count=8', '--seed=bulk-shop', user, `--site=${id}`]);
        await cli(['seeder', 'generate', 'customers', '--count=8', '--seed=bulk-shop', user, `--site=${id}`]);
      }
      const total = 400;
      const run = 'run_bulk_processes';
      // The whole run: one CLI process, chunks of 100 with seeds bulk:0..bulk:3.
      await cli(['seeder', 'generate', 'orders', `--total=${total}`, '--seed=bulk', `--run_id=${run}`, user, '--site=whole']);
      // The same run over HTTP, as a client drives shards: halves of each chunk (offset 0 and 50), every
      // request to another process, all at once, under the one run id.
      const requests = Array.from({ length: total / 50 }, (_, i) => ({ seed: `bulk:${Math.floor(i / 2)}`, offset: (i % 2) * 50 }));
      const written = await Promise.all(
        requests.map((r, i) => ok(servers[i % servers.length]!, 'POST', 'orders/generate', { ...r, count: 50, recipe_run: run, platform: 'emporium' }, 'sharded')),
      );
      expect(written.reduce((n, w) => n + Number(w.created_count), 0)).to.equal(total);
      const [sharded, whole] = await Promise.all(['sharded', 'whole'].map(async (id) => storedOrders(await databases.site(id), run)));
      expect(Object.keys(sharded!)).to.have.length(total);
      expect(sharded).to.deep.equal(whole);
      // One cleanup of the run, on one process, undoes every shard.
      let removed = await ok(servers[0]!, 'DELETE', `generated?run_id=${run}`, undefined, 'sharded');
      for (let calls = 1; removed.remaining > 0 && calls < 20; calls++) removed = await ok(servers[0]!, 'DELETE', `generated?run_id=${run}`, undefined, 'sharded');
      const [{ n: left }] = await (await databases.site('sharded'))('emp_orders').count({ n: '*' });
      expect(Number(left)).to.equal(0);
    });
  });
}
