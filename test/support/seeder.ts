/** A site with the built-in stores and the Seeder, on a fresh database, for pipeline tests. */
import { BUILTIN_PLUGINS } from '../../main.ts';
import type { Actor } from '../../panel/actor.ts';
import type { Site } from '../../panel/site.ts';
import type { Plugin } from '../../panel/plugin.ts';
import type { SeederRequest } from '../../controllers/request.ts';
import { bootTestKernel, type DatabaseTarget } from './databases.ts';

export const ADMIN: Actor = { operatorId: 1, email: 'admin@example.com', owner: false, role: 'administrator', via: 'cli' };
export const VIEWER: Actor = { operatorId: 2, email: 'viewer@example.com', owner: false, role: 'viewer', via: 'cli' };

export interface SeederHarness {
  kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  site: Site;
  /** A request as an administrator on the site. */
  req: SeederRequest;
  dispose(): Promise<void>;
}

export async function bootSeederSite(
  target: DatabaseTarget,
  options: { plugins?: string[]; siteId?: string; extraPlugins?: ReadonlyArray<Plugin | (new () => Plugin)>; pluginModules?: string[] } = {},
): Promise<SeederHarness> {
  const kernel = await bootTestKernel(target, {
    builtins: [...BUILTIN_PLUGINS, ...(options.extraPlugins ?? [])],
    config: { plugins: options.pluginModules ?? [] },
  });
  const site = await kernel.createSite({ id: options.siteId ?? 'shop', plugins: options.plugins ?? ['emporium', 'seeder'] });
  return { kernel, site, req: { site, actor: ADMIN }, dispose: () => kernel.dispose() };
}
