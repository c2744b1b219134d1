/**
 * `panel seeder preview` with the real binary: with two stores active and no target it previews orders
 * against stand-in references and says so; its table is built from the preview's columns (money in the
 * locale's format and the row's currency, references by their label); JSON carries the columns.
 */
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder preview: columns and stand-in references [${target.label}]`, function () {
    this.timeout(180_000);
    let env: NodeJS.ProcessEnv;
    const run = (...args: string[]) => runPanel([...args, '--site=two'], env);

    before(() => {
      const config = target.freshConfig();
      env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl });
      expect(runPanel(['site', 'add', 'two', '--plugins', 'emporium,cartwheel,seeder'], env).code).to.equal(0);
    });

    it('previews orders with no target against stand-ins, in a table made from the columns', () => {
      const json = run('seeder', 'preview', 'orders', '--count=2', '--seed=cli-cols', '--locale=de_DE', '--format=json');
      expect(json.code, json.stderr).to.equal(0);
      const preview = JSON.parse(json.stdout);
      expect(preview).to.include({ platform: null, references: 'stand-in' });
      const total = preview.columns.find((c: { key: string }) => c.key === 'total_minor');
      expect(total).to.deep.equal({ key: 'total_minor', label: 'Total', kind: 'money', currency_key: 'currency' });
      const customer = preview.rows[0].customer;
      expect(customer.id).to.match(/^stand-in-customer-/);

      const table = run('seeder', 'preview', 'orders', '--count=2', '--seed=cli-cols', '--locale=de_DE');
      expect(table.code, table.stderr).to.equal(0);
      const [header] = table.stdout.split('\n');
      expect(header).to.match(/^Status\s+Customer\s+Email/);
      // The customer by name, the total as German euros (1.234,56 €), the note about stand-ins.
      expect(table.stdout).to.contain(customer.label);
      const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: preview.rows[0].currency }).format(preview.rows[0].subtotal_minor / 100);
      expect(table.stdout).to.contain(euros);
      expect(table.stdout).to.contain('stand-in records');
      expect(table.stdout).not.to.contain('[object Object]');
    });
  });
}
