/**
 * The drivers of a site: whatever the `seeder_platforms` filter returns, checked. Asked on every
 * request (never cached), so a plugin activated a moment ago is seen at once.
 */
import type { Site } from '../panel/site.ts';
import type { SeederDriver } from './contract.ts';
import { seederHooks } from '../controllers/hooks.ts';

function isDriver(d: unknown): d is SeederDriver {
  const x = d as Partial<SeederDriver> | null;
  return Boolean(
    x && typeof x.id === 'string' && x.id !== '' && typeof x.label === 'string' &&
      typeof x.exists === 'function' && typeof x.isActive === 'function' && typeof x.capabilities === 'function' &&
      typeof x.writer === 'function' && typeof x.existing === 'function',
  );
}

/** The registered drivers, first registration of an id winning; malformed entries are dropped with a warning. */
export function siteDrivers(site: Site): SeederDriver[] {
  const registered = seederHooks(site).applyFilters('seeder_platforms', []) as unknown[];
  const seen = new Set<string>();
  const drivers: SeederDriver[] = [];
  for (const candidate of registered) {
    if (!isDriver(candidate)) {
      process.emitWarning(`A seeder_platforms tap returned something that is not a driver; it was ignored.`, { code: 'SEEDER_BAD_DRIVER' });
      continue;
    }
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    drivers.push(candidate);
  }
  return drivers;
}

/** The registered drivers whose store is active on the site now. */
export function activeDrivers(site: Site): SeederDriver[] {
  return siteDrivers(site).filter((d) => d.isActive(site));
}
