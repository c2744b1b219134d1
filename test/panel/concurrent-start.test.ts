/**
 * Issue 16 point 3: start-up is safe to run many at once. Three `panel serve` processes started at the
 * same moment on an empty database all come up, and between them they made one site `default`, one owner
 * and ran each migration once (before the lock, one or two of them crashed with "Table 'sites' already
 * exists"). `panel migrate` is the explicit step for deployments that migrate before starting servers.
 */
import path from 'node:path';
import { expect } from 'chai';
import { DISTRIBUTION } from '../../main.ts';
import { AUTH_MIGRATIONS } from '../../panel/auth/schema.ts';
import { Databases } from '../../panel/database.ts';
import { LOCKS_TABLE } from '../../panel/lock.ts';
import { PANEL_MIGRATIONS } from '../../panel/panel-schema.ts';
import { PluginCatalog } from '../../panel/plugin-catalog.ts';
import { DATABASE_TARGETS, tempDir } from '../support/databases.ts';
import { OWNER, runPanelAsync, serveEnv, servePanel, type ServerProcess } from '../support/cli.ts';

const catalog = new PluginCatalog();
for (const p of DISTRIBUTION.plugins) catalog.register(p);
const migrationsOf = (slugs: readonly string[]) => slugs.flatMap((slug) => (catalog.get(slug)!.migrations ?? []).map((m) => `${slug}/${m.id}`)).sort();

for (const target of DATABASE_TARGETS) {
  describe(`concurrent start-up [${target.label}]`, function () {
    this.timeout(240_000);

    it('three panel serve processes started at once on an empty database all come up, with one site, one owner, each migration once', async () => {
      const config = target.freshConfig();
      const env = serveEnv(config, path.join(tempDir(), 'data'));
      const started = await Promise.allSettled([1, 2, 3].map(() => servePanel(env)));
      const servers = started.filter((s): s is PromiseFulfilledResult<ServerProcess> => s.status === 'fulfilled').map((s) => s.value);
      const databases = await Databases.open({ url: config.databaseUrl, dataDir: env.PANEL_DATA_DIR! });
      try {
        const failures = started.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => String(s.reason));
        expect(failures, failures.join('\n')).to.deep.equal([]);
        // One process created the site and the operator; the others found them.
        expect(servers.filter((s) => s.output().includes('Created site "default"'))).to.have.length(1);
        expect(servers.filter((s) => s.output().includes(`Created operator ${OWNER.email}`))).to.have.length(1);

        const panel = databases.panel;
        expect(await panel('sites').pluck('id')).to.deep.equal(['default']);
        expect(await panel('operators').select('email', 'owner')).to.have.length(1);
        expect((await panel('operators').first('email', 'owner'))).to.deep.include({ email: OWNER.email });
        const recorded = async (db: typeof panel) => (await db('panel_migrations').select('plugin', 'id')).map((r: { plugin: string; id: string }) => `${r.plugin}/${r.id}`).sort();
        expect(await recorded(panel)).to.deep.equal([...PANEL_MIGRATIONS.map((m) => `panel/${m.id}`), ...AUTH_MIGRATIONS.map((m) => `auth/${m.id}`)].sort());
        expect(await recorded(await databases.site('default'))).to.deep.equal(migrationsOf(DISTRIBUTION.defaultSitePlugins));
        // Every lock was released.
        expect(await panel(LOCKS_TABLE).select('name')).to.deep.equal([]);
        expect(await (await databases.site('default'))(LOCKS_TABLE).select('name')).to.deep.equal([]);
      } finally {
        for (const s of servers) expect(await s.stop()).to.equal(0);
        await databases.dropAll(['default']);
      }
    });

    it('panel migrate runs what is pending, once, and then has nothing to do', async () => {
      const config = target.freshConfig();
      const env = serveEnv(config, path.join(tempDir(), 'data'));
      try {
        // An empty database: the panel's own migrations, one line each; no site or operator is made.
        const first = await runPanelAsync(['migrate'], env);
        expect(first.code, first.stderr).to.equal(0);
        const lines = first.stdout.trim().split('\n');
        expect(lines).to.have.length(PANEL_MIGRATIONS.length + AUTH_MIGRATIONS.length);
        expect(lines[0]).to.equal(`Applied panel ${PANEL_MIGRATIONS[0]!.id} (panel database).`);

        const again = await runPanelAsync(['migrate'], env);
        expect(again, again.stderr).to.deep.include({ code: 0, stdout: 'Nothing to migrate.\n' });

        // First start (site default and its plugins), then a plugin with migrations activated with the CLI: each ran its migrations.
        const activated = await runPanelAsync(['plugin', 'activate', 'cartwheel'], env);
        expect(activated.code, activated.stderr).to.equal(0);
        const after = await runPanelAsync(['migrate'], env);
        expect(after, after.stderr).to.deep.include({ code: 0, stdout: 'Nothing to migrate.\n' });
      } finally {
        const databases = await Databases.open({ url: config.databaseUrl, dataDir: env.PANEL_DATA_DIR! });
        await databases.dropAll(['default']);
      }
    });
  });
}
