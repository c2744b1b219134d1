/**
 * The panel on a real three-node MariaDB Galera cluster (issue 16, point 6): three `panel serve`
 * processes, one per node, on one database. What one process writes is listed by another, and every
 * node's store holds it. Runs when TEST_GALERA_URLS is set (scripts/galera.sh, .ci/run); skipped otherwise.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { ownerToken, runPanelAsync, serveEnv, servePanel, type CliResult, type ServerProcess as Server } from '../support/cli.ts';
import { tempDir } from '../support/databases.ts';
import { eventually } from '../support/eventually.ts';
import { everyResourceAtOnce } from '../support/every-resource.ts';
import { dropGaleraDatabase, freshGaleraDatabase, GALERA_DIR, GALERA_NODES, GALERA_URLS, nodeConnection, nodeQuery, nodeStatus, startNode, stopNode, type GaleraDatabase, type GaleraNode } from '../support/galera.ts';
import { storedOrders } from '../support/stored-orders.ts';

describe('three panel processes on a three-node Galera cluster, one per node', function () {
  this.timeout(240_000);
  const servers: Server[] = [];
  let db: GaleraDatabase | undefined;
  let token = '';
  const secret = crypto.randomBytes(32).toString('base64');
  /** The environment of a CLI process on one node (its own data folder, as on its own machine). */
  const nodeEnv = (node: GaleraNode) => serveEnv({ databaseUrl: db!.url(node) }, path.join(tempDir('galera-'), 'data'), { PANEL_SECRET_KEY: secret });

  const call = async (server: Server, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/sites/default/rest/seeder/v1/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((e: Error) => {
      throw new Error(`${method} ${route} on ${server.url}: ${e.message} (${String(e.cause)})\n${server.errors()}`);
    });
    const json = (await res.json()) as Record<string, any>;
    expect(res.status, `${method} ${route}: ${JSON.stringify(json)}\n${res.status >= 500 ? server.errors() : ''}`).to.be.oneOf([200, 201]);
    return json;
  };

  before(async function () {
    if (!GALERA_URLS) this.skip();
    // Every node must be in the cluster, or the test would measure a smaller one.
    for (const node of GALERA_NODES) {
      const status = await nodeStatus(node);
      expect(status, `node ${node}`).to.include({ wsrep_cluster_size: '3', wsrep_local_state_comment: 'Synced' });
    }
    db = freshGaleraDatabase();
    // All three at the same moment, on an empty database: migrations and first start run under a lock row
    // (panel/lock.ts; GET_LOCK would hold on one node only), and every process comes up.
    servers.push(...(await Promise.all(GALERA_NODES.map((node) => servePanel(nodeEnv(node))))));
    token = await ownerToken(nodeEnv(1), 'galera');
  });

  after(async () => {
    const codes: Array<number | string> = [];
    for (const s of servers) codes.push(await s.stop());
    if (db) await dropGaleraDatabase(db.name);
    expect(codes).to.deep.equal(servers.map(() => 0));
  });

  it("customers generated through node 1's process are listed through node 3's, and every node's store holds them", async () => {
    const [first, , third] = servers as [Server, Server, Server];
    const generated = await call(first, 'POST', 'customers/generate', { count: 20, seed: 'galera-smoke', platform: 'emporium' });
    expect(generated).to.include({ created_count: 20, failed: 0 });
    const ids = (generated.created as Array<{ id: string | number }>).map((c) => String(c.id)).sort();
    expect(ids).to.have.length(20);

    // Galera applies a commit on the other nodes a moment after it returns; the panel's reads wait for it
    // (wsrep_sync_wait, panel/database.ts), so node 3's process lists the customers at once (issue 16 point 5).
    const listed = ((await call(third, 'GET', 'generated?view=rows&resource=customer&limit=100')).data as Array<{ record_id: string }>).map((r) => r.record_id).sort();
    expect(listed).to.deep.equal(ids);

    const site = `${db!.name}_s_default`;
    for (const node of GALERA_NODES) {
      const stored = await nodeQuery<{ id: unknown }>(node, 'SELECT id FROM emp_customers', [], site);
      expect(stored.map((r) => String(r.id)).sort(), `emp_customers on node ${node}`).to.deep.equal(ids);
      const ledger = await nodeQuery<{ record_id: unknown }>(node, `SELECT record_id FROM ${LEDGER_TABLE} WHERE resource = 'customer'`, [], site);
      expect(ledger.map((r) => String(r.record_id)).sort(), `the ledger on node ${node}`).to.deep.equal(ids);
    }
  });

  it('rounds of simultaneous generates, one per node, with certification conflicts: every answer is what its run holds on every node', async () => {
    // What orders need, once.
    await call(servers[0]!, 'POST', 'products/generate', { count: 10, seed: 'galera-products', platform: 'emporium' });
    const site = `${db!.name}_s_default`;
    for (let round = 0; round < 5; round++) {
      // Three 100-order requests at once, one per node: every one reserves ids from the store's one sequence
      // row, so Galera aborts all but one at commit; the write path runs the aborted ones again.
      const answers = await Promise.all(
        servers.map((s, i) => call(s, 'POST', 'orders/generate', { count: 100, seed: `galera-${round}-${i}`, platform: 'emporium' })),
      );
      for (const answer of answers) {
        expect(answer, JSON.stringify({ ...answer, created: undefined })).to.include({ created_count: 100, failed: 0 });
        const claimed = (answer.created as Array<{ id: string | number }>).map((c) => String(c.id)).sort();
        for (const node of GALERA_NODES) {
          await eventually(async () => {
            const ledger = await nodeQuery<{ record_id: unknown }>(node, `SELECT record_id FROM ${LEDGER_TABLE} WHERE run_id = ?`, [answer.run_id], site);
            expect(ledger.map((r) => String(r.record_id)).sort(), `run ${answer.run_id} on node ${node}`).to.deep.equal(claimed);
          });
        }
      }
    }
    // Orders and their ledger rows agree on every node, and nothing is half-written.
    for (const node of GALERA_NODES) {
      const [orders] = await nodeQuery<{ n: unknown }>(node, 'SELECT COUNT(*) AS n FROM emp_orders', [], site);
      const [ledger] = await nodeQuery<{ n: unknown }>(node, `SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE resource = 'order'`, [], site);
      expect([Number(orders!.n), Number(ledger!.n)], `node ${node}`).to.deep.equal([1500, 1500]);
    }
  });

  it('simultaneous cleanups through every node count each record once and leave every node empty', async () => {
    const site = `${db!.name}_s_default`;
    const [held] = await nodeQuery<{ n: unknown }>(1, `SELECT COUNT(*) AS n FROM ${LEDGER_TABLE}`, [], site);
    expect(Number(held!.n)).to.be.greaterThan(1000);
    let deleted = 0;
    for (let round = 0; round < 60; round++) {
      const answers = await Promise.all(servers.map((s) => call(s, 'DELETE', 'generated?limit=100')));
      deleted += answers.reduce((n, a) => n + Number(a.deleted), 0);
      if (answers.every((a) => a.remaining === 0)) break;
    }
    expect(deleted).to.equal(Number(held!.n));
    for (const node of GALERA_NODES) {
      for (const table of [LEDGER_TABLE, 'emp_orders', 'emp_order_items', 'emp_customers', 'emp_products']) {
        const [left] = await nodeQuery<{ n: unknown }>(node, `SELECT COUNT(*) AS n FROM ${table}`, [], site);
        expect(Number(left!.n), `${table} on node ${node}`).to.equal(0);
      }
    }
  });

  it('every resource, three requests at once, one per node: each answer is the truth on every node', async () => {
    const site = `${db!.name}_s_default`;
    await everyResourceAtOnce(servers, token, (prefix) =>
      Promise.all(
        GALERA_NODES.map(async (node) =>
          (await nodeQuery<{ record_id: unknown }>(node, `SELECT record_id FROM ${LEDGER_TABLE} WHERE entity_key LIKE ?`, [`${prefix}%`], site)).map((r) => String(r.record_id)),
        ),
      ),
    );
    // Every node is still in the cluster and in sync: nothing was replayed differently on one of them.
    for (const node of GALERA_NODES) {
      expect(await nodeStatus(node), `node ${node}`).to.include({ wsrep_cluster_size: '3', wsrep_local_state_comment: 'Synced' });
    }
  });

  it('a bulk run sharded over the three nodes, one CLI process each at once, equals one unsharded run row for row', async () => {
    const cli = async (node: GaleraNode, args: string[]) => {
      const r: CliResult = await runPanelAsync(args, nodeEnv(node));
      expect(r.code, r.stderr).to.equal(0);
    };
    const user = '--user=admin@example.com';
    for (const id of ['sharded', 'whole']) {
      await cli(1, ['site', 'add', id, '--plugins', 'emporium,seeder']);
      await cli(1, ['seeder', 'generate', 'products', '--count=8', '--seed=galera-shop', user, `--site=${id}`]);
      await cli(1, ['seeder', 'generate', 'customers', '--count=8', '--seed=galera-shop', user, `--site=${id}`]);
    }
    const run = 'run_galera_bulk';
    const total = 900;
    await cli(2, ['seeder', 'generate', 'orders', `--total=${total}`, '--seed=galera-bulk', `--run_id=${run}`, user, '--site=whole']);
    await Promise.all(
      GALERA_NODES.map((node) => cli(node, ['seeder', 'generate', 'orders', `--total=${total}`, `--shard=${node}/3`, '--seed=galera-bulk', `--run_id=${run}`, user, '--site=sharded'])),
    );
    const read = async (id: string) => {
      const conn = nodeConnection(3, `${db!.name}_s_${id}`);
      try {
        return await storedOrders(conn, run);
      } finally {
        await conn.destroy();
      }
    };
    const [sharded, whole] = [await read('sharded'), await read('whole')];
    expect(Object.keys(sharded)).to.have.length(total);
    expect(sharded).to.deep.equal(whole);
  });

  it('a node stopped in the middle of a run: its process answers 503 server.unavailable, the others go on, and after it rejoins every node holds whole batches only', async function () {
    if (!GALERA_DIR) this.skip();
    const [first, second, third] = servers as [Server, Server, Server];
    const site = `${db!.name}_s_default`;
    await call(first, 'POST', 'products/generate', { count: 10, seed: 'galera-stop-products', platform: 'emporium' });
    await call(first, 'POST', 'customers/generate', { count: 10, seed: 'galera-stop-customers', platform: 'emporium' });
    // A long run through node 3's process (the CLI), and steady writes through nodes 1 and 2.
    const run = 'run_galera_stop';
    const long = runPanelAsync(['seeder', 'generate', 'orders', '--total=3000', '--seed=galera-stop', `--run_id=${run}`, '--user=admin@example.com'], nodeEnv(3));
    let stopped = false;
    const steady = async (server: Server, tag: string) => {
      const statuses: number[] = [];
      for (let i = 0; !stopped || i < 3; i++) {
        const res = await fetch(`${server.url}/sites/default/rest/seeder/v1/orders/generate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ count: 20, seed: `galera-steady-${tag}-${i}`, platform: 'emporium' }),
        });
        statuses.push(res.status);
        const body = await res.text();
        if (res.status !== 201) console.log(`      (${tag} ${res.status}: ${body.slice(0, 300)})\n${server.errors().split('\n').slice(-12).join('\n')}`);
        if (i > 200) break;
      }
      return statuses;
    };
    const loops = Promise.all([steady(first, 'a'), steady(second, 'b')]);
    // Once the long run has written some batches, node 3 goes down.
    let ended: CliResult | undefined;
    void long.then((r) => (ended = r));
    await eventually(async () => {
      expect(ended, `the run ended before node 3 was stopped: ${ended?.stderr}`).to.equal(undefined);
      const [n] = await nodeQuery<{ n: unknown }>(1, `SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE run_id = ?`, [run], site);
      expect(Number(n!.n)).to.be.at.least(200);
    }, { timeout: 60_000 });
    await stopNode(3);
    try {
      const cli = await long;
      expect(cli.code, 'the run on the stopped node fails').to.not.equal(0);
      expect(cli.stderr.trim(), 'with one clear line').to.match(/database|connect|reach/i);
      const res = await fetch(`${third.url}/sites/default/rest/seeder/v1/orders/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ count: 5, seed: 'galera-node-down', platform: 'emporium' }),
      });
      expect(res.status).to.equal(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('server.unavailable');
      expect(res.headers.get('retry-after')).to.equal('5');
    } finally {
      stopped = true;
      await startNode(3);
    }
    const statuses = await loops;
    expect(statuses.flat().every((s) => s === 201), `nodes 1 and 2 answered ${statuses.flat().join(' ')}`).to.equal(true);
    // Node 3's process works again once its node is back.
    await call(third, 'POST', 'orders/generate', { count: 5, seed: 'galera-node-back', platform: 'emporium' });
    // Every node holds the same orders, each with its ledger row, and the run on node 3 in whole batches of 100.
    const views = [];
    for (const node of GALERA_NODES) {
      const orders = (await nodeQuery<{ id: unknown }>(node, 'SELECT id FROM emp_orders', [], site)).map((r) => String(r.id)).sort();
      const ledger = (await nodeQuery<{ record_id: unknown }>(node, `SELECT record_id FROM ${LEDGER_TABLE} WHERE resource = 'order'`, [], site)).map((r) => String(r.record_id)).sort();
      expect(orders, `orders and ledger on node ${node}`).to.deep.equal(ledger);
      const [runRows] = await nodeQuery<{ n: unknown }>(node, `SELECT COUNT(*) AS n FROM ${LEDGER_TABLE} WHERE run_id = ?`, [run], site);
      expect(Number(runRows!.n) % 100, `the stopped run on node ${node} holds whole batches`).to.equal(0);
      views.push(orders);
    }
    expect(views[1]).to.deep.equal(views[0]);
    expect(views[2]).to.deep.equal(views[0]);
  });
});
