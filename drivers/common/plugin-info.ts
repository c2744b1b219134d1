/** What a driver reads about its store's plugins from the site: installed, active, version. */
import type { Site } from '../../panel/site.ts';
import type { DriverExtension } from '../contract.ts';

export function pluginVersion(site: Site, slug: string): string | null {
  return site.installedPlugin(slug)?.version ?? null;
}

export function extensionInfo(site: Site, slug: string, label: string): DriverExtension {
  return { slug, label, active: site.isActive(slug), version: pluginVersion(site, slug) };
}
