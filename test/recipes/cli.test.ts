/**
 * Issue 8 through the real `panel` binary: recipe list/run/status/sync and sample-data
 * status/consent/revoke/sync, with the undo line a run prints actually undoing it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { bundledArchive } from './support/archives.ts';
import { runPanelAsync } from './support/panel-async.ts';
import { startSourceServer, type SourceServer } from './support/source-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures/bakery-recipe-plugin.ts');
const UNDO = /^Undo with: panel seeder cleanup --run_id=(run_\S+) --site=(\S+) --user=(\S+)$/;

for (const target of DATABASE_TARGETS) {
  describe(`panel seeder recipe and sample-data [${target.label}]`, function () {
    this.timeout(240_000);
    let env: NodeJS.ProcessEnv;
    let server: SourceServer;
    const panel = (...args: string[]) => runPanel(args, env);
    // Commands that download need this process's event loop free to serve them.
    const download = (...args: string[]) => runPanelAsync(args, env);
    const admin = '--user=admin@example.com';

    before(async () => {
      server = await startSourceServer();
      server.set('/recipes.tar.gz', await bundledArchive('(synced)'));
      server.set('/sample/de_DE.json', JSON.stringify({ product_names: ['Zwetschgenkuchen'] }));
      const config = target.freshConfig();
      env = panelEnv(config.dataDir, {
        PANEL_DATABASE_URL: config.databaseUrl,
        PANEL_PLUGINS: FIXTURE,
        SEEDER_TEST_RECIPES_SOURCE: `${server.base}/recipes.tar.gz`,
        SEEDER_TEST_SAMPLE_DATA_SOURCE: `${server.base}/sample/{locale}.json`,
      });
      expect(panel('site', 'add', 'cart', '--plugins', 'cartwheel,seeder').code).to.equal(0);
      expect(panel('site', 'add', 'shop', '--plugins', 'emporium,seeder,bakery-recipe').code).to.equal(0);
      expect(panel('operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase').code).to.equal(0);
      expect(panel('operator', 'add', '--email', 'viewer@example.com', '--role', 'viewer', '--site', 'shop', '--password', 'a long reader passphrase').code).to.equal(0);
    });
    after(async () => server?.close());

    it('recipe list shows the recipes with their totals and what the platform would skip', () => {
      const r = panel('seeder', 'recipe', 'list', '--site=cart');
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/grocery\s+Grocery store\s+bundled\s+en_US,de_DE,fr_FR,ja_JP\s+\d+\s+\d+\s+\d+\s+product_tag/);
      expect(r.stdout).to.contain('Plans checked against cartwheel.');
      const json = JSON.parse(panel('seeder', 'recipe', 'list', '--site=shop', '--locale=ja_JP', '--format=json').stdout);
      expect(json.recipes.map((x: { id: string }) => x.id)).to.deep.equal(['electronics', 'fashion', 'grocery', 'bakery']);
      expect(json.recipes.find((x: { id: string }) => x.id === 'fashion').locale.ships_vocabulary).to.equal(true);
    });

    it('recipe run needs --user, refuses unknown flags and unknown recipes', () => {
      const noUser = panel('seeder', 'recipe', 'run', 'grocery', '--site=cart');
      expect(noUser.code).to.equal(1);
      expect(noUser.stderr).to.contain('needs an explicit user');
      const flag = panel('seeder', 'recipe', 'run', 'grocery', '--site=cart', '--colour=red', admin);
      expect(flag.code).to.equal(2);
      expect(flag.stderr).to.contain('Unknown flag --colour. Accepted: --locale, --platform, --seed, --size, --user.');
      const unknown = panel('seeder', 'recipe', 'run', 'bistro', '--site=cart', admin);
      expect(unknown.code).to.equal(1);
      expect(unknown.stderr).to.contain('There is no recipe "bistro"').and.contain('recipes.not_found');
      const size = panel('seeder', 'recipe', 'run', 'grocery', '--site=cart', '--size=huge', admin);
      expect(size.stderr).to.contain('Invalid parameter(s): size');
    });

    for (const recipe of ['grocery', 'fashion', 'electronics']) {
      it(`recipe run ${recipe} on cartwheel prints each step, the skipped one with its reason, and an undo line that removes exactly the run`, () => {
        const r = panel('seeder', 'recipe', 'run', recipe, '--site=cart', '--size=small', '--locale=fr_FR', `--seed=${recipe}`, admin);
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stderr).to.equal('');
        expect(r.stdout).to.contain('- product_tag: skipped: Cartwheel has no product tags');
        expect(r.stdout).to.match(/- order: created 20 of 20/);
        const lines = r.stdout.trim().split('\n');
        expect(lines.at(-2)).to.match(/^Created \d+ record\(s\); 1 step\(s\) skipped; 0 failed\.$/);
        const undo = lines.at(-1)!.match(UNDO);
        expect(undo, lines.at(-1)).to.not.equal(null);
        expect(undo!.slice(2)).to.deep.equal(['cart', 'admin@example.com']);
        const created = Number(lines.at(-2)!.match(/^Created (\d+)/)![1]);
        const done = runPanel([...lines.at(-1)!.replace('Undo with: panel ', '').split(' '), '--format=json'], env);
        expect(done.code, done.stderr).to.equal(0);
        expect(JSON.parse(done.stdout)).to.include({ deleted: created, remaining: 0 });
        expect(JSON.parse(panel('seeder', 'cleanup', 'status', '--site=cart', '--format=json').stdout)).to.deep.equal([]);
      });
    }

    it('recipe run on emporium holds every step; --format=json reports the run with its undo command', () => {
      const r = panel('seeder', 'recipe', 'run', 'grocery', '--site=shop', '--seed=7', '--format=json', admin);
      expect(r.code, r.stderr).to.equal(0);
      const report = JSON.parse(r.stdout);
      expect(report).to.include({ recipe: 'grocery', platform: 'emporium', size: 'small', skipped: 0, failed: 0, locale: 'en_US', vocabulary_locale: 'en_US' });
      expect(report.steps.map((s: { created: number }) => s.created)).to.deep.equal([10, 8, 6, 3, 16, 8, 10, 4, 20]);
      expect(report.undo).to.equal(`panel seeder cleanup --run_id=${report.run_id} --site=shop --user=admin@example.com`);
      const done = runPanel([...report.undo.replace('panel ', '').split(' '), '--format=json'], env);
      expect(JSON.parse(done.stdout)).to.include({ deleted: report.created, remaining: 0 });
    });

    it('sample-data and recipe sync: consent first (an administrator, with --user), then downloads; revoke removes them', async () => {
      expect(panel('seeder', 'sample-data', 'status', '--site=shop').stdout).to.contain('Consent: undecided.');
      const early = panel('seeder', 'recipe', 'sync', '--site=shop', admin);
      expect(early.code).to.equal(1);
      expect(early.stderr).to.contain('recipes.consent_required');
      expect(panel('seeder', 'sample-data', 'consent', 'grant', '--site=shop').stderr).to.contain('needs an explicit user');
      expect(panel('seeder', 'sample-data', 'consent', 'grant', '--site=shop', '--user=viewer@example.com').stderr).to.contain('auth.forbidden');
      expect(panel('seeder', 'sample-data', 'consent', 'maybe', '--site=shop', admin).code).to.equal(2);
      const granted = panel('seeder', 'sample-data', 'consent', 'grant', '--site=shop', admin);
      expect(granted.stdout.trim(), granted.stderr).to.equal('Consent: granted.');

      const synced = await download('seeder', 'recipe', 'sync', '--site=shop', admin);
      expect(synced.code, synced.stderr).to.equal(0);
      expect(synced.stdout).to.contain(`Synced electronics, fashion, grocery from ${server.base}/recipes.tar.gz`);
      expect(panel('seeder', 'recipe', 'status', '--site=shop').stdout).to.contain('Synced copy: electronics, fashion, grocery');
      expect(panel('seeder', 'recipe', 'list', '--site=shop').stdout).to.match(/grocery\s+Grocery store \(synced\)\s+synced/);
      const forced = JSON.parse((await download('seeder', 'recipe', 'sync', '--force', '--site=shop', admin, '--format=json')).stdout);
      expect(forced).to.include({ forced: true, removed_previous: true, changed: true });

      const sample = await download('seeder', 'sample-data', 'sync', '--locales=de_DE', '--site=shop', admin);
      expect(sample.code, sample.stderr).to.equal(0);
      expect(sample.stdout).to.contain('Downloaded de_DE');
      expect(panel('seeder', 'sample-data', 'status', '--site=shop').stdout).to.contain('de_DE');

      const revoked = panel('seeder', 'sample-data', 'revoke', '--site=shop', admin);
      expect(revoked.stdout).to.contain('Consent: declined.').and.contain('Removed 1 sample-data file(s) and the synced recipe archive');
      const after = JSON.parse(panel('seeder', 'sample-data', 'status', '--site=shop', '--format=json').stdout);
      expect(after.consent.state).to.equal('declined');
      expect(after.files).to.deep.equal([]);
      expect(panel('seeder', 'recipe', 'status', '--site=shop').stdout).to.contain('No synced copy');
    });
  });
}
