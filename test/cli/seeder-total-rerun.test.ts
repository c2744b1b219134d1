/**
 * `panel seeder generate --total` with a named run (`--run_id`, or a `--shard`, whose run id is derived)
 * keys each of its requests (issue 15, point 7): the same command again, after success or after a run
 * killed part way, reports the full count and writes nothing twice, instead of failing with 409
 * generation.conflict.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { BIN, panelEnv, runPanel } from '../support/cli.ts';
import { Kernel } from '../../panel/kernel.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder generate --total run again [${target.label}]`, function () {
    this.timeout(180_000);
    let env: NodeJS.ProcessEnv;
    let config: ReturnType<typeof target.freshConfig>;
    const run = (...args: string[]) => runPanel([...args, '--site=toys', '--user=admin@example.com'], env);
    const ledgerCount = (runId: string) => {
      const r = run('seeder', 'cleanup', 'status', '--format=json', `--run_id=${runId}`);
      expect(r.code, r.stderr).to.equal(0);
      return (JSON.parse(r.stdout) as Array<{ resource: string; count: number }>).filter((s) => s.resource === 'customer').reduce((n, s) => n + s.count, 0);
    };

    before(() => {
      config = target.freshConfig({ plugins: [TOY] });
      env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl, PANEL_PLUGINS: TOY });
      expect(runPanel(['site', 'add', 'toys', '--plugins', 'toy-store,seeder'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);
    });

    it('the same --total, --seed and --run_id again reports the full count and writes nothing twice', () => {
      const args = ['seeder', 'generate', 'customers', '--total=230', '--seed=rerun', '--run_id=nightly-1', '--format=json'];
      const first = run(...args);
      expect(first.code, first.stderr).to.equal(0);
      expect(JSON.parse(first.stdout)).to.include({ run_id: 'nightly-1', requested: 230, created_count: 230, failed: 0 });
      const again = run(...args);
      expect(again.code, again.stderr).to.equal(0);
      expect(JSON.parse(again.stdout)).to.include({ run_id: 'nightly-1', requested: 230, created_count: 230, failed: 0 });
      expect(ledgerCount('nightly-1')).to.equal(230);
      // A larger total under the same run and seed: the first requests are replayed, the rest are written.
      const more = run(...args.map((a) => (a === '--total=230' ? '--total=300' : a)));
      // The third request asked for 30 before and 100 now: another request under its key.
      expect(more.code).to.equal(1);
      expect(more.stderr).to.contain('idempotency.mismatch').and.contain('Run nightly-1 with seed rerun already made request 3 with other parameters');
      expect(ledgerCount('nightly-1')).to.equal(230);
    });

    it('a run whose requests were partly answered (a run stopped part way) completes without writing the answered ones again', () => {
      const part = run('seeder', 'generate', 'customers', '--total=200', '--seed=partial', '--run_id=nightly-2', '--format=json');
      expect(part.code, part.stderr).to.equal(0);
      const whole = run('seeder', 'generate', 'customers', '--total=350', '--seed=partial', '--run_id=nightly-2', '--format=json');
      expect(whole.code, whole.stderr).to.equal(0);
      expect(JSON.parse(whole.stdout)).to.include({ requested: 350, created_count: 350, failed: 0 });
      expect(ledgerCount('nightly-2')).to.equal(350);
    });

    it('killed part way (SIGKILL), the same command again at once completes the run: the full count, every row once', async () => {
      const total = 3000;
      const args = ['seeder', 'generate', 'customers', `--total=${total}`, '--seed=crash', '--run_id=crash-1', '--site=toys', '--user=admin@example.com', '--format=json'];
      const kernel = await Kernel.boot({ config, builtins: BUILTIN_PLUGINS });
      try {
        const site = await kernel.site('toys');
        const written = async () => Number(((await site.db(LEDGER_TABLE).where({ run_id: 'crash-1' }).count({ n: '*' }).first()) as { n: number | string }).n);
        const child = spawn(process.execPath, [BIN, ...args], { env, stdio: 'ignore' });
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        // Kill once some requests are answered: the rows tell, never a clock.
        while ((await written()) < 300 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
        child.kill('SIGKILL');
        await exited;
        const before = await written();
        expect(before, 'killed before the run ended').to.be.below(total);
        const again = runPanel(args, env);
        expect(again.code, again.stderr).to.equal(0);
        expect(JSON.parse(again.stdout)).to.include({ run_id: 'crash-1', requested: total, created_count: total, failed: 0 });
        expect(await written()).to.equal(total);
        const keys = await site.db(LEDGER_TABLE).where({ run_id: 'crash-1' }).pluck('entity_key');
        expect(new Set(keys).size).to.equal(total);
      } finally {
        await kernel.close();
      }
    });

    it('a shard run again (its run id derived from resource, seed and total) replays its requests: the full share, written once', () => {
      const args = ['seeder', 'generate', 'customers', '--total=250', '--shard=2/2', '--seed=sharded', '--format=json'];
      const first = run(...args);
      expect(first.code, first.stderr).to.equal(0);
      const summary = JSON.parse(first.stdout);
      expect(summary).to.include({ requested: 125, created_count: 125 });
      const again = run(...args);
      expect(again.code, again.stderr).to.equal(0);
      expect(JSON.parse(again.stdout)).to.include({ run_id: summary.run_id, requested: 125, created_count: 125, failed: 0 });
      expect(ledgerCount(summary.run_id)).to.equal(125);
    });

    it('without --run_id each run has a new run id, and the same seed again is still refused (409 generation.conflict)', () => {
      const args = ['seeder', 'generate', 'customers', '--total=120', '--seed=plain'];
      expect(run(...args).code).to.equal(0);
      const again = run(...args);
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain('generation.conflict');
    });
  });
}
