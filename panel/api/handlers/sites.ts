/** Sites: keyset-paginated listing over the kernel's registry, and create/read/delete through the kernel. */
import { isPanelError, PanelError } from '../../errors.ts';
import type { Kernel } from '../../kernel.ts';
import { enterSite, siteNotFound, visibleSites } from '../../membership.ts';
import { keysetPage, type PageInput } from '../pagination.ts';
import type { Handler } from '../router.ts';
import { validationError } from '../validate.ts';

function siteView(r: Record<string, unknown>) {
  return { id: String(r.id), name: String(r.name), created_at: String(r.created_at) };
}

function isDuplicateKey(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

const notFound = (id: string) => siteNotFound(id, 'id');

/** Checks the plugin list before anything is written: every plugin installed, each one's requirements listed before it. */
function checkPlugins(kernel: Kernel, plugins: readonly string[]): void {
  const problems: string[] = [];
  plugins.forEach((slug, i) => {
    const plugin = kernel.plugins.get(slug);
    if (!plugin) {
      problems.push(`"${slug}" is not installed`);
      return;
    }
    const missing = (plugin.requires ?? []).filter((r) => !plugins.slice(0, i).includes(r));
    if (missing.length > 0) problems.push(`"${slug}" requires ${missing.map((m) => `"${m}"`).join(', ')} earlier in the list`);
  });
  if (problems.length > 0) {
    throw validationError([{ field: 'plugins', in: 'body', message: problems.join('; '), rule: 'plugins' }]);
  }
}

/** `defaultPlugins`: activated on a new site when the request names none (those installed, in order). */
export function siteHandlers(kernel: Kernel, defaultPlugins: readonly string[]): Record<string, Handler> {
  return {
    async listSites(ctx) {
      const query = visibleSites(kernel.panelDb, ctx.req.actor!);
      ctx.res.status(200).json(await keysetPage('sites', query, ctx.query as unknown as PageInput, siteView));
    },

    async getSite(ctx) {
      await enterSite(kernel.panelDb, ctx.req.actor!, ctx.params.id, 'id');
      const record = await kernel.siteRecord(ctx.params.id);
      if (!record) throw notFound(ctx.params.id);
      ctx.res.status(200).json(siteView(record as unknown as Record<string, unknown>));
    },

    async createSite(ctx) {
      const body = ctx.body as { id: string; name?: string; plugins?: string[] };
      const plugins = body.plugins ?? defaultPlugins.filter((slug) => kernel.plugins.get(slug));
      checkPlugins(kernel, plugins);
      const site = await kernel.createSite({ id: body.id, name: body.name, plugins }).catch(async (e: unknown) => {
        if (isPanelError(e) && e.code.startsWith('sites.')) throw e;
        // Two creations of one id raced: the other one won the primary key.
        if (isDuplicateKey(e)) throw new PanelError('sites.conflict', `A site with id "${body.id}" already exists.`, { field: 'id' });
        // A plugin that failed to activate must not leave half a site behind.
        if (await kernel.siteRecord(body.id)) await kernel.removeSite(body.id);
        throw e;
      });
      const record = await kernel.siteRecord(site.id);
      ctx.res.setHeader('Location', `/api/v1/sites/${encodeURIComponent(site.id)}`);
      ctx.res.status(201).json(siteView(record as unknown as Record<string, unknown>));
    },

    async deleteSite(ctx) {
      await enterSite(kernel.panelDb, ctx.req.actor!, ctx.params.id, 'id');
      await kernel.removeSite(ctx.params.id);
      ctx.res.status(204).end();
    },
  };
}
