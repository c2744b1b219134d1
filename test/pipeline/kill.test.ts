/**
 * Crash consistency: `panel seeder generate --total` killed with SIGKILL while it writes leaves the ledger
 * and the store agreeing row by row, in whole batches. The kill waits for rows, never for a clock: the
 * ledger is polled until it holds a few batches, so a slow machine only waits longer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Kernel } from '../../panel/kernel.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { BASE_PARAMETERS } from '../../generators/schema.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { BIN, panelEnv, runPanel } from '../support/cli.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');
/** One request of `--total`: the most one generate request may ask for. */
const BATCH = BASE_PARAMETERS.count.maximum as number;
/** Far more than gets written before the kill. */
const TOTAL = 200_000;
/** Kill once this many rows are committed: some batches are done, and the command is inside the next ones. */
const KILL_AFTER = 3 * BATCH;

for (const target of DATABASE_TARGETS) {
  describe(`a generate killed mid-batch [${target.label}]`, function () {
    // Bounded by rows, not by time: the wait ends when the rows are there or when the command has exited.
    this.timeout(0);

    it('leaves the ledger and the store consistent, row by row', async () => {
      const config = target.freshConfig({ plugins: [TOY] });
      const env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl, PANEL_PLUGINS: TOY });
      expect(runPanel(['site', 'add', 'toys', '--plugins', 'toy-store,seeder'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);

      const kernel = await Kernel.boot({ config, builtins: BUILTIN_PLUGINS });
      let child: ChildProcess | undefined;
      try {
        const site = await kernel.site('toys');
        const ledgerCount = async () => Number((await site.db(LEDGER_TABLE).count({ n: '*' }))[0].n);
        const command = spawn(process.execPath, [BIN, 'seeder', 'generate', 'customers', `--total=${TOTAL}`, '--user=admin@example.com', '--site=toys'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
        child = command;
        let stderr = '';
        command.stderr.on('data', (d) => (stderr += d));
        let exitCode: number | null | undefined;
        const exited = new Promise<number | null>((resolve) => command.once('exit', (code, signal) => resolve((exitCode = code ?? (signal ? -1 : null)))));
        while ((await ledgerCount()) < KILL_AFTER) {
          if (exitCode !== undefined) throw new Error(`the command exited (${exitCode}) before writing ${KILL_AFTER} rows:\n${stderr}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        command.kill('SIGKILL');
        expect(await exited).to.equal(-1);

        const ledger = (await site.db(LEDGER_TABLE).where({ resource: 'customer', platform: 'toy' }).pluck('record_id')).map(String).sort();
        const stored = (await site.db('toy_customers').pluck('id')).map(String).sort();
        expect(ledger.length).to.be.at.least(KILL_AFTER);
        expect(ledger.length).to.be.lessThan(TOTAL);
        // Every ledger row names an existing record, and every generated record has its ledger row.
        expect(stored).to.deep.equal(ledger);
        // Whole batches only: the kill landed between or inside a transaction, never half of one.
        expect(ledger.length % BATCH).to.equal(0);
      } finally {
        // A failure before the kill must not leave the command writing.
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await kernel.close();
      }
    });
  });
}
