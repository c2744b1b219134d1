/**
 * The plugins this panel knows: the built-in ones and those loaded from `PANEL_PLUGINS` module
 * paths. Metadata is checked when a plugin is registered, with coded errors (STYLE item 6).
 */
import { pathToFileURL } from 'node:url';
import { PanelError } from './errors.ts';
import type { Plugin } from './plugin.ts';
import { isValidRange } from './version-range.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

let typeScript: Promise<unknown> | undefined;

/**
 * A plugin module written in TypeScript loads through tsx, a development dependency: the compiled
 * panel runs JavaScript, and run from its own sources tsx is already there. Ship a plugin as
 * JavaScript to load it without tsx.
 */
function loadTypeScript(file: string): Promise<unknown> {
  if (import.meta.url.endsWith('.ts')) return Promise.resolve();
  typeScript ??= import('tsx/esm/api').then(
    ({ register }) => register(),
    () => {
      throw new PanelError('plugins.invalid_metadata', `${file} is TypeScript and tsx is not installed; load the plugin's compiled JavaScript instead.`, { origin: file });
    },
  );
  return typeScript;
}

/** Checks a plugin's metadata; throws `plugins.invalid_metadata` naming every bad field. */
export function checkPluginMetadata(candidate: unknown, origin: string): Plugin {
  const p = candidate as Partial<Plugin> | null;
  const problems: string[] = [];
  if (!p || typeof p !== 'object') {
    throw new PanelError('plugins.invalid_metadata', `${origin} does not export a plugin.`, { origin });
  }
  if (typeof p.name !== 'string' || !SLUG.test(p.name)) problems.push('name (a lowercase slug)');
  if (typeof p.version !== 'string' || !SEMVER.test(p.version)) problems.push('version (a semantic version)');
  if (typeof p.label !== 'string' || p.label.trim() === '') problems.push('label (a non-empty string)');
  if (p.requires !== undefined && (!Array.isArray(p.requires) || !p.requires.every((r) => typeof r === 'string' && SLUG.test(r)))) {
    problems.push('requires (a list of plugin slugs)');
  }
  if (
    p.requiresVersions !== undefined &&
    (typeof p.requiresVersions !== 'object' || p.requiresVersions === null || Array.isArray(p.requiresVersions) ||
      !Object.entries(p.requiresVersions).every(([name, range]) => SLUG.test(name) && isValidRange(range)))
  ) {
    problems.push('requiresVersions (plugin slugs or "panel" to version ranges such as ">=0.1")');
  }
  if (p.migrations !== undefined && (!Array.isArray(p.migrations) || !p.migrations.every((m) => m && typeof m.id === 'string' && typeof m.up === 'function'))) {
    problems.push('migrations (a list of {id, up})');
  }
  if (typeof p.apply !== 'function') problems.push('apply (a function)');
  if (problems.length > 0) {
    throw new PanelError(
      'plugins.invalid_metadata',
      `Plugin from ${origin} has invalid metadata: ${problems.join(', ')}.`,
      { origin, fields: problems.map((s) => s.split(' ')[0]) },
    );
  }
  return p as Plugin;
}

type PluginExport = Plugin | (new () => Plugin);

function instantiate(exported: unknown): unknown {
  if (typeof exported === 'function') {
    try {
      return new (exported as new () => Plugin)();
    } catch {
      return exported;
    }
  }
  return exported;
}

export class PluginCatalog {
  readonly #plugins = new Map<string, Plugin>();

  register(candidate: PluginExport, origin = 'built-in'): Plugin {
    const plugin = checkPluginMetadata(instantiate(candidate), origin);
    const known = this.#plugins.get(plugin.name);
    if (known && known !== plugin) {
      throw new PanelError('plugins.invalid_metadata', `Two plugins are named "${plugin.name}" (${origin}).`, { origin, fields: ['name'] });
    }
    this.#plugins.set(plugin.name, plugin);
    return plugin;
  }

  /** Loads plugin modules; each default export (or `plugin`/`plugins` export) is a plugin class, instance or list of them. */
  async loadModules(paths: readonly string[]): Promise<Plugin[]> {
    const loaded: Plugin[] = [];
    for (const file of paths) {
      if (/\.[cm]?ts$/.test(file)) await loadTypeScript(file);
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const exported = mod.default ?? mod.plugins ?? mod.plugin;
      const list = Array.isArray(exported) ? exported : [exported];
      for (const item of list) loaded.push(this.register(item as PluginExport, file));
    }
    return loaded;
  }

  get(slug: string): Plugin | undefined {
    return this.#plugins.get(slug);
  }

  require(slug: string): Plugin {
    const p = this.#plugins.get(slug);
    if (!p) throw new PanelError('plugins.not_found', `No plugin named "${slug}" is installed.`, { field: 'plugin', plugin: slug });
    return p;
  }

  list(): Plugin[] {
    return [...this.#plugins.values()];
  }
}
