/**
 * The plugins of a site: list the installed plugins with their state there, activate and deactivate
 * (the owner or an administrator of the site: `manage_options`). A site the caller may not see is 404.
 * Activation checks the plugin's requirements (kernel.ts): a missing one is 409
 * `plugins.requirement_missing` with a message naming it.
 */
import { actorCan } from '../../actor.ts';
import { PanelError } from '../../errors.ts';
import type { Kernel } from '../../kernel.ts';
import { enterSite } from '../../membership.ts';
import type { Plugin } from '../../plugin.ts';
import type { Site } from '../../site.ts';
import type { Handler, HandlerContext } from '../router.ts';

function pluginView(plugin: Plugin, site: Site) {
  const requires = [...(plugin.requires ?? [])];
  return {
    name: plugin.name,
    label: plugin.label,
    version: plugin.version,
    description: plugin.description ?? null,
    requires,
    requires_versions: { ...(plugin.requiresVersions ?? {}) },
    active: site.isActive(plugin.name),
    missing: requires.filter((r) => !site.isActive(r)),
    required_by: site.activePlugins().filter((p) => (p.requires ?? []).includes(plugin.name)).map((p) => p.name),
  };
}

export function pluginHandlers(kernel: Kernel): Record<string, Handler> {
  /** The site, for a caller who may manage its options. */
  async function managedSite(ctx: HandlerContext): Promise<Site> {
    const actor = await enterSite(kernel.panelDb, ctx.req.actor!, ctx.params.id, 'id');
    if (!actorCan(actor, 'manage_options')) {
      throw new PanelError('auth.forbidden', `Managing the plugins of site "${ctx.params.id}" needs the owner or an administrator of that site.`, {
        capability: 'manage_options',
      });
    }
    return kernel.site(ctx.params.id);
  }

  const installed = (slug: string) => {
    const plugin = kernel.plugins.get(slug);
    if (!plugin) throw new PanelError('plugins.not_found', `No plugin "${slug}" is installed.`, { field: 'plugin' });
    return plugin;
  };

  return {
    async listPlugins(ctx) {
      const site = await managedSite(ctx);
      const data = kernel.plugins.list().map((p) => pluginView(p, site));
      ctx.res.status(200).json({ data, next_cursor: null, has_more: false });
    },

    async changePluginState(ctx) {
      const site = await managedSite(ctx);
      const plugin = installed(ctx.params.plugin);
      if (ctx.params.action === 'activate') await kernel.activatePlugin(site.id, plugin.name);
      else await kernel.deactivatePlugin(site.id, plugin.name);
      ctx.res.status(200).json(pluginView(plugin, await kernel.site(site.id)));
    },
  };
}
