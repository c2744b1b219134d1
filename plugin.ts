/**
 * The Seeder plugin: realistic, reproducible test data for the store platforms of a site, with a
 * ledger of every write so the data can be removed exactly. It registers the built-in drivers, the
 * ledger table, the REST namespace `seeder/v1`, the admin screen and the `panel seeder` commands;
 * every surface calls the same controllers (controllers/).
 *
 * The public API for other plugins (drivers, recipe authors) is plugin-api.ts, not this module.
 */
import type { Command } from 'commander';
import { bindSeederHooks, SEEDER_HOOKS } from './controllers/hooks.ts';
import type { PluginCli } from './panel/plugin.ts';
import type { Plugin, PluginContext } from './panel/plugin.ts';
import './controllers/error-codes.ts';
import { LEDGER_FILES_MIGRATIONS, LEDGER_MIGRATIONS } from './controllers/ledger.ts';
import { IDEMPOTENCY_MIGRATIONS } from './controllers/idempotency.ts';
import { RUN_ORIGIN_MIGRATIONS } from './controllers/run-origins.ts';
import { SEEDER_VERSION } from './controllers/version.ts';

export { SEEDER_VERSION };

export class SeederPlugin implements Plugin {
  readonly name = 'seeder';
  readonly version = SEEDER_VERSION;
  readonly label = 'Seeder';
  readonly description = 'Fills the active stores with realistic, reproducible test data, and removes exactly that data later.';
  readonly migrations = [...LEDGER_MIGRATIONS, ...IDEMPOTENCY_MIGRATIONS, ...RUN_ORIGIN_MIGRATIONS, ...LEDGER_FILES_MIGRATIONS];
  /** The Seeder owns its hooks: declared on a site while it is active there, called only by it. */
  readonly hookCatalogue = SEEDER_HOOKS;

  registerCli(program: Command, ctx: PluginCli): void {
    // `panel --help` needs the command's name and description only. Its subcommands, and the
    // generators, schemas and controllers behind them, load when a `panel seeder ...` command (or its
    // help) runs: commander calls this hook before it parses the subcommand's arguments.
    const seeder = program.command('seeder').description('Generate realistic, reproducible store data, and remove exactly what was generated.');
    program.hook('preSubcommand', async (_program, sub) => {
      if (sub !== seeder || seeder.commands.length > 0) return;
      const { registerSeederCli } = await import('./cli/seeder.ts');
      // The MCP SDK loads only when `panel seeder mcp` runs.
      registerSeederCli(seeder, ctx, { serveMcpStdio: async (site, actor) => (await import('./mcp/stdio.ts')).serveStdio(site, actor) });
      // Subcommands other plugins declare (`seeder_cli_commands`), read from the site when one is asked for.
      await (await import('./cli/plugin-commands.ts')).registerPluginCommands(seeder, ctx, (program as unknown as { rawArgs?: string[] }).rawArgs ?? []);
    });
  }

  async apply(ctx: PluginContext): Promise<void> {
    ctx.onDispose(bindSeederHooks(ctx.site, ctx.ownHooks));
    // What a site needs loads when a site applies the plugin, not when the panel lists its plugins.
    const [{ seederAdminPage }, { builtinDrivers }, { SEEDER_RECIPES, SeederRecipes }, { registerVocabularyProviders }] = await Promise.all([
      import('./admin/page.ts'),
      import('./drivers/builtin.ts'),
      import('./recipes/service.ts'),
      import('./recipes/vocabulary.ts'),
    ]);
    const builtins = builtinDrivers();
    // Priority 5: the built-in drivers come first, so a third-party driver cannot shadow their ids.
    ctx.hooks.addFilter('seeder_platforms', (drivers) => [...builtins, ...drivers], 5);
    // Recipes and sample data: the site's registry and download queue, and its two vocabulary layers.
    ctx.provide(SEEDER_RECIPES, new SeederRecipes(ctx.site));
    ctx.onDispose(registerVocabularyProviders(ctx.site));
    // The MCP tools over Streamable HTTP (POST .../seeder/v1/mcp, bearer token only) share the namespace.
    // The route modules load when the site first serves REST, not for a CLI command.
    ctx.registerRest('seeder/v1', async (router) => {
      const [{ mountMcpHttp }, { mountSeederRoutes }] = await Promise.all([import('./mcp/http.ts'), import('./rest/routes.ts')]);
      mountSeederRoutes(router, ctx.site, { mountMcp: (router, site, path) => mountMcpHttp(router, site, path) });
    });
    ctx.registerAdminPage(seederAdminPage(ctx.site));
    ctx.ownHooks.doAction('seeder_loaded', { version: SEEDER_VERSION });
  }
}
