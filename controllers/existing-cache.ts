/**
 * A per-site cache of the existing-record views generators read (products for orders, orders for
 * refunds...). Reading them through a store's object layer is the most expensive part of a small
 * request, and a run of requests reads the same ones again and again. Each kind is cached for at most
 * MAX_AGE_MS, and dropped at once when the Seeder itself writes or deletes records of the resource
 * that makes it, so a request always sees what earlier Seeder requests wrote. Changes made outside
 * the Seeder are seen within MAX_AGE_MS.
 */
import type { ExistingKind, ExistingRecords } from '../generators/existing.ts';
import { EXISTING_KINDS } from '../generators/existing.ts';
import type { ResourceName } from '../generators/resources.ts';
import type { Site } from '../panel/site.ts';
import type { SeederDriver } from '../drivers/contract.ts';

export const MAX_AGE_MS = 5_000;

interface Entry {
  at: number;
  value: ExistingRecords[ExistingKind];
}

const caches = new WeakMap<Site, Map<string, Entry>>();

function cacheOf(site: Site): Map<string, Entry> {
  let c = caches.get(site);
  if (!c) {
    c = new Map();
    caches.set(site, c);
  }
  return c;
}

/** The views of `kinds`, read through the driver only for kinds not cached (or too old). */
export async function existingFor(site: Site, driver: SeederDriver, kinds: readonly ExistingKind[], now = Date.now()): Promise<Partial<ExistingRecords>> {
  const cache = cacheOf(site);
  const out: Partial<Record<ExistingKind, unknown>> = {};
  const missing: ExistingKind[] = [];
  for (const kind of kinds) {
    const hit = cache.get(`${driver.id}:${kind}`);
    if (hit && now - hit.at < MAX_AGE_MS) out[kind] = hit.value;
    else missing.push(kind);
  }
  if (missing.length > 0) {
    const read = await driver.existing(missing, site, site.db);
    for (const kind of missing) {
      const value = read[kind] ?? [];
      out[kind] = value;
      cache.set(`${driver.id}:${kind}`, { at: now, value });
    }
  }
  return out as Partial<ExistingRecords>;
}

/** Drops the kinds a resource makes (and, for a cleanup, anything it may have removed along with it). */
export function invalidateExisting(site: Site, resource: ResourceName | 'all'): void {
  const cache = caches.get(site);
  if (!cache) return;
  if (resource === 'all') {
    cache.clear();
    return;
  }
  for (const [kind, maker] of Object.entries(EXISTING_KINDS)) {
    if (maker !== resource) continue;
    for (const key of [...cache.keys()]) if (key.endsWith(`:${kind}`)) cache.delete(key);
  }
}
