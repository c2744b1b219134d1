/**
 * Issue 7, "one pipeline, proved": a plugin's `seeder_rest_params` and `seeder_canonical_entity`
 * filters take effect identically through REST, the CLI and MCP, and a capability filter that
 * narrows access is enforced by all three.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { connectHttp, jsonOf, listen, textOf, type Listening } from '../mcp/support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');
const FILTERS = path.join(here, '../fixtures/plugins/seeder-filters.ts');

type Row = { key: string; description: string };

eachDatabase('one pipeline behind REST, CLI and MCP', (target) => {
  let h: SeederHttp;
  let server: Listening;
  let cliEnv: NodeJS.ProcessEnv;
  let editorToken: string;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['toy-store', 'seeder-filters', 'seeder'], pluginModules: [TOY, FILTERS] });
    server = await listen(h.app);
    editorToken = await h.tokenFor('editor');
    await createOperator(h.kernel.panelDb, { email: 'editor-cli@example.com', password: 'a long editor password', role: 'editor', sites: [h.site.id] });
    cliEnv = panelEnv(h.kernel.config.dataDir, { PANEL_DATABASE_URL: h.kernel.config.databaseUrl, PANEL_PLUGINS: `${TOY},${FILTERS}` });
  });
  after(async () => {
    delete process.env.SEEDER_TEST_CAPABILITY;
    await server.close();
    await h.dispose();
  });

  const viaRest = async (token?: string) => h.client.post('/product-categories/preview', { count: 5, seed: 'same' }, token);
  const viaCli = (user?: string, capability?: string) =>
    runPanel(
      ['seeder', 'preview', 'product-categories', '--count=5', '--seed=same', '--format=json', '--site=shop', ...(user ? [`--user=${user}`] : [])],
      { ...cliEnv, ...(capability ? { SEEDER_TEST_CAPABILITY: capability } : {}) },
    );
  const viaMcp = async (token: string) => {
    const client = await connectHttp(server.origin, token);
    try {
      return await client.callTool({ name: 'preview-product-categories', arguments: { count: 5, seed: 'same' } });
    } finally {
      await client.close();
    }
  };

  it('the parameter and entity filters apply the same way on all three surfaces', async () => {
    const rest = (await viaRest()).body.rows as Row[];
    const cli = JSON.parse(viaCli().stdout).rows as Row[];
    const mcp = jsonOf(await viaMcp(h.client.token)).rows as Row[];
    // seeder_rest_params capped the count at 2; seeder_canonical_entity marked every description.
    expect(rest).to.have.length(2);
    for (const row of rest) expect(row.description).to.match(/^\[filtered\] /);
    expect(cli).to.deep.equal(rest);
    expect(mcp).to.deep.equal(rest);
  });

  it('a capability filter that narrows access is enforced by all three', async () => {
    // Widened to manage_store (which editors hold), an editor may use the Seeder everywhere...
    process.env.SEEDER_TEST_CAPABILITY = 'manage_store';
    expect((await viaRest(editorToken)).status).to.equal(200);
    expect(viaCli('editor-cli@example.com', 'manage_store').code).to.equal(0);
    expect(jsonOf(await viaMcp(editorToken)).rows).to.have.length(2);

    // ...narrowed back to manage_options, they may not, on any surface.
    process.env.SEEDER_TEST_CAPABILITY = 'manage_options';
    const rest = await viaRest(editorToken);
    expect(rest.status).to.equal(403);
    expect(rest.body.error.code).to.equal('auth.forbidden');
    const cli = viaCli('editor-cli@example.com', 'manage_options');
    expect(cli.code).to.equal(1);
    expect(cli.stderr).to.contain('auth.forbidden');
    let mcpRefused = '';
    try {
      const result = await viaMcp(editorToken);
      mcpRefused = textOf(result);
    } catch (e) {
      mcpRefused = String((e as Error).message);
    }
    expect(mcpRefused).to.match(/403|forbidden/i);
  });
});
