/**
 * The plugin contract of the host. A plugin is a class with a `name` constant and `apply()`;
 * it is activated per site, and everything it registers through its context (hook taps, REST
 * namespaces, admin pages and notices, services, disposers) is undone when it is deactivated, in the
 * same process.
 *
 * The pieces live with what uses them (migrations.ts, services.ts, site.ts) so that the host's
 * modules never import each other in a circle; this module gathers them into one contract.
 */
import type { Command } from 'commander';
import type { Actor } from './actor.ts';
import type { CliIO } from './cli/io.ts';
import type { Format, Row } from './cli/format.ts';
import type { PanelConfig } from './config.ts';
import type { Site, SitePlugin } from './site.ts';

export type { Migration, MigrationContext } from './migrations.ts';
export { defineService, type ServiceKey } from './services.ts';
export type { PluginContext, RouteBuilder, SitePlugin } from './site.ts';
// What a plugin's own code needs from the host besides the contract: site options, coded errors.
export type { Options } from './options.ts';
export { rootDatabase } from './roots.ts';
export { retryTransient } from './transient.ts';
export { defineError, hasErrorCode, isPanelError, isRefusal, PanelError, registerErrorCodes, type CodedError, type ErrorDetails, type PanelErrorClass } from './errors.ts';

export interface Plugin extends SitePlugin {
  /**
   * Versions this plugin needs, as ranges (see version-range.ts): `panel` is the host, any other key a
   * plugin's slug, e.g. `{ panel: '>=0.1', seeder: '^0.1' }`. Checked when the plugin is activated: an
   * unmet one refuses the activation with 409 `plugins.requirement_missing` naming it.
   */
  readonly requiresVersions?: Readonly<Record<string, string>>;
  /** Adds the plugin's `panel` subcommands (registered for every installed plugin; commands check activation on `--site`). */
  registerCli?(program: Command, ctx: PluginCli): void;
}

/** What a plugin's `panel` commands receive: output, the global flags, and the site and user they act on. */
export interface PluginCli {
  readonly io: CliIO;
  readonly config: PanelConfig;
  /** The global `--site` and `--format` of the command (defaults `default` and `table`). */
  globals(cmd: Command): { site: string; format: Format };
  printRows(cmd: Command, rows: Row[], fields: string[]): void;
  printObject(cmd: Command, obj: Row): void;
  /** The open site (booting the panel on first use); an unknown id is `sites.not_found`. */
  site(id: string): Promise<Site>;
  /**
   * Who the command acts as on `site`: `--user=<email|id>` with that operator's role there (a
   * non-member is refused); without a user, the local shell, unless `what` names a change that needs one.
   */
  actor(site: Site, user: string | true | undefined, what: string | null): Promise<Actor>;
}
