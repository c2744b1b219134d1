/**
 * The drivers of a site: whatever the `seeder_platforms` filter returns, checked. Asked on every
 * request (never cached), so a plugin activated a moment ago is seen at once.
 *
 * A plugin registers a driver with `registerDriver(ctx, driver)`: the driver's shape is checked there,
 * at once, so a driver that lacks a member is refused when its plugin is activated, with a coded error
 * naming the plugin, never with a 500 on a later request. The driver is tagged with its plugin's name
 * (a global symbol, so a second copy of this module reads it too), and every warning below names it.
 */
import { defineError } from '../panel/errors.ts';
import type { PluginContext } from '../panel/plugin.ts';
import type { Site } from '../panel/site.ts';
import type { SeederDriver } from './contract.ts';
import { hookNames, seederHooks } from '../controllers/hooks.ts';

/** Code `platform.invalid_driver` (422): a plugin registered something that is not a complete driver. */
export const InvalidDriver = defineError<{ plugin: string; driver: string | null; missing: string[] }>('platform.invalid_driver', 422);

/** Where `registerDriver` records the plugin that registered a driver. */
const DRIVER_PLUGIN = Symbol.for('seeder.driver.plugin');

/** Every member of `SeederDriver`, with what it must be; optional ones are checked only when present. */
const REQUIRED: ReadonlyArray<[keyof SeederDriver, 'string' | 'function' | 'object']> = [
  ['id', 'string'],
  ['label', 'string'],
  ['exists', 'function'],
  ['isActive', 'function'],
  ['version', 'function'],
  ['extensions', 'function'],
  ['capabilities', 'function'],
  ['writer', 'function'],
  ['existing', 'function'],
  ['vocabulary', 'object'],
];
const OPTIONAL: ReadonlyArray<[keyof SeederDriver, 'function' | 'array']> = [
  ['search', 'function'],
  ['read', 'function'],
  ['adminUrl', 'function'],
  ['currency', 'function'],
  ['ignoredParameters', 'function'],
  ['refusedAsDuplicate', 'function'],
  ['platformFields', 'array'],
];

/** What is wrong with a candidate driver: one entry per missing or mistyped member, e.g. `version (a function)`. */
export function driverProblems(candidate: unknown): string[] {
  if (typeof candidate !== 'object' || candidate === null) return ['the driver itself (an object)'];
  const d = candidate as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, kind] of REQUIRED) {
    const v = d[name];
    const ok = kind === 'string' ? typeof v === 'string' && v !== '' : kind === 'object' ? typeof v === 'object' && v !== null : typeof v === 'function';
    if (!ok) problems.push(`${name} (${kind === 'string' ? 'a non-empty string' : kind === 'object' ? 'an object' : 'a function'})`);
  }
  for (const [name, kind] of OPTIONAL) {
    const v = d[name];
    if (v === undefined) continue;
    if (kind === 'array' ? !Array.isArray(v) : typeof v !== 'function') problems.push(`${name} (${kind === 'array' ? 'a list' : 'a function'}, or absent)`);
  }
  return problems;
}

/** The plugin that registered the driver through `registerDriver`, if it did. */
export function driverPlugin(driver: object): string | undefined {
  const owner = (driver as { [DRIVER_PLUGIN]?: unknown })[DRIVER_PLUGIN];
  return typeof owner === 'string' ? owner : undefined;
}

/** Records that `plugin` registered `driver` (the built-in drivers are the Seeder's). */
export function ownDriver<D extends object>(driver: D, plugin: string): D {
  Object.defineProperty(driver, DRIVER_PLUGIN, { value: plugin, configurable: true, enumerable: false });
  return driver;
}

