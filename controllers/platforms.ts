/**
 * Platforms, the site-wide target and lookup. The matrix is computed on every request and never
 * cached, so activating a plugin takes effect at once.
 */
import { normaliseResourceName, type ResourceName } from '../generators/resources.ts';
import { PanelError } from '../panel/errors.ts';
import type { CapabilityMatrix, DriverExtension, LookupItem } from '../drivers/contract.ts';
import { siteDrivers } from '../drivers/registry.ts';
import { setTarget, storedTarget, tryResolvePlatform } from '../drivers/resolve.ts';
import { assertCanUseSeeder } from './access.ts';
import { refuseUnknown } from './unknown-params.ts';
import type { SeederRequest } from './request.ts';

export interface PlatformReport {
  id: string;
  label: string;
  exists: boolean;
  active: boolean;
  version: string | null;
  extensions: DriverExtension[];
  capabilities: CapabilityMatrix;
}

export interface PlatformsResult {
  platforms: PlatformReport[];
  active: string[];
  target: {
    /** The stored site-wide target; null means Auto. */
    stored: string | null;
    /** What a request without `platform` would use now; null when none or ambiguous. */
    resolved: string | null;
    /** True when several stores are active and no usable target is stored: the admin must ask. */
    ambiguous: boolean;
    candidates: string[];
  };
}

export async function platforms(req: SeederRequest): Promise<PlatformsResult> {
  await assertCanUseSeeder(req.site, req.actor);
  const { site } = req;
  const drivers = siteDrivers(site);
  const reports = drivers.map((d) => ({
    id: d.id,
    label: d.label,
    exists: d.exists(site),
    active: d.isActive(site),
    version: d.version(site),
    extensions: d.extensions(site),
    capabilities: d.capabilities(site),
  }));
  const active = reports.filter((r) => r.active).map((r) => r.id);
  const resolved = await tryResolvePlatform(site);
  return {
    platforms: reports,
    active,
    target: {
      stored: await storedTarget(site),
      resolved: resolved?.driver.id ?? null,
      ambiguous: !resolved && active.length > 1,
      candidates: active,
    },
  };
}

export async function setPlatformTarget(req: SeederRequest, body: unknown): Promise<PlatformsResult['target']> {
  await assertCanUseSeeder(req.site, req.actor);
  if (body && typeof body === 'object' && !Array.isArray(body)) refuseUnknown(body as Record<string, unknown>, ['platform']);
  const platform = (body as { platform?: unknown } | null)?.platform;
  if (typeof platform !== 'string' || platform.trim() === '') {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): platform', { params: { platform: 'must be a platform id or "auto"' } });
  }
  await setTarget(req.site, platform.trim());
  return (await platforms(req)).target;
}

export interface LookupResult {
  resource: ResourceName;
  platform: string | null;
  /** False when the driver cannot search: pickers then accept a typed id. */
  searchable: boolean;
  items: LookupItem[];
}

/** Lookup's `limit`: 1 to 50, default 20 (the endpoint table declares the same). */
export const LOOKUP_LIMIT = { min: 1, max: 50, default: 20 } as const;

export async function lookup(req: SeederRequest, query: { resource?: unknown; search?: unknown; platform?: unknown; limit?: unknown }): Promise<LookupResult> {
  await assertCanUseSeeder(req.site, req.actor);
  const resource = typeof query.resource === 'string' ? normaliseResourceName(query.resource) : undefined;
  if (!resource) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): resource', { params: { resource: 'must name a generated resource' } });
  }
  const limit = query.limit === undefined ? LOOKUP_LIMIT.default : Number(query.limit);
  if (!Number.isInteger(limit) || limit < LOOKUP_LIMIT.min || limit > LOOKUP_LIMIT.max) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): limit', { params: { limit: `must be an integer from ${LOOKUP_LIMIT.min} to ${LOOKUP_LIMIT.max}` } });
  }
  // An empty search is the most recent records, newest first.
  const search = typeof query.search === 'string' ? query.search.slice(0, 100) : '';
  const resolution = await tryResolvePlatform(req.site, typeof query.platform === 'string' ? query.platform : undefined);
  const driver = resolution?.driver;
  if (!driver?.search) return { resource, platform: driver?.id ?? null, searchable: false, items: [] };
  return { resource, platform: driver.id, searchable: true, items: await driver.search(resource, search, req.site, limit) };
}
