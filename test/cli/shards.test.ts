/**
 * `panel seeder generate orders --total=T --shard=k/n` (issue 15, point 5): shards run as separate
 * processes against one database write, together, what one unsharded run writes on another database,
 * row for row, under the one run id, and `cleanup --run_id` undoes them all.
 */
import { expect } from 'chai';
import { Databases } from '../../panel/database.ts';
import type { PanelConfig } from '../../panel/config.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel, runPanelAsync, type CliResult } from '../support/cli.ts';
import { storedOrders } from '../support/stored-orders.ts';

const TOTAL = 1250;
const RUN = 'run_cli_shards';
const USER = '--user=admin@example.com';

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder generate --shard [${target.label}]`, function () {
    this.timeout(180_000);
    const sites: { config: PanelConfig; env: NodeJS.ProcessEnv }[] = [];
    const open: Databases[] = [];

    /** A panel with an Emporium shop (the same products and customers on each) and an administrator. */
    function shop(): { config: PanelConfig; env: NodeJS.ProcessEnv } {
      const config = target.freshConfig();
      const env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl });
      const ok = (r: CliResult) => expect(r.code, r.stderr).to.equal(0);
      ok(runPanel(['site', 'add', 'shop', '--plugins', 'emporium,seeder'], env));
      ok(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env));
      ok(runPanel(['seeder', 'generate', 'products', '--count=8', '--seed=shop', USER, '--site=shop'], env));
      ok(runPanel(['seeder', 'generate', 'customers', '--count=8', '--seed=shop', USER, '--site=shop'], env));
      sites.push({ config, env });
      return { config, env };
    }
    async function siteDb(config: PanelConfig) {
      const dbs = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
      open.push(dbs);
      return dbs.site('shop');
    }
    const shard = (env: NodeJS.ProcessEnv, k: number) =>
      runPanelAsync(['seeder', 'generate', 'orders', `--total=${TOTAL}`, `--shard=${k}/3`, '--seed=big', `--run_id=${RUN}`, USER, '--site=shop'], env);

    after(async () => {
      for (const dbs of open) await dbs.close();
      for (const { config } of sites) {
        const dbs = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
        await dbs.dropAll(['shop']);
        await dbs.close();
      }
    });

    it(`three shard processes write what one run writes, row for row; cleanup --run_id undoes every shard`, async () => {
      const sharded = shop();
      const whole = shop();
      // All three at once: on SQLite they take turns at the one writer (each batch waits for the other's).
      const results: CliResult[] = [];
      [results[1], results[2], results[3]] = await Promise.all([shard(sharded.env, 1), shard(sharded.env, 2), shard(sharded.env, 3)]);
      // floor((k-1)*1250/3) .. floor(k*1250/3)-1: both cuts fall inside a chunk of 100.
      const ranges = { 1: [0, 415], 2: [416, 832], 3: [833, 1249] } as const;
      for (const k of [1, 2, 3] as const) {
        const r = results[k]!;
        expect(r.code, r.stderr).to.equal(0);
        const [first, last] = ranges[k];
        const n = last - first + 1;
        expect(r.stdout).to.contain(`Created ${n} of ${n} order (shard ${k}/3: rows ${first}-${last} of ${TOTAL}) on emporium (seed big, run ${RUN}).`);
        expect(r.stdout).to.contain(`Undo with: panel seeder cleanup --run_id=${RUN}`);
      }
      const one = runPanel(['seeder', 'generate', 'orders', `--total=${TOTAL}`, '--seed=big', `--run_id=${RUN}`, USER, '--site=shop'], whole.env);
      expect(one.code, one.stderr).to.equal(0);
      expect(one.stdout).to.contain(`Created ${TOTAL} of ${TOTAL} order on emporium (seed big, run ${RUN}).`);

      const a = await siteDb(sharded.config);
      const b = await siteDb(whole.config);
      const keys = async (db: typeof a) => (await db(LEDGER_TABLE).where({ run_id: RUN }).select('entity_key')).map((l: { entity_key: string }) => l.entity_key).sort();
      const sharedKeys = await keys(a);
      expect(sharedKeys).to.have.length(TOTAL);
      expect(new Set(sharedKeys).size).to.equal(TOTAL);
      expect(sharedKeys).to.deep.equal(await keys(b));
      const rowsA = await storedOrders(a, RUN);
      const rowsB = await storedOrders(b, RUN);
      expect(Object.keys(rowsA)).to.have.length(TOTAL);
      expect(rowsA).to.deep.equal(rowsB);

      const undo = runPanel(['seeder', 'cleanup', `--run_id=${RUN}`, USER, '--site=shop'], sharded.env);
      expect(undo.code, undo.stderr).to.equal(0);
      expect(Number((await a(LEDGER_TABLE).where({ run_id: RUN }).count({ n: '*' }))[0].n)).to.equal(0);
      expect(Number((await a('emp_orders').count({ n: '*' }))[0].n)).to.equal(0);
    });

    it('--shard without --total, malformed, k > n, more shards than rows or without --seed is a usage error (exit 2) that writes nothing', async () => {
      const { env, config } = sites[0] ?? shop();
      const gen = (...flags: string[]) => runPanel(['seeder', 'generate', 'customers', ...flags, USER, '--site=shop'], env);
      const cases: [string[], RegExp][] = [
        [['--count=5', '--seed=1', '--shard=1/2'], /--shard=k\/n splits a --total run/],
        [['--total=10', '--seed=1', '--shard=half'], /--shard takes k\/n with 1 <= k <= n/],
        [['--total=10', '--seed=1', '--shard=4/3'], /--shard takes k\/n with 1 <= k <= n/],
        [['--total=10', '--seed=1', '--shard=0/3'], /--shard takes k\/n/],
        [['--total=10', '--seed=1', '--shard=1/11'], /splits into at most 10 shards/],
        [['--total=10', '--shard=1/2'], /--shard needs --seed/],
      ];
      const db = await siteDb(config);
      const before = Number((await db(LEDGER_TABLE).count({ n: '*' }))[0].n);
      for (const [flags, message] of cases) {
        const r = gen(...flags);
        expect(r.code, `${flags.join(' ')}: ${r.stderr}`).to.equal(2);
        expect(r.stderr, flags.join(' ')).to.match(message);
      }
      // Labels skip names the store has, so their rows cannot be made apart: refused, saying why.
      const labels = runPanel(['seeder', 'generate', 'labels', '--total=10', '--seed=1', '--shard=1/2', USER, '--site=shop'], env);
      expect(labels.code).to.equal(2);
      expect(labels.stderr).to.match(/--shard is not supported for label: its rows depend on what earlier rows/);
      expect(Number((await db(LEDGER_TABLE).count({ n: '*' }))[0].n)).to.equal(before);
    });
  });
}
