/**
 * The host kernel: the panel database, the site registry, the plugin catalogue and the open sites.
 * One process serves many sites; each site is opened on first use and kept open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { secretKeyFile } from './auth/secret-key.ts';
import { Databases, sqliteFiles } from './database.ts';
import { HookError } from '../hooks/index.ts';
import { PanelError } from './errors.ts';
import { MEMBERS_TABLE } from './membership.ts';
import { migrate } from './migrations.ts';
import { PANEL_MIGRATIONS } from './panel-schema.ts';
import { PluginCatalog } from './plugin-catalog.ts';
import { makePrivateDir, tightenModes } from './private-files.ts';
import { ensureOptionsTable, Options } from './options.ts';
import { hostHooks, Site, type SiteRecord } from './site.ts';
import type { CounterValues } from './counters.ts';
import { SITE_ID_PATTERN } from './database.ts';
import type { PanelConfig } from './config.ts';
import type { Migration, Plugin } from './plugin.ts';
import { PANEL_VERSION } from './version.ts';
import { satisfies } from './version-range.ts';

/** The option holding a site's active plugin slugs, in activation order. */
const ACTIVE_PLUGINS = 'active_plugins';

export interface KernelOptions {
  config: PanelConfig;
  /** Plugins known without loading a module (the built-in ones). */
  builtins?: ReadonlyArray<Plugin | (new () => Plugin)>;
  /** Plugins activated, in this order, on a site created without a plugin list (first start, the API). */
  defaultSitePlugins?: readonly string[];
  /** Extra migrations for the panel database, by owner (the control panel API adds its tables this way). */
  panelMigrations?: ReadonlyArray<{ owner: string; migrations: readonly Migration[] }>;
}

/** One migration a process applied: on the panel database (`site` null) or on a site's. */
export interface AppliedMigration {
  site: string | null;
  owner: string;
  id: string;
}

export class Kernel {
  readonly config: PanelConfig;
  readonly databases: Databases;
  readonly plugins: PluginCatalog;
  /** Plugins activated, in this order, on a new site when none are named (those installed). */
  readonly defaultSitePlugins: readonly string[];
  readonly #sites = new Map<string, Promise<Site>>();
  /** Per site, the tail of its plugin-set changes in this process. */
  readonly #locks = new Map<string, Promise<unknown>>();

  private constructor(config: PanelConfig, databases: Databases, plugins: PluginCatalog, defaultSitePlugins: readonly string[]) {
    this.config = config;
    this.databases = databases;
    this.plugins = plugins;
    this.defaultSitePlugins = defaultSitePlugins.filter((slug) => plugins.get(slug));
  }

  static async boot(options: KernelOptions): Promise<Kernel> {
    const { config } = options;
    if (!config.databaseUrl) makePrivateDir(config.dataDir);
    // Before anything is opened: a data folder made by an earlier version, or loosened since, becomes owner-only.
    const tightened = tightenModes(config.dataDir, [config.dataDir, ...sqliteFiles(config.dataDir), secretKeyFile(config.dataDir)]);
    if (tightened.length > 0) {
      // One line on stderr, for whoever starts the panel (not a process warning, which Node follows with a hint line).
      process.stderr.write(`Warning: the data folder holds password hashes and keys, so its permissions were tightened to its owner only: ${tightened.join(', ')}.\n`);
    }
    const databases = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
    const applied: AppliedMigration[] = [];
    for (const { owner, migrations } of [{ owner: 'panel', migrations: PANEL_MIGRATIONS }, ...(options.panelMigrations ?? [])]) {
      for (const id of await migrate(databases.panel, owner, migrations, { config })) applied.push({ site: null, owner, id });
    }
    const catalog = new PluginCatalog();
    for (const p of options.builtins ?? []) catalog.register(p);
    await catalog.loadModules(config.plugins);
    const kernel = new Kernel(config, databases, catalog, options.defaultSitePlugins ?? []);
    kernel.bootMigrations = applied;
    return kernel;
  }

