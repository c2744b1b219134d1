import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Kernel } from '../../panel/kernel.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { BIN, panelEnv, runPanel } from '../support/cli.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

for (const target of DATABASE_TARGETS) {
  describe(`a generate killed mid-batch [${target.label}]`, function () {
    this.timeout(180_000);

    it('leaves the ledger and the store consistent, row by row', async () => {
      const config = target.freshConfig({ plugins: [TOY] });
      const env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl, PANEL_PLUGINS: TOY });
      expect(runPanel(['site', 'add', 'toys', '--plugins', 'toy-store,seeder'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);

      const kernel = await Kernel.boot({ config, builtins: BUILTIN_PLUGINS });
      try {
        const site = await kernel.site('toys');
        const ledgerCount = async () => Number((await site.db(LEDGER_TABLE).count({ n: '*' }))[0].n);
        const child = spawn(process.execPath, [BIN, 'seeder', 'generate', 'customers', '--total=200000', '--user=admin@example.com', '--site=toys'], { env, stdio: 'ignore' });
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
        // Kill it once some batches are committed, while it is in the middle of others.
        const deadline = Date.now() + 120_000;
        while ((await ledgerCount()) < 350 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        child.kill('SIGKILL');
        expect(await exited).to.equal(-1);

        const ledger = (await site.db(LEDGER_TABLE).where({ resource: 'customer', platform: 'toy' }).pluck('record_id')).map(String).sort();
        const stored = (await site.db('toy_customers').pluck('id')).map(String).sort();
        expect(ledger.length).to.be.greaterThan(300);
        expect(ledger.length).to.be.lessThan(200000);
        // Every ledger row names an existing record, and every generated record has its ledger row.
        expect(stored).to.deep.equal(ledger);
        // Whole batches only: the kill landed between or inside a transaction, never half of one.
        expect(ledger.length % 100).to.equal(0);
      } finally {
        await kernel.close();
      }
    });
  });
}
