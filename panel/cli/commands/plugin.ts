import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

export function registerPlugin(program: Command, ctx: CliContext): void {
  const plugin = program.command('plugin').description('List, activate and deactivate plugins per site.');

  plugin
    .command('list')
    .description('Installed plugins with their version and whether they are active on the site.')
    .action(async (_opts: unknown, cmd: Command) => {
      const { site: siteId } = ctx.globals(cmd);
      const kernel = await ctx.kernel();
      const site = await kernel.site(siteId);
      const rows = kernel.plugins.list().map((p) => ({
        name: p.name,
        label: p.label,
        version: p.version,
        status: site.isActive(p.name) ? 'active' : 'inactive',
        requires: (p.requires ?? []).join(','),
      }));
      ctx.printRows(cmd, rows, ['name', 'label', 'version', 'status', 'requires']);
    });

  plugin
    .command('activate <slug>')
    .description('Activate a plugin on the site (runs its migrations).')
    .action(async (slug: string, _opts: unknown, cmd: Command) => {
      const { site } = ctx.globals(cmd);
      const kernel = await ctx.kernel();
      const p = await kernel.activatePlugin(site, slug);
      ctx.io.out(`Activated ${p.name} ${p.version} on site "${site}".`);
    });

  plugin
    .command('deactivate <slug>')
    .description('Deactivate a plugin on the site; its data stays.')
    .action(async (slug: string, _opts: unknown, cmd: Command) => {
      const { site } = ctx.globals(cmd);
      const kernel = await ctx.kernel();
      await kernel.deactivatePlugin(site, slug);
      ctx.io.out(`Deactivated ${slug} on site "${site}".`);
    });
}
