/**
 * One site: its own database, options, hook bus, services, REST namespaces and admin pages and
 * notices. The kernel builds it and applies its active plugins; everything a plugin registers is
 * disposed on deactivation.
 */
import { createRequire } from 'node:module';
import type { Router } from 'express';
import type { Knex } from 'knex';
import { HookBus } from '../hooks/index.ts';
import { Options } from './options.ts';
import { ServiceRegistry } from './services.ts';
import type { Plugin, PluginContext, RouteBuilder } from './plugin.ts';
import { AdminRegistry, type RegisteredAdminPage } from './admin/registry.ts';
import type { OwnedAdminNotice } from './admin/contract.ts';

export interface SiteRecord {
  id: string;
  name: string;
  created_at: string;
}

interface ActivePlugin {
  plugin: Plugin;
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
  readonly hooks: HookBus;
  readonly services = new ServiceRegistry();
  /** The site's folder for files (downloads, uploads). */
  readonly dir: string;
  /** Each REST namespace's builder, and its router once built. */
  readonly #namespaces = new Map<string, { build: RouteBuilder; router?: Router }>();
  readonly #active = new Map<string, ActivePlugin>();
  readonly #admin: AdminRegistry;
  #restRoot?: Router;

  readonly #installed: (slug: string) => Plugin | undefined;

  constructor(record: SiteRecord, db: Knex, dir: string, installed: (slug: string) => Plugin | undefined = () => undefined) {
    this.#installed = installed;
    this.id = record.id;
    this.name = record.name;
    this.db = db;
    this.dir = dir;
    this.options = new Options(db);
    this.hooks = new HookBus();
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

  get namespaces(): string[] {
    return [...this.#namespaces.keys()];
  }

  activePlugins(): Plugin[] {
    return [...this.#active.values()].map((a) => a.plugin);
  }

  /** A plugin installed on the panel (active here or not), by slug. */
  installedPlugin(slug: string): Plugin | undefined {
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

  /** Applies a plugin to this site (its migrations have already run). */
  async apply(plugin: Plugin): Promise<void> {
    const disposers: Array<() => unknown> = [];
    const scope = this.hooks.scope(plugin.name);
    disposers.push(() => scope.dispose());
    const ctx: PluginContext = {
      site: this,
      hooks: scope,
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
