/**
 * Issue 18, point 2: every declared hook is fired by its owner. A recorder plugin taps every name the
 * host and the installed plugins declare (each family for every resource it lists), then a site goes
 * through a whole working session over the real REST server, the admin screen and a real MCP client:
 * plugin (de)activation, preview, generate, a recipe run, the recipe and sample-data sources (served
 * locally), the MCP tools, cleanup. Each fixed name, and each family for at least one resource, must
 * have fired; a hook declared but never called fails here, naming it.
 */
import request from 'supertest';
import { expect } from 'chai';
import { HOST_HOOKS, type HookDeclaration } from '../../hooks/index.ts';
import type { Plugin, PluginContext } from '../../panel/plugin.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { builtinDrivers } from '../../drivers/builtin.ts';
import { platformSegment } from '../../controllers/hooks.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { main } from '../../panel/cli/main.ts';
import { TEST_SECRET_KEY } from '../support/secret-key.ts';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase, siteIds } from '../support/databases.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { connectHttp, jsonOf, listen } from '../mcp/support.ts';
import { startSourceServer, type SourceServer } from '../recipes/support/source-server.ts';

const DECLARATIONS: HookDeclaration[] = [
  HOST_HOOKS,
  ...BUILTIN_PLUGINS.map((p) => (typeof p === 'function' ? new p() : p).hookCatalogue).filter((d): d is HookDeclaration => d !== undefined),
];

/** The segments of the families keyed by platform: the built-in drivers' ids (a third-party id works the same). */
const PLATFORMS = builtinDrivers().map((d) => platformSegment(d.id));

/** A fixed name, or a family pattern with the names of its members. */
interface Entry {
  readonly name: string;
  readonly kind: 'filter' | 'action';
  readonly members: readonly string[];
}
const ENTRIES: Entry[] = DECLARATIONS.flatMap((d) => [
  ...Object.entries(d.hooks).map(([name, spec]) => ({ name, kind: spec.kind, members: [name] })),
  ...(d.families ?? []).map((f) => {
    const segments =
      f.segment === 'platform' ? PLATFORMS : f.segment === 'platform_resource' ? PLATFORMS.flatMap((p) => RESOURCE_NAMES.map((r) => `${p}_${r}`)) : f.resources;
    return { name: f.pattern, kind: f.kind, members: segments.map((r) => `${f.prefix}${r}${f.suffix}`) };
  }),
]);

const fired = new Set<string>();

class RecorderPlugin implements Plugin {
  readonly name = 'hook-recorder';
  readonly version = '1.0.0';
  readonly label = 'Hook recorder (test fixture)';
  apply(ctx: PluginContext): void {
    const hooks = ctx.hooks as unknown as {
      addFilter(name: string, fn: (v: unknown) => unknown): void;
      addAction(name: string, fn: () => void): void;
    };
    for (const entry of ENTRIES) {
      for (const name of entry.members) {
        if (entry.kind === 'filter') hooks.addFilter(name, (v: unknown) => (fired.add(name), v));
        else hooks.addAction(name, () => void fired.add(name));
      }
    }
  }
}

