import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder CLI [${target.label}]`, function () {
    this.timeout(180_000);
    let env: NodeJS.ProcessEnv;
    const run = (...args: string[]) => runPanel([...args, '--site=toys'], env);

    before(() => {
      const config = target.freshConfig();
      env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl, PANEL_PLUGINS: TOY });
      expect(runPanel(['site', 'add', 'toys', '--plugins', 'toy-store,seeder'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'viewer@example.com', '--role', 'viewer', '--site', 'toys', '--password', 'a long reader passphrase'], env).code).to.equal(0);
    });

    it('refuses an unknown flag with the sorted list of accepted parameters (exit 2)', () => {
      const r = run('seeder', 'generate', 'products', '--count=2', '--colour=red', '--user=admin@example.com');
      expect(r.code).to.equal(2);
      expect(r.stderr).to.contain('Unknown flag --colour. Accepted parameters: categories_per_product, count,');
      const listed = r.stderr.split('Accepted parameters: ')[1].split('. Command flags')[0].split(', ');
      expect(listed).to.deep.equal([...listed].sort());
    });

    it('--help works on every seeder command and action, with or without a resource (issue 14 point 3)', () => {
      const top = run('seeder', '--help');
      expect(top.code, top.stderr).to.equal(0);
      const commands = [...top.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]!).filter((c) => c !== 'help');
      expect(commands).to.include.members(['generate', 'preview', 'cleanup', 'recipe', 'sample-data', 'platforms', 'locales', 'mcp']);
      const calls = [
        ...commands.map((c) => [c]),
        ['generate', 'customers'],
        ['preview', 'products'],
        ['cleanup', 'delete'],
        ['recipe', 'run'],
        ['sample-data', 'sync'],
      ];
      const help = new Map<string, string>();
      for (const call of calls) {
        const r = run('seeder', ...call, '--help');
        expect(r.code, `${call.join(' ')} --help: ${r.stderr}`).to.equal(0);
        expect(r.stdout, call.join(' ')).to.contain(`Usage: panel seeder ${call[0]}`);
        help.set(call.join(' '), r.stdout);
      }
      expect(help.get('generate customers')).to.match(/--locale {2}Locale of names/);
      expect(help.get('cleanup')).to.match(/--run_id {2}Only records of this run/);
    });

    it('an unknown flag, resource or action names the nearest accepted one (issue 14 point 3)', () => {
      const flag = run('seeder', 'generate', 'customers', '--count=1', '--lokale=de_DE', '--user=admin@example.com');
      expect(flag.code).to.equal(2);
      expect(flag.stderr).to.contain('Unknown flag --lokale. Did you mean --locale?');
      const cleanupFlag = run('seeder', 'cleanup', '--run-di=x');
      expect(cleanupFlag.code).to.equal(2);
      expect(cleanupFlag.stderr).to.contain('Did you mean --run_id?');
      const recipeFlag = run('seeder', 'recipe', 'run', 'bakery', '--sed=1', '--user=admin@example.com');
      expect(recipeFlag.code).to.equal(2);
      expect(recipeFlag.stderr).to.contain('Did you mean --seed?');
      const resource = run('seeder', 'preview', 'custmers', '--count=1');
      expect(resource.code).to.equal(2);
      expect(resource.stderr).to.contain('Did you mean "customers"?');
      const action = run('seeder', 'cleanup', 'delet');
      expect(action.code).to.equal(2);
      expect(action.stderr).to.contain('Did you mean "delete"?');
    });

    it('refuses a command that changes store state without --user', () => {
      const r = run('seeder', 'generate', 'products', '--count=2');
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain('needs an explicit user: add --user=');
      const cleanup = run('seeder', 'cleanup', 'delete', '--yes');
      expect(cleanup.code).to.equal(1);
      expect(cleanup.stderr).to.contain('--user=');
    });

    it("checks the user's capability, as REST does", () => {
      const r = run('seeder', 'generate', 'products', '--count=1', '--user=viewer@example.com');
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain('auth.forbidden');
    });

    it('generates with flags coerced from the schema; --porcelain prints the created count alone', () => {
      const r = run('seeder', 'generate', 'Products', '--count', '3', '--price_range={"min":1000,"max":2000}', '--product-type=digital', '--user=admin@example.com', '--porcelain');
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout.trim()).to.equal('3');
    });

    it('preview accepts every spelling of a resource, lists and objects, and writes nothing', () => {
      const a = run('seeder', 'preview', 'product_categories', '--count=2', '--seed=9', '--format=json');
      const b = run('seeder', 'preview', 'PRODUCT-CATEGORIES', '--count=2', '--seed=9', '--format=json');
      expect(a.code, a.stderr).to.equal(0);
      expect(JSON.parse(a.stdout).rows).to.deep.equal(JSON.parse(b.stdout).rows);
      const orders = run('seeder', 'preview', 'customers', '--count=3', '--seed=2', '--customer_types=business', '--format=json');
      expect(orders.code, orders.stderr).to.equal(0);
      for (const row of JSON.parse(orders.stdout).rows) expect(row.type).to.equal('business');
      const status = JSON.parse(run('seeder', 'cleanup', 'status', '--format=json').stdout);
      expect(status.map((s: { resource: string; count: number }) => [s.resource, s.count])).to.deep.equal([['product', 3]]);
    });

    it("takes the active store's platform fields as flags, lists them in --help and refuses a bad value like any parameter", () => {
      const help = run('seeder', 'preview', 'products', '--help');
      expect(help.code, help.stderr).to.equal(0);
      expect(help.stdout).to.match(/--toy_shelf {2}Toy store only \(platform "toy"\): The shelf/);
      expect(help.stdout).to.not.contain('emporium_tax_status');
      const shown = run('seeder', 'preview', 'products', '--count=2', '--seed=4', '--toy-shelf=D4', '--format=json');
      expect(shown.code, shown.stderr).to.equal(0);
      expect(JSON.parse(shown.stdout).rows.map((r: { platform_fields: unknown }) => r.platform_fields)).to.deep.equal([{ toy_shelf: 'D4' }, { toy_shelf: 'D4' }]);
      const bad = run('seeder', 'generate', 'products', '--count=1', '--toy-shelf=top', '--user=admin@example.com');
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.contain('Invalid parameter(s): toy_shelf');
    });

    it('a validation error exits 1 with the endpoint message', () => {
      const r = run('seeder', 'generate', 'customers', '--count=101', '--user=admin@example.com');
      expect(r.code).to.equal(1);
      expect(r.stderr).to.contain('Invalid parameter(s): count');
    });

    it('--total splits into requests of at most 100 in one run, and the printed undo line removes exactly that run', () => {
      const r = run('seeder', 'generate', 'customers', '--total=230', '--seed=4', '--user=admin@example.com');
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.contain('Created 230 of 230 customer on toy');
      const undo = r.stdout.trim().split('\n').pop()!;
      expect(undo).to.match(/^Undo with: panel seeder cleanup --run_id=run_\S+ --site=toys --user=admin@example\.com$/);
      const args = undo.replace('Undo with: panel ', '').split(' ');
      const status = JSON.parse(run('seeder', 'cleanup', 'status', '--format=json').stdout);
      expect(status.find((s: { resource: string }) => s.resource === 'customer').count).to.equal(230);
      const done = runPanel([...args, '--format=json'], env);
      expect(done.code, done.stderr).to.equal(0);
      expect(JSON.parse(done.stdout)).to.include({ deleted: 230, remaining: 0 });
      const after = JSON.parse(run('seeder', 'cleanup', 'status', '--format=json').stdout);
      expect(after.map((s: { resource: string }) => s.resource)).to.deep.equal(['product']);
    });

    it('--total with a seed of the longest length works: every request\'s seed stays within the limit (issue 14 point 4)', () => {
      const long = 'L'.repeat(200);
      const r = run('seeder', 'generate', 'customers', '--total=150', `--seed=${long}`, '--user=admin@example.com', '--format=json');
      expect(r.code, r.stderr).to.equal(0);
      const summary = JSON.parse(r.stdout);
      expect(summary).to.include({ requested: 150, created_count: 150, failed: 0, seed: long });
      // The same long seed derives the same request seeds: a second run is refused, naming the first.
      const again = run('seeder', 'generate', 'customers', '--total=150', `--seed=${long}`, '--user=admin@example.com');
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain('generation.conflict').and.contain(summary.run_id);
      const undo = run('seeder', 'cleanup', `--run_id=${summary.run_id}`, '--user=admin@example.com', '--format=json');
      expect(JSON.parse(undo.stdout)).to.include({ deleted: 150, remaining: 0 });
    });

    it('a seed generated again exits 1 with generation.conflict naming the run to undo; undone, the seed writes again', () => {
      const args = ['seeder', 'generate', 'customers', '--count=2', '--seed=again', '--user=admin@example.com', '--format=json'];
      const first = run(...args);
      expect(first.code, first.stderr).to.equal(0);
      const runId = JSON.parse(first.stdout).run_id as string;
      const again = run(...args);
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain('generation.conflict').and.contain(`run_id=${runId}`);
      expect(run('seeder', 'cleanup', `--run_id=${runId}`, '--user=admin@example.com').code).to.equal(0);
      const third = run(...args);
      expect(third.code, third.stderr).to.equal(0);
      expect(JSON.parse(third.stdout).created.map((c: { key: string }) => c.key)).to.deep.equal(JSON.parse(first.stdout).created.map((c: { key: string }) => c.key));
      expect(run('seeder', 'cleanup', `--run_id=${JSON.parse(third.stdout).run_id}`, '--user=admin@example.com').code).to.equal(0);
    });

    it('cleanup delete of everything needs --yes, then empties the ledger', () => {
      expect(run('seeder', 'cleanup', 'delete', '--user=admin@example.com').code).to.equal(1);
      const r = run('seeder', 'cleanup', 'delete', '--yes', '--user=admin@example.com', '--limit=2', '--format=json');
      expect(r.code, r.stderr).to.equal(0);
      expect(JSON.parse(r.stdout)).to.include({ deleted: 3, remaining: 0 });
    });

    it('platforms shows the matrix; --set needs --user and refuses an unknown id', () => {
      const list = run('seeder', 'platforms', '--format=json');
      expect(list.code, list.stderr).to.equal(0);
      const report = JSON.parse(list.stdout);
      expect(report.target.resolved).to.equal('toy');
      expect(run('seeder', 'platforms', '--set=auto').code).to.equal(1);
      const bad = run('seeder', 'platforms', '--set=nope', '--user=admin@example.com');
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.contain('platform.unknown');
      expect(run('seeder', 'platforms', '--set=toy', '--user=admin@example.com').stdout).to.contain('Target: toy; resolves to toy.');
    });

    it('locales lists the 75 locales and searches them', () => {
      const all = JSON.parse(run('seeder', 'locales', '--format=json').stdout);
      expect(all).to.have.length(75);
      const ja = JSON.parse(run('seeder', 'locales', '--search=japan', '--format=json').stdout);
      expect(ja.map((l: { code: string }) => l.code)).to.deep.equal(['ja_JP']);
    });
  });
}
