/**
 * One site: its own database, options, hook bus, services, REST namespaces and admin pages and
 * notices. The kernel builds it and applies its active plugins; everything a plugin registers is
 * disposed on deactivation.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Router } from 'express';
import type { Knex } from 'knex';
import { HOST_HOOKS, HookBus, type HookCaller, type HookDeclaration, type ScopedHooks, type TapHooks } from '../hooks/index.ts';
import { Options } from './options.ts';
import { UPLOADS_FOLDER } from './uploads.ts';
import { bumpCounter, readCounters, type CounterName, type CounterValues } from './counters.ts';
import { ServiceRegistry } from './services.ts';
import type { Migration } from './migrations.ts';
import type { ServiceKey } from './services.ts';
import { AdminRegistry, type RegisteredAdminPage } from './admin/registry.ts';
import type { AdminNotice, AdminPage, OwnedAdminNotice } from './admin/contract.ts';

/** What a site applies of a plugin (the whole contract is `Plugin` in plugin.ts, which adds the CLI). */
export interface SitePlugin {
  /** The plugin's slug: lowercase letters, digits and dashes. */
  readonly name: string;
  /** Semantic version of the plugin. */
  readonly version: string;
  /** Human name shown in listings. */
  readonly label: string;
  /** One sentence on what the plugin does, for the admin's Plugins screen. */
  readonly description?: string;
  /** Slugs of plugins that must be active on the site before this one can be. */
  readonly requires?: readonly string[];
  /**
   * The hooks this plugin owns and calls (see hooks/catalogue.ts). They are declared on every site's
   * bus of a panel where the plugin is installed; other plugins may tap them, only this one calls them
   * (and only while it is active).
   */
  readonly hookCatalogue?: HookDeclaration;
  /** Schema changes, in order. */
  readonly migrations?: readonly Migration[];
  /** Registers the plugin's hooks, routes and services on one site. */
  apply(ctx: PluginContext): void | Promise<void>;
}

/**
 * Builds the routes of one REST namespace (e.g. `seeder/v1`) under `/sites/{id}/rest/`, when the
 * site first serves REST. A builder may return a promise (to load its route modules then); the
 * namespace answers once it settles.
 */
export type RouteBuilder = (router: Router) => void | Promise<void>;

/** What a plugin receives when it is applied to a site. Everything registered here is disposed on deactivation. */
export interface PluginContext {
  readonly site: Site;
  /** The site's hook bus, scoped to this plugin: taps name the plugin and are removed on deactivation. */
  readonly hooks: ScopedHooks;
  /** The caller of the hooks this plugin declares in `hookCatalogue` (calls of any other name are refused). */
  readonly ownHooks: HookCaller;
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

const hostCallers = new WeakMap<Site, HookCaller>();
/** The empty declaration of a plugin that owns no hooks (its caller refuses every name). */
const noHooks = new WeakMap<SitePlugin, HookDeclaration>();

/** The host's caller of its own hooks (lifecycle actions, `rest_index`) on a site: for panel/ only. */
export function hostHooks(site: Site): HookCaller {
  return hostCallers.get(site)!;
}

export interface SiteRecord {
  id: string;
  name: string;
  created_at: string;
}

interface ActivePlugin {
  plugin: SitePlugin;
  disposers: Array<() => unknown>;
}

/** express loads when a site first serves REST (`panel serve`, the tests), not for CLI commands. */
const newRouter = (): Router => (createRequire(import.meta.url)('express') as typeof import('express')).Router();

/** A namespace's router; when its builder returns a promise, requests wait for it to settle. */
function buildNamespace(build: RouteBuilder): Router {
  const router = newRouter();
  const built = build(router);
  if (!(built instanceof Promise)) return router;
  const waiting = newRouter();
  waiting.use(async (req, res, next) => {
    await built;
    router(req, res, next);
  });
  return waiting;
}

export class Site {
  readonly id: string;
  readonly name: string;
  readonly db: Knex;
  readonly options: Options;
  /** The site's hooks as everyone but their owners sees them: tap, untap, ask. */
  readonly hooks: TapHooks;
  readonly #bus: HookBus;
  readonly services = new ServiceRegistry();
  /** The site's folder for files (downloads, uploads). */
  readonly dir: string;
  /** The site's uploads folder (pictures a plugin made), served at `/sites/{id}/uploads/` (panel/uploads.ts). */
  readonly uploadsDir: string;
  /** Each REST namespace's builder, and its router once built. */
  readonly #namespaces = new Map<string, { build: RouteBuilder; router?: Router }>();
  readonly #active = new Map<string, ActivePlugin>();
  readonly #admin: AdminRegistry;
  #restRoot?: Router;

  readonly #installed: (slug: string) => SitePlugin | undefined;
  readonly #freshen: (site: Site) => Promise<CounterValues>;

