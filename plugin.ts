/**
 * The Seeder plugin: realistic, reproducible test data for the store platforms of a site, with a
 * ledger of every write so the data can be removed exactly. It registers the built-in drivers, the
 * ledger table, the REST namespace `seeder/v1`, the admin screen and the `panel seeder` commands;
 * every surface calls the same controllers (controllers/).
 *
 * The public API for other plugins (drivers, recipe authors) is plugin-api.ts, not this module.
 */
import type { Command } from 'commander';
import { seederAdminPage } from './admin/page.ts';
import { bindSeederHooks, SEEDER_HOOKS } from './controllers/hooks.ts';
import { registerSeederCli } from './cli/seeder.ts';
import { builtinDrivers } from './drivers/builtin.ts';
import type { PluginCli } from './panel/plugin.ts';
import type { Plugin, PluginContext } from './panel/plugin.ts';
import { SEEDER_RECIPES, SeederRecipes } from './recipes/service.ts';
import { registerVocabularyProviders } from './recipes/vocabulary.ts';
import './controllers/error-codes.ts';
import { LEDGER_MIGRATIONS } from './controllers/ledger.ts';
import { mountMcpHttp } from './mcp/http.ts';
import { mountSeederRoutes } from './rest/routes.ts';
import { SEEDER_VERSION } from './controllers/version.ts';

export { SEEDER_VERSION };

export class SeederPlugin implements Plugin {
  readonly name = 'seeder';
  readonly version = SEEDER_VERSION;
  readonly label = 'Seeder';
  readonly migrations = LEDGER_MIGRATIONS;
  /** The Seeder owns its hooks: declared on a site while it is active there, called only by it. */
  readonly hookCatalogue = SEEDER_HOOKS;

  registerCli(program: Command, ctx: PluginCli): void {
    // The MCP SDK loads only when `panel seeder mcp` runs.
    registerSeederCli(program, ctx, { serveMcpStdio: async (site, actor) => (await import('./mcp/stdio.ts')).serveStdio(site, actor) });
  }

  apply(ctx: PluginContext): void {
    ctx.onDispose(bindSeederHooks(ctx.site, ctx.ownHooks));
    const builtins = builtinDrivers();
    // Priority 5: the built-in drivers come first, so a third-party driver cannot shadow their ids.
    ctx.hooks.addFilter('seeder_platforms', (drivers) => [...builtins, ...drivers], 5);
    // Recipes and sample data: the site's registry and download queue, and its two vocabulary layers.
    ctx.provide(SEEDER_RECIPES, new SeederRecipes(ctx.site));
    ctx.onDispose(registerVocabularyProviders(ctx.site));
    // The MCP tools over Streamable HTTP (POST .../seeder/v1/mcp, bearer token only) share the namespace.
    ctx.registerRest('seeder/v1', (router) => mountSeederRoutes(router, ctx.site, { mountMcp: (router, site, path) => mountMcpHttp(router, site, path) }));
    ctx.registerAdminPage(seederAdminPage(ctx.site));
    ctx.ownHooks.doAction('seeder_loaded', { version: SEEDER_VERSION });
  }
}