eachDatabase('hooks: every declared hook fires in a working session', (target) => {
  let h: SeederHttp;
  let source: SourceServer;

  before(async () => {
    fired.clear();
    source = await startSourceServer();
    source.set('/de_DE.json', JSON.stringify({ locale: 'de_DE', product_names: ['Bienenstich'], product_adjectives: [], tag_labels: ['Regional'] }));
    h = await startSeederHttp(target, { plugins: ['emporium', 'seeder', 'hook-recorder'], extraPlugins: [RecorderPlugin] });
    // The sources are served on this machine: the recipe archive and sample data come from `source`.
    h.site.hooks.addFilter('seeder_recipes_source', () => `${source.base}/recipes.tar.gz`);
    h.site.hooks.addFilter('seeder_sample_data_source', (_url, locale) => `${source.base}/${locale}.json`);
  });
  after(async () => {
    await h.dispose();
    await source.close();
  });

  it('fires every fixed hook, and every family for at least one resource', async function () {
    this.timeout(120_000);
    const { client, kernel, app } = h;
    // Plugins come and go.
    await kernel.activatePlugin('shop', 'cartwheel');
    await kernel.deactivatePlugin('shop', 'cartwheel');
    // The site's REST index.
    expect((await request(app).get('/sites/shop/rest').set('Authorization', `Bearer ${client.token}`)).status).to.equal(200);
    // Platforms, preview, generate (the shipping plan's deprecated result alias too), lookup.
    expect((await client.get('/platforms')).status).to.equal(200);
    expect((await client.post('/products/preview', { count: 2, seed: 'walk' })).status).to.equal(200);
    expect((await client.get('/lookup?resource=products&search=a')).status).to.equal(200);
    expect((await client.post('/product-categories/generate', { count: 2, seed: 'walk' })).status).to.equal(201);
    expect((await client.post('/shipping-plans/generate', { count: 1, seed: 'walk' })).status).to.equal(201);
    // The records view, with a link for each record (through seeder_platform_admin_url_<platform>).
    expect((await client.get('/generated/records')).status).to.equal(200);
    // Recipes: the list, the source, a whole run.
    expect((await client.get('/recipes')).status).to.equal(200);
    expect((await client.get('/recipes/status')).status).to.equal(200);
    const run = await client.post('/recipes/run', { recipe: 'grocery', size: 'small', seed: 'walk' });
    expect(run.status, JSON.stringify(run.body)).to.equal(201);
    // Sample data, with consent: the download asks the local source.
    expect((await client.post('/sample-data/consent', { state: 'granted' })).status).to.equal(200);
    expect((await client.post('/sample-data/sync', { locales: ['de_DE'] })).status).to.equal(200);
    expect(source.requests.map((r) => r.url)).to.include('/de_DE.json');
    // The admin screen, signed in.
    const email = `walker-${process.pid}@example.test`;
    await createOperator(kernel.panelDb, { email, password: 'a long test password', role: 'administrator', sites: await siteIds(kernel) });
    const login = await request(app).post('/api/v1/auth/login').send({ email, password: 'a long test password' });
    const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect((await request(app).get('/sites/shop/admin/seeder/').set('Cookie', cookie)).status).to.equal(200);
    // An MCP session: list the tools, preview and generate through them.
    const server = await listen(app);
    try {
      const mcp = await connectHttp(server.origin, client.token);
      try {
        const tools = (await mcp.listTools()).tools.map((t) => t.name);
        expect(tools).to.include('preview-customers');
        expect(jsonOf(await mcp.callTool({ name: 'preview-customers', arguments: { count: 1, seed: 'walk' } })).rows).to.have.length(1);
        expect(jsonOf(await mcp.callTool({ name: 'generate-customers', arguments: { count: 1, seed: 'walk' } })).created_count).to.equal(1);
      } finally {
        await mcp.close();
      }
    } finally {
      await server.close();
    }
    // The command line, in this process (so the recorder sees it) on its own panel: a subcommand the
    // Seeder does not have asks the plugins (seeder_cli_commands) before it is refused.
    await runCliInProcess(target, [['site', 'add', 'walk', '--plugins', 'emporium,seeder,hook-recorder'], ['seeder', 'plugin-made', '--site=walk']]);
    // Cleanup of everything made.
    expect((await client.delete('/generated', { limit: 500 })).status).to.equal(200);

    const silent = ENTRIES.filter((e) => !e.members.some((m) => fired.has(m))).map((e) => e.name);
    expect(silent, 'declared hooks nobody fired').to.deep.equal([]);
  });
});

/** Runs `panel` commands in this process with the recorder installed, on a fresh data dir and database. */
async function runCliInProcess(target: Parameters<Parameters<typeof eachDatabase>[1]>[0], commands: string[][]): Promise<void> {
  const config = target.freshConfig();
  const saved = { ...process.env };
  process.env.PANEL_DATA_DIR = config.dataDir;
  if (config.databaseUrl) {
    process.env.PANEL_DATABASE_URL = config.databaseUrl;
    process.env.PANEL_SECRET_KEY = TEST_SECRET_KEY;
  } else {
    delete process.env.PANEL_DATABASE_URL;
  }
  const lines: string[] = [];
  const io = { out: (t: string) => void lines.push(t), err: (t: string) => void lines.push(t), isTTY: false };
  try {
    for (const argv of commands) await main(argv, { plugins: [...BUILTIN_PLUGINS, RecorderPlugin], defaultSitePlugins: [] }, io);
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
