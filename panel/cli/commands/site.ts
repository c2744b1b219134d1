import type { Command } from 'commander';
import { CliError, type CliContext } from '../context.ts';

export function registerSite(program: Command, ctx: CliContext): void {
  const site = program.command('site').description('Manage sites; each has its own database.');

  site
    .command('add <id>')
    .description('Create a site with its own database.')
    .option('--name <name>', 'human name')
    .option('--plugins <slugs>', 'comma-separated plugins to activate')
    .action(async (id: string, opts: { name?: string; plugins?: string }, cmd: Command) => {
      const kernel = await ctx.kernel();
      const plugins = opts.plugins ? opts.plugins.split(',').map((s) => s.trim()).filter(Boolean) : [];
      const created = await kernel.createSite({ id, name: opts.name, plugins });
      const record = await kernel.siteRecord(created.id);
      ctx.printObject(cmd, { ...record!, plugins: created.activePlugins().map((p) => p.name).join(',') });
    });

  site
    .command('list')
    .description('List sites.')
    .action(async (_opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      ctx.printRows(cmd, await kernel.listSites() as unknown as Record<string, unknown>[], ['id', 'name', 'created_at']);
    });

  site
    .command('remove <id>')
    .description('Delete a site, its database and its files.')
    .option('--yes', 'confirm the deletion')
    .action(async (id: string, opts: { yes?: boolean }) => {
      if (!opts.yes) throw new CliError(`Removing site "${id}" deletes its database and files. Repeat with --yes to confirm.`);
      const kernel = await ctx.kernel();
      await kernel.removeSite(id);
      ctx.io.out(`Removed site "${id}".`);
    });
}