function idOf(candidate: unknown): string | null {
  const id = (candidate as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Registers a driver for the plugin whose context this is: checks its shape (throws 422
 * `platform.invalid_driver` naming the plugin and every missing member), then taps `seeder_platforms`.
 * The tap goes with the plugin's other taps when it is deactivated; the returned function removes it sooner.
 */
export function registerDriver(ctx: Pick<PluginContext, 'hooks'>, driver: SeederDriver, priority?: number): () => boolean {
  const plugin = ctx.hooks.plugin;
  const problems = driverProblems(driver);
  if (problems.length > 0) {
    const id = idOf(driver);
    throw new InvalidDriver(
      `Plugin "${plugin}" registered ${id ? `driver "${id}"` : 'a driver'} that is not complete: it lacks ${problems.join(', ')}.`,
      { plugin, driver: id, missing: problems.map((p) => p.split(' ')[0]!) },
    );
  }
  ownDriver(driver, plugin);
  return ctx.hooks.addFilter('seeder_platforms', (drivers) => [...drivers, driver], priority);
}

/** Each warning once per process: the list is rebuilt on every request. */
/** What each site has already been warned about: one warning per site and problem, not one per request. */
const warned = new WeakMap<Site, Set<string>>();
function warnOnce(site: Site, key: string, message: string, code: string): void {
  let seen = warned.get(site);
  if (!seen) warned.set(site, (seen = new Set()));
  if (seen.has(key)) return;
  seen.add(key);
  process.emitWarning(message, { code });
}

function named(candidate: unknown): string {
  const plugin = typeof candidate === 'object' && candidate !== null ? driverPlugin(candidate) : undefined;
  return plugin ? `plugin "${plugin}"` : 'a plugin that tapped seeder_platforms without registerDriver';
}

/**
 * The registered drivers. An incomplete entry is dropped with a warning naming its plugin and what it
 * lacks; a second driver with an id already taken is dropped with a warning naming both plugins (the
 * first registration wins, and the built-in drivers register first).
 */
export function siteDrivers(site: Site): SeederDriver[] {
  const registered = seederHooks(site).applyFilters('seeder_platforms', []) as unknown[];
  const byId = new Map<string, SeederDriver>();
  for (const candidate of registered) {
    const problems = driverProblems(candidate);
    if (problems.length > 0) {
      const id = idOf(candidate);
      warnOnce(
        site,
        `bad:${named(candidate)}:${id}:${problems.join()}`,
        `${id ? `Driver "${id}"` : 'A driver'} registered by ${named(candidate)} was ignored: it lacks ${problems.join(', ')}.`,
        'SEEDER_BAD_DRIVER',
      );
      continue;
    }
    const driver = candidate as SeederDriver;
    const first = byId.get(driver.id);
    if (first) {
      if (first !== driver) {
        warnOnce(
          site,
          `dup:${driver.id}:${named(first)}:${named(driver)}`,
          `Driver "${driver.id}" registered by ${named(driver)} was ignored: ${named(first)} registered a driver with that id first.`,
          'SEEDER_DUPLICATE_DRIVER',
        );
      }
      continue;
    }
    byId.set(driver.id, driver);
  }
  return [...byId.values()].map((d) => withPlatformHooks(site, d));
}

/**
 * The driver as every surface sees it: its capability matrix through `seeder_platform_supports_<id>`,
 * its platform fields through `seeder_platform_fields_<id>`, its lookup results through
 * `seeder_platform_search_<id>` (each asked on every use). Untapped, the driver itself.
 */
function withPlatformHooks(site: Site, driver: SeederDriver): SeederDriver {
  const hooks = seederHooks(site);
  let supports, fields, search;
  try {
    [supports, fields, search] = [hookNames.platformSupports(driver.id), hookNames.platformFields(driver.id), hookNames.platformSearch(driver.id)];
  } catch {
    return driver; // An id that makes no hook name segment (e.g. it starts with a digit) has no per-platform hooks.
  }
  if (!hooks.isUsed(supports) && !hooks.isUsed(fields) && !(driver.search && hooks.isUsed(search))) return driver;
  const context = { platform: driver.id };
  // The view inherits everything else from the driver (its writers, its plugin tag).
  const view = Object.create(driver) as SeederDriver;
  Object.defineProperties(view, {
    capabilities: { value: (s: Site) => hooks.applyFilters(supports, driver.capabilities(s), context) },
    platformFields: { get: () => hooks.applyFilters(fields, [...(driver.platformFields ?? [])], context) },
    ...(driver.search
      ? {
          search: {
            value: async (resource: Parameters<NonNullable<SeederDriver['search']>>[0], term: string, s: Site, limit: number) =>
              hooks.applyFilters(search, await driver.search!(resource, term, s, limit), { ...context, resource, search: term, limit }),
          },
        }
      : {}),
  });
  return view;
}

/** The registered drivers whose store is active on the site now. */
export function activeDrivers(site: Site): SeederDriver[] {
  return siteDrivers(site).filter((d) => d.isActive(site));
}