  /** The panel database's migrations this process applied when it booted (none when another process had). */
  bootMigrations: readonly AppliedMigration[] = [];

  /**
   * Runs every pending migration of every site's active plugins (`panel migrate`), before the site is
   * opened, and returns what it applied. The panel database's own ran at boot (`bootMigrations`).
   */
  async migrateSites(): Promise<AppliedMigration[]> {
    const applied: AppliedMigration[] = [];
    for (const { id: siteId } of await this.listSites()) {
      const db = await this.databases.site(siteId);
      await ensureOptionsTable(db);
      for (const slug of await new Options(db).get<string[]>(ACTIVE_PLUGINS, [])) {
        const plugin = this.plugins.get(slug);
        if (!plugin) {
          process.emitWarning(`Site "${siteId}" lists plugin "${slug}" as active, but it is not installed; its migrations were not run.`);
          continue;
        }
        for (const id of await migrate(db, plugin.name, plugin.migrations)) applied.push({ site: siteId, owner: plugin.name, id });
      }
    }
    return applied;
  }

  get panelDb() {
    return this.databases.panel;
  }

  // ---- sites ----

  async listSites(): Promise<SiteRecord[]> {
    return this.panelDb('sites').select('id', 'name', 'created_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
  }

  async siteRecord(id: string): Promise<SiteRecord | undefined> {
    return this.panelDb('sites').where({ id }).first('id', 'name', 'created_at');
  }

  /** Creates a site with its own database, and activates the given plugins on it. */
  async createSite(input: { id: string; name?: string; plugins?: readonly string[] }): Promise<Site> {
    if (typeof input.id !== 'string' || !SITE_ID_PATTERN.test(input.id)) {
      throw new PanelError('sites.invalid', 'A site id is 1 to 32 lowercase letters, digits or dashes, starting and ending with a letter or digit.', { field: 'id' });
    }
    if (await this.siteRecord(input.id)) {
      throw new PanelError('sites.conflict', `A site with id "${input.id}" already exists.`, { field: 'id' });
    }
    for (const slug of input.plugins ?? []) this.plugins.require(slug);
    const record: SiteRecord = { id: input.id, name: input.name?.trim() || input.id, created_at: new Date().toISOString() };
    await this.panelDb('sites').insert(record);
    const site = await this.site(record.id);
    for (const slug of input.plugins ?? []) await this.activatePlugin(site.id, slug);
    return site;
  }

  /** Deletes a site, its database and its files. */
  async removeSite(id: string): Promise<void> {
    if (!(await this.siteRecord(id))) throw new PanelError('sites.not_found', `No site with id "${id}".`, { field: 'id' });
    const open = this.#sites.get(id);
    this.#sites.delete(id);
    if (open) await (await open).close();
    await this.panelDb.transaction(async (trx) => {
      await trx(MEMBERS_TABLE).where({ site_id: id }).delete();
      await trx('sites').where({ id }).delete();
    });
    await this.databases.dropSite(id);
    // A shared uploads folder is outside the site's folder: its part goes too.
    if (this.config.uploadsDir) fs.rmSync(this.#uploadsDir(id)!, { recursive: true, force: true });
  }

  /** A site's uploads folder when PANEL_UPLOADS_DIR moves it; undefined means the site's own folder (Site's default). */
  #uploadsDir(id: string): string | undefined {
    return this.config.uploadsDir ? path.join(this.config.uploadsDir, id) : undefined;
  }

  /** Per open site, the `state` counter its applied plugins reflect. */
  readonly #applied = new WeakMap<Site, number>();

  /**
   * `Site.current`/`Site.look`: the open site as the database says it is now, in one read of the site's
   * counters. When `state` moved since this process last looked (another process, the CLI or another
   * server, changed an option), the stored plugin list is compared with the applied one, newly active
   * plugins are applied and deactivated ones disposed before the request goes on. Options themselves
   * need nothing more: `Site.versions` hands them `state`, and values kept under another number are dropped.
   */
  async #freshen(site: Site): Promise<CounterValues> {
    const counters = await site.versions('');
    const version = counters.get('state') ?? 0;
    if (this.#applied.get(site) === version) return counters;
    await this.#serial(site.id, async () => {
      // Read before the list: a change made meanwhile moves the counter again, and the next request reconciles.
      await this.#reconcile(site);
      this.#applied.set(site, version);
    });
    return counters;
  }

  /** The stored active list, without plugins this process does not have installed (warned about at open). */
  async #storedActive(site: Site): Promise<string[]> {
    return (await site.options.get<string[]>(ACTIVE_PLUGINS, [])).filter((slug) => this.plugins.get(slug));
  }

  /** Brings the site's applied plugins in line with its stored list (under the site's lock). */
  async #reconcile(site: Site): Promise<void> {
    const wanted = await this.#storedActive(site);
    for (const slug of activeSlugs(site).reverse()) {
      if (wanted.includes(slug)) continue;
      await site.unapply(slug);
      hostHooks(site).doAction('plugin_deactivated', slug);
    }
    for (const slug of wanted) {
      if (site.isActive(slug)) continue;
      const plugin = this.plugins.get(slug)!;
      try {
        await migrate(site.db, plugin.name, plugin.migrations);
        await site.apply(plugin);
        hostHooks(site).doAction('plugin_activated', slug);
      } catch (e) {
        process.emitWarning(`Plugin "${slug}", activated on site "${site.id}" elsewhere, could not be applied in this process: ${(e as Error)?.message ?? String(e)}`);
      }
    }
  }

  /** Runs changes to one site's plugin set one at a time in this process (a request's reload, an activation). */
  #serial<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.#locks.get(id) ?? Promise.resolve()).then(fn);
    this.#locks.set(id, run.catch(() => undefined));
    return run;
  }

  /** The open site; opens it (applying its active plugins) on first use. Unknown ids are `sites.not_found`. */
  site(id: string): Promise<Site> {
    let pending = this.#sites.get(id);
    if (!pending) {
      pending = this.#open(id);
      this.#sites.set(id, pending);
      pending.catch(() => this.#sites.delete(id));
    }
    return pending;
  }

  async #open(id: string): Promise<Site> {
    const record = SITE_ID_PATTERN.test(id) ? await this.siteRecord(id) : undefined;
    if (!record) throw new PanelError('sites.not_found', `No site with id "${id}".`, { field: 'site_id' });
    const db = await this.databases.site(id);
    await ensureOptionsTable(db);
    const dir = this.databases.siteDir(id);
    const site = new Site(record, db, dir, (slug) => this.plugins.get(slug), (s) => this.#freshen(s), this.#uploadsDir(id));
    this.#applied.set(site, (await site.versions('')).get('state') ?? 0);
    const slugs = await site.options.get<string[]>(ACTIVE_PLUGINS, []);
    // Every installed plugin's hooks are declared before any plugin is applied: taps do not depend on order.
    for (const plugin of this.plugins.list()) site.declareHooks(plugin);
    hostHooks(site).doAction('panel_init', site);
    for (const slug of slugs) {
      const plugin = this.plugins.get(slug);
      if (!plugin) {
        process.emitWarning(`Site "${id}" lists plugin "${slug}" as active, but it is not installed; skipped.`);
        continue;
      }
      await migrate(db, plugin.name, plugin.migrations);
      await site.apply(plugin);
    }
    hostHooks(site).doAction('plugins_loaded', site);
    return site;
  }

  // ---- plugins ----

  /** Activates a plugin on a site: checks requirements, runs its migrations, applies it at once. */
  async activatePlugin(siteId: string, slug: string): Promise<Plugin> {
    const site = await this.site(siteId);
    return this.#serial(siteId, async () => {
      await this.#reconcile(site);
      return this.#activate(site, slug);
    });
  }

  async #activate(site: Site, slug: string): Promise<Plugin> {
    const siteId = site.id;
    const plugin = this.plugins.require(slug);
    if (site.isActive(slug)) {
      throw new PanelError('plugins.already_active', `Plugin "${slug}" is already active on site "${siteId}".`, { plugin: slug });
    }
    const missing = (plugin.requires ?? []).filter((r) => !site.isActive(r));
    if (missing.length > 0) {
      throw new PanelError(
        'plugins.requirement_missing',
        `Plugin "${slug}" requires ${missing.map((m) => `"${m}"`).join(', ')} to be active on site "${siteId}" first.`,
        { plugin: slug, missing },
      );
    }
    this.#checkVersions(plugin);
    await migrate(site.db, plugin.name, plugin.migrations);
    try {
      await site.apply(plugin);
    } catch (e) {
      // The site is as it was (apply undoes a partial registration); the hook rules name what to fix.
      if (e instanceof HookError) {
        throw new PanelError('plugins.activation_failed', `Plugin "${slug}" could not be activated: ${e.message}`, { plugin: slug, reason: e.code, hook: e.hook });
      }
      throw e;
    }
    await this.#saveActive(site);
    hostHooks(site).doAction('plugin_activated', slug);
    return plugin;
  }

  /** Refuses a plugin whose `requiresVersions` the host or the installed plugins do not meet. */
  #checkVersions(plugin: Plugin): void {
    const unmet: Array<{ name: string; range: string; found: string | null }> = [];
    for (const [name, range] of Object.entries(plugin.requiresVersions ?? {})) {
      const found = name === 'panel' ? PANEL_VERSION : (this.plugins.get(name)?.version ?? null);
      if (found === null || !satisfies(found, range)) unmet.push({ name, range, found });
    }
    if (unmet.length === 0) return;
    const what = unmet.map((u) => `${u.name === 'panel' ? 'the panel' : `plugin "${u.name}"`} ${u.range} (${u.found === null ? 'not installed' : `this one is ${u.found}`})`);
    throw new PanelError('plugins.requirement_missing', `Plugin "${plugin.name}" needs ${what.join(', ')}.`, { plugin: plugin.name, versions: unmet });
  }

  /** Deactivates a plugin on a site at once: its taps, routes and services go; its data stays. */
  async deactivatePlugin(siteId: string, slug: string): Promise<void> {
    const site = await this.site(siteId);
    return this.#serial(siteId, async () => {
      await this.#reconcile(site);
      await this.#deactivate(site, slug);
    });
  }

  async #deactivate(site: Site, slug: string): Promise<void> {
    const siteId = site.id;
    this.plugins.require(slug);
    if (!site.isActive(slug)) {
      throw new PanelError('plugins.not_active', `Plugin "${slug}" is not active on site "${siteId}".`, { plugin: slug });
    }
    const dependents = site.activePlugins().filter((p) => (p.requires ?? []).includes(slug)).map((p) => p.name);
    if (dependents.length > 0) {
      throw new PanelError(
        'plugins.required_by_active',
        `Plugin "${slug}" is required by ${dependents.map((d) => `"${d}"`).join(', ')}; deactivate ${dependents.length > 1 ? 'those' : 'that'} first.`,
        { plugin: slug, dependents },
      );
    }
    await site.unapply(slug);
    await this.#saveActive(site);
    hostHooks(site).doAction('plugin_deactivated', slug);
  }

  async #saveActive(site: Site): Promise<void> {
    await site.options.set(ACTIVE_PLUGINS, site.activePlugins().map((p) => p.name));
  }

  async close(): Promise<void> {
    for (const pending of this.#sites.values()) {
      try {
        await (await pending).close();
      } catch {
        // a site that failed to open has nothing to close
      }
    }
    this.#sites.clear();
    await this.databases.close();
  }
}

const activeSlugs = (site: Site): string[] => site.activePlugins().map((p) => p.name);
