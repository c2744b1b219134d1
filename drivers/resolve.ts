/**
 * Platform resolution (ARCHITECTURE.md, pipeline step 3): an explicit id, else the stored target if still
 * active, else the only active store; none active is `platform.none`; several active and no target
 * is `platform.required` with the candidates.
 */
import { hasErrorCode, PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import type { SeederDriver } from './contract.ts';
import { siteDrivers } from './registry.ts';

/** The option holding the site-wide target platform (absent means Auto). */
export const TARGET_OPTION = 'seeder_target_platform';

export async function storedTarget(site: Site): Promise<string | null> {
  return (await site.options.get<string | null>(TARGET_OPTION)) ?? null;
}

/** Stores the site-wide target; `auto` clears it. An unknown id fails and changes nothing. */
export async function setTarget(site: Site, platform: string): Promise<string | null> {
  if (platform === 'auto') {
    await site.options.delete(TARGET_OPTION);
    return null;
  }
  const driver = siteDrivers(site).find((d) => d.id === platform);
  if (!driver) {
    throw new PanelError('platform.unknown', `No platform driver "${platform}" is registered.`, {
      field: 'platform',
      known: siteDrivers(site).map((d) => d.id),
    });
  }
  await site.options.set(TARGET_OPTION, platform);
  return platform;
}

export interface Resolution {
  driver: SeederDriver;
  /** How it was chosen. */
  via: 'explicit' | 'stored' | 'only_active';
}

export async function resolvePlatform(site: Site, explicit?: string): Promise<Resolution> {
  const drivers = siteDrivers(site);
  if (explicit !== undefined && explicit !== '' && explicit !== 'auto') {
    const driver = drivers.find((d) => d.id === explicit);
    if (!driver) {
      throw new PanelError('platform.unknown', `No platform driver "${explicit}" is registered.`, { field: 'platform', known: drivers.map((d) => d.id) });
    }
    if (!driver.isActive(site)) {
      throw new PanelError('platform.inactive', `The platform "${explicit}" is not active on this site; activate its plugin first.`, { field: 'platform' });
    }
    return { driver, via: 'explicit' };
  }
  const active = drivers.filter((d) => d.isActive(site));
  const stored = await storedTarget(site);
  if (stored) {
    const driver = active.find((d) => d.id === stored);
    if (driver) return { driver, via: 'stored' };
  }
  if (active.length === 0) {
    throw new PanelError('platform.none', 'No store platform is active on this site. Activate a store plugin first.', {});
  }
  if (active.length > 1) {
    throw new PanelError('platform.required', 'Several store platforms are active; choose one with "platform" or set the site-wide target.', {
      field: 'platform',
      candidates: active.map((d) => d.id),
    });
  }
  return { driver: active[0], via: 'only_active' };
}

/** Like resolvePlatform, but answers undefined instead of failing (preview and lookup need no platform). */
export async function tryResolvePlatform(site: Site, explicit?: string): Promise<Resolution | undefined> {
  try {
    return await resolvePlatform(site, explicit);
  } catch (e) {
    if (hasErrorCode(e, 'platform.none') || hasErrorCode(e, 'platform.required')) return undefined;
    throw e;
  }
}
