/**
 * Issue 18, point 1 on the command line: the real `panel` binary with the seeder-extensions fixture
 * plugin shows the same effects of the generation hooks as REST and MCP (extension-points.test.ts),
 * takes the plugin's parameter as a flag, and runs the subcommand it declares through `seeder_cli_commands`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');
const EXTENSIONS = path.join(FIXTURES, 'seeder-extensions.ts');

for (const target of DATABASE_TARGETS) {
  describe(`hooks: the extension points through the CLI [${target.label}]`, function () {
    this.timeout(180_000);
    let env: NodeJS.ProcessEnv;
    const run = (...args: string[]) => runPanel([...args, '--site=ext'], env);

    before(() => {
      const config = target.freshConfig();
      env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl, PANEL_PLUGINS: EXTENSIONS });
      expect(runPanel(['site', 'add', 'ext', '--plugins', 'emporium,seeder,seeder-extensions'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);
    });

    it('lists and validates the plugin parameter as a flag, and it reaches the filters (one record, the note in each row)', () => {
      const help = run('seeder', 'generate', 'product-categories', '--help');
      expect(help.stdout).to.match(/--gift_note {2}A note written into each category description\. \(default "none"\)/);
      const bad = run('seeder', 'preview', 'product-categories', '--count=1', `--gift_note=${'x'.repeat(21)}`);
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.contain('Invalid parameter(s): gift_note');
      const rows = JSON.parse(run('seeder', 'preview', 'product-categories', '--count=2', '--seed=cli', '--gift_note=hello', '--format=json').stdout).rows;
      for (const r of rows) expect(r.description).to.match(/\[note: hello\]$/);
    });

    it('generate: the params filter, the item filter and the message filter act as over REST and MCP', () => {
      const one = run('seeder', 'generate', 'product-categories', '--count=3', '--seed=cli-one', '--gift_note=just-one', '--user=admin@example.com', '--format=json');
      expect(one.code, one.stderr).to.equal(0);
      const made = JSON.parse(one.stdout);
      expect(made).to.include({ requested: 1, created_count: 1, message: 'Created 1 of 1 product category records. [extensions]' });
      const hidden = JSON.parse(run('seeder', 'generate', 'product-categories', '--count=2', '--seed=cli-hide', '--gift_note=hide-first', '--user=admin@example.com', '--format=json').stdout);
      expect(hidden.created_count).to.equal(2);
      expect(hidden.created).to.have.length(1);
      // The hidden item is in the ledger all the same: 1 + 2 rows.
      const ledger = JSON.parse(run('seeder', 'cleanup', 'status', '--format=json').stdout);
      expect(ledger).to.deep.equal([{ resource: 'product_category', platform: 'emporium', count: 3 }]);
    });

    it('runs the subcommand the plugin declares, its flags derived from its schema (default, validation, unknown flag)', () => {
      const plain = run('seeder', 'gift-notes', '--format=json');
      expect(plain.code, plain.stderr).to.equal(0);
      expect(JSON.parse(plain.stdout)).to.deep.equal({ notes: ['To you', 'To them'] });
      expect(JSON.parse(run('seeder', 'gift-notes', '--prefix=Hi', '--format=json').stdout)).to.deep.equal({ notes: ['Hi you', 'Hi them'] });
      const long = run('seeder', 'gift-notes', '--prefix=Greetings');
      expect(long.code).to.equal(2);
      expect(long.stderr).to.contain('Invalid parameter(s): --prefix');
      const unknown = run('seeder', 'gift-notes', '--colour=red');
      expect(unknown.code).to.equal(2);
      expect(unknown.stderr).to.contain('Unknown flag --colour. Accepted parameters: prefix.');
      // A command nobody declares is still unknown.
      expect(run('seeder', 'no-such-command').code).to.not.equal(0);
    });

    it('panel seeder --help and panel seeder help list the subcommand the plugin declares beside the Seeder\'s own', () => {
      for (const args of [['seeder', '--help'], ['seeder', 'help']]) {
        const help = run(...args);
        expect(help.code, help.stderr).to.equal(0);
        expect(help.stdout, args.join(' ')).to.match(/^\s+gift-notes\b.*\S/m);
        expect(help.stdout).to.match(/^\s+generate\b/m);
      }
    });
  });
}
