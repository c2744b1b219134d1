/**
 * The plugin contract of the host. A plugin is a class with a `name` constant and `apply()`;
 * it is activated per site, and everything it registers through its context (hook taps, REST
 * namespaces, admin pages and notices, services, disposers) is undone when it is deactivated, in the
 * same process.
 */
import type { Knex } from 'knex';
import type { Router } from 'express';
import type { ScopedHooks } from '../hooks/index.ts';
import type { Site } from './site.ts';
import type { Command } from 'commander';
import type { CliContext } from './cli/context.ts';
import type { AdminNotice, AdminPage } from './admin/contract.ts';
import type { PanelConfig } from './config.ts';

/**
 * What a migration may need besides its database. The kernel passes the panel's configuration to
 * the panel database's migrations (a data migration may need the data folder or a key from it).
 */
export interface MigrationContext {
  config?: PanelConfig;
}

/** A schema change owned by one plugin, run once per site when the plugin is activated. */
export interface Migration {
  /** Unique within the plugin; applied migrations are recorded by (plugin, id). */
  readonly id: string;
  up(db: Knex, context: MigrationContext): Promise<void>;
}

export interface Plugin {
  /** The plugin's slug: lowercase letters, digits and dashes. */
  readonly name: string;
  /** Semantic version of the plugin. */
  readonly version: string;
  /** Human name shown in listings. */
  readonly label: string;
  /** Slugs of plugins that must be active on the site before this one can be. */
  readonly requires?: readonly string[];
  /**
   * Versions this plugin needs, as ranges (see version-range.ts): `panel` is the host, any other key a
   * plugin's slug, e.g. `{ panel: '>=0.1', seeder: '^0.1' }`. Checked when the plugin is activated: an
   * unmet one refuses the activation with 409 `plugins.requirement_missing` naming it.
   */
  readonly requiresVersions?: Readonly<Record<string, string>>;
  /** Schema changes, in order. */
  readonly migrations?: readonly Migration[];
  /** Adds the plugin's `panel` subcommands (registered for every installed plugin; commands check activation on `--site`). */
  registerCli?(program: Command, ctx: CliContext): void;
  /** Registers the plugin's hooks, routes and services on one site. */
  apply(ctx: PluginContext): void | Promise<void>;
}

/** A typed key for a service one plugin offers to others on the same site. */
export interface ServiceKey<T> {
  readonly id: string;
  /** Phantom field that carries the type; never set. */
  readonly __type?: T;
}

export function defineService<T>(id: string): ServiceKey<T> {
  return Object.freeze({ id });
}

/** Builds the routes of one REST namespace (e.g. `seeder/v1`) under `/sites/{id}/rest/`. */
export type RouteBuilder = (router: Router) => void;

/** What a plugin receives when it is applied to a site. Everything registered here is disposed on deactivation. */
export interface PluginContext {
  readonly site: Site;
  /** The site's hook bus, scoped to this plugin: taps name the plugin and are removed on deactivation. */
  readonly hooks: ScopedHooks;
  /** Registers a REST namespace on this site (`/sites/{site}/rest/{namespace}/...`). */
  registerRest(namespace: string, build: RouteBuilder): void;
  /**
   * Adds a page to the site's admin at `/sites/{site}/admin/{slug}/` (see `admin/contract.ts`). Throws
   * when the slug is malformed, reserved or already registered on this site.
   */
  registerAdminPage(page: AdminPage): void;
  /**
   * Shows a notice on the site's admin screens, owned by this plugin. It stays until the plugin is
   * deactivated, or until the returned function is called (for a condition that has been resolved).
   */
  addAdminNotice(notice: AdminNotice): () => void;
  /** Offers a service to the other plugins of this site. */
  provide<T>(key: ServiceKey<T>, value: T): void;
  /** Runs on deactivation (and on site shutdown), after the plugin's taps and routes are gone. */
  onDispose(fn: () => void | Promise<void>): void;
}
