import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

export function registerMigrate(program: Command, ctx: CliContext): void {
  program
    .command('migrate')
    .description('Run every pending migration (the panel database, then each site\'s active plugins) and print what ran; for deployments that migrate before starting servers.')
    .action(async () => {
      // No first start: migrating creates no site and no operator. Each database's migrations run under its lock.
      const { bootPanel } = await import('../../start.ts');
      const kernel = await bootPanel(ctx.config, ctx.distribution);
      try {
        const applied = [...kernel.bootMigrations, ...(await kernel.migrateSites())];
        for (const m of applied) ctx.io.out(`Applied ${m.owner} ${m.id} (${m.site === null ? 'panel database' : `site "${m.site}"`}).`);
        if (applied.length === 0) ctx.io.out('Nothing to migrate.');
      } finally {
        await kernel.close();
      }
    });
}
