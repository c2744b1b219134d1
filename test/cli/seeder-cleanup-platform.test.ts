/**
 * `panel seeder cleanup --platform=<id>` through the real binary, with Emporium and Cartwheel active:
 * the flag comes from the cleanup endpoint's parameter declaration, removes one store's records only
 * and refuses an unknown store (issue 17 point 6).
 */
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder cleanup --platform [${target.label}]`, function () {
    this.timeout(180_000);
    let env: NodeJS.ProcessEnv;
    const run = (...args: string[]) => runPanel([...args, '--site=stores'], env);
    const status = () => JSON.parse(run('seeder', 'cleanup', 'status', '--format=json').stdout) as Array<{ resource: string; platform: string; count: number }>;

    before(() => {
      const config = target.freshConfig();
      env = panelEnv(config.dataDir, { PANEL_DATABASE_URL: config.databaseUrl });
      expect(runPanel(['site', 'add', 'stores', '--plugins', 'emporium,cartwheel,seeder'], env).code).to.equal(0);
      expect(runPanel(['operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase'], env).code).to.equal(0);
      for (const [platform, count] of [['emporium', '3'], ['cartwheel', '2']]) {
        const made = run('seeder', 'generate', 'customers', `--count=${count}`, `--platform=${platform}`, '--user=admin@example.com');
        expect(made.code, made.stderr).to.equal(0);
      }
    });

    it('an unknown platform exits 1 with platform.unknown and removes nothing', () => {
      const bad = run('seeder', 'cleanup', 'delete', '--resource=customers', '--platform=nope', '--user=admin@example.com');
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.contain('platform.unknown');
      expect(status().map((s) => [s.platform, s.count])).to.deep.equal([['cartwheel', 2], ['emporium', 3]]);
    });

    it("status and delete take --platform: Cartwheel's customers go, Emporium's stay", () => {
      expect(JSON.parse(run('seeder', 'cleanup', 'status', '--platform=cartwheel', '--format=json').stdout)).to.deep.equal([{ resource: 'customer', platform: 'cartwheel', count: 2 }]);
      const done = run('seeder', 'cleanup', 'delete', '--resource=customers', '--platform=cartwheel', '--user=admin@example.com', '--format=json');
      expect(done.code, done.stderr).to.equal(0);
      expect(JSON.parse(done.stdout)).to.include({ deleted: 2, remaining: 0 });
      expect(status()).to.deep.equal([{ resource: 'customer', platform: 'emporium', count: 3 }]);
    });

    it('a whole store without --resource or --run_id still needs --yes, and the refusal names the store', () => {
      const refused = run('seeder', 'cleanup', 'delete', '--platform=emporium', '--user=admin@example.com');
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain('touches every generated record in emporium; repeat with --yes');
      const done = run('seeder', 'cleanup', 'delete', '--platform=emporium', '--yes', '--user=admin@example.com', '--format=json');
      expect(done.code, done.stderr).to.equal(0);
      expect(JSON.parse(done.stdout)).to.include({ deleted: 3, remaining: 0 });
      expect(status()).to.deep.equal([]);
    });
  });
}