  constructor(
    record: SiteRecord,
    db: Knex,
    dir: string,
    installed: (slug: string) => SitePlugin | undefined = () => undefined,
    freshen: (site: Site) => Promise<CounterValues> = (site) => site.versions(''),
    uploadsDir: string = path.join(dir, UPLOADS_FOLDER),
  ) {
    this.#installed = installed;
    this.#freshen = freshen;
    this.id = record.id;
    this.name = record.name;
    this.db = db;
    this.dir = dir;
    this.uploadsDir = uploadsDir;
    this.options = new Options(db);
    this.#bus = new HookBus();
    this.hooks = this.#bus.taps();
    hostCallers.set(this, this.#bus.declare(HOST_HOOKS));
    this.#admin = new AdminRegistry(record.id);
  }

  /**
   * The router for `/sites/{id}/rest`; rebuilt when namespaces change, so calls in flight keep theirs.
   * Built on first use, with each namespace's routes: a CLI command applies plugins without serving
   * HTTP, so it never loads express nor builds a route.
   */
  get restRoot(): Router {
    if (!this.#restRoot) {
      const root = newRouter();
      for (const [ns, entry] of this.#namespaces) {
        entry.router ??= buildNamespace(entry.build);
        root.use(`/${ns}`, entry.router);
      }
      this.#restRoot = root;
    }
    return this.#restRoot;
  }

  /**
   * The site as the database says it is now: when another process (the CLI, another server) changed its
   * options since this process last looked, its plugins are brought in line first (newly active ones
   * applied, deactivated ones disposed). One indexed read when nothing changed. Each HTTP request does
   * this before it is routed; a long-lived session of another kind (MCP over stdio) does it per call.
   */
  async current(): Promise<this> {
    await this.#freshen(this);
    return this;
  }

  /**
   * As `current`, answering every change counter as the one read saw them: a request that passes them
   * on (SeederRequest.counters) needs no second read to know what was written since (the existing-record
   * cache), so keeping up with other processes costs one indexed read a request.
   */
  look(): Promise<CounterValues> {
    return this.#freshen(this);
  }

  /**
   * Every change counter whose name starts with `prefix` (e.g. `writes:`), in one read; absent ones are 0.
   * All are read (a few dozen rows either way), so `state` tells the options whether what they keep still holds.
   */
  async versions(prefix: string): Promise<Map<string, number>> {
    const all = await readCounters(this.db, '');
    this.options.observe(all.get('state') ?? 0);
    if (prefix === '') return all;
    return new Map([...all].filter(([name]) => name.startsWith(prefix)));
  }

  /** Says that something the counter covers changed (in `trx` when given, so the change and the number commit together). */
  changed(name: CounterName, trx?: Knex.Transaction): Promise<void> {
    return bumpCounter(trx ?? this.db, name);
  }

  get namespaces(): string[] {
    return [...this.#namespaces.keys()];
  }

  activePlugins(): SitePlugin[] {
    return [...this.#active.values()].map((a) => a.plugin);
  }

  /** A plugin installed on the panel (active here or not), by slug. */
  installedPlugin(slug: string): SitePlugin | undefined {
    return this.#installed(slug);
  }

  isActive(slug: string): boolean {
    return this.#active.has(slug);
  }

  /** The admin pages of the active plugins, in registration order, each with its plugin. */
  adminPages(): RegisteredAdminPage[] {
    return this.#admin.pages();
  }

  adminPage(slug: string): RegisteredAdminPage | undefined {
    return this.#admin.page(slug);
  }

  /** The notices the active plugins raised, oldest first, each with its plugin. */
  adminNotices(): OwnedAdminNotice[] {
    return this.#admin.notices();
  }

  #rebuildRestRoot(): void {
    this.#restRoot = undefined;
  }

  /**
   * Declares a plugin's own hooks on the site's bus and returns its caller (idempotent). The kernel
   * declares the hooks of every installed plugin when it opens the site, so a plugin may tap another's
   * hooks whatever the order of activation; a hook is only called while its owner is active.
   */
  declareHooks(plugin: SitePlugin): HookCaller {
    let declaration = plugin.hookCatalogue;
    if (!declaration) {
      declaration = noHooks.get(plugin) ?? { owner: plugin.name, hooks: {} };
      noHooks.set(plugin, declaration);
    }
    return this.#bus.declare(declaration);
  }

  /** Applies a plugin to this site (its migrations have already run). */
  async apply(plugin: SitePlugin): Promise<void> {
    const disposers: Array<() => unknown> = [];
    const ownHooks = this.declareHooks(plugin);
    const scope = this.#bus.scope(plugin.name);
    disposers.push(() => scope.dispose());
    const ctx: PluginContext = {
      site: this,
      hooks: scope,
      ownHooks,
      registerRest: (namespace: string, build: RouteBuilder) => {
        const ns = namespace.replace(/^\/+|\/+$/g, '');
        if (this.#namespaces.has(ns)) throw new Error(`REST namespace "${ns}" is already registered on site "${this.id}".`);
        this.#namespaces.set(ns, { build });
        this.#rebuildRestRoot();
        disposers.push(() => {
          this.#namespaces.delete(ns);
          this.#rebuildRestRoot();
        });
      },
      registerAdminPage: (page) => {
        disposers.push(this.#admin.addPage(plugin.name, page));
      },
      addAdminNotice: (notice) => {
        const remove = this.#admin.addNotice(plugin.name, notice);
        disposers.push(remove);
        return remove;
      },
      provide: (key, value) => {
        disposers.push(this.services.provide(plugin.name, key, value));
      },
      onDispose: (fn) => {
        disposers.push(fn);
      },
    };
    this.#active.set(plugin.name, { plugin, disposers });
    try {
      await plugin.apply(ctx);
    } catch (e) {
      await this.unapply(plugin.name);
      throw e;
    }
  }

  /** Undoes everything the plugin registered, newest first. */
  async unapply(slug: string): Promise<void> {
    const active = this.#active.get(slug);
    if (!active) return;
    this.#active.delete(slug);
    for (const dispose of active.disposers.reverse()) await dispose();
  }

  async close(): Promise<void> {
    for (const slug of [...this.#active.keys()].reverse()) await this.unapply(slug);
  }
}
