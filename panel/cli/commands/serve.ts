import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

export function registerServe(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('Start the panel: creates the data folder, the panel database and site "default" on first start.')
    .option('--port <port>', 'port to listen on (default: $PORT or 8080)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .action(async (opts: { port?: string; host: string }) => {
      // The HTTP app (express, the API contract) loads when the command runs, not for `--help`.
      const { requireSharedKey, checkSecretKey } = await import('../../auth/key-check.ts');
      // Before the database is opened: a shared database needs PANEL_SECRET_KEY.
      requireSharedKey(ctx.config);
      const [kernel, { buildApp }, { listen }] = await Promise.all([ctx.kernel(), import('../../boot.ts'), import('../../http/server.ts')]);
      // The key must be the one the panel database was set up with (recorded at the first start).
      await checkSecretKey(kernel.panelDb, kernel.config);
      const report = ctx.firstStart!;
      const where = kernel.databases.kind === 'sqlite' ? `SQLite in ${kernel.config.dataDir}` : 'MySQL/MariaDB';
      if (report.createdDefaultSite) ctx.io.out(`Created site "default" (${where}).`);
      if (report.createdOperator) ctx.io.out(`Created operator ${report.createdOperator} (administrator).`);
      if (report.operatorCount === 0) {
        ctx.io.out('No operator can sign in yet. Add one with:');
        ctx.io.out('  npx panel operator add --email=you@example.com --role=administrator --password-stdin');
        ctx.io.out('or start with PANEL_ADMIN_EMAIL and PANEL_ADMIN_PASSWORD set.');
      }
      const port = opts.port !== undefined ? Number(opts.port) : kernel.config.port;
      const { server, url } = await listen(buildApp(kernel), port, opts.host);
      // SIGINT and SIGTERM stop the server once its requests are answered. Listened for before the
      // address is printed: a supervisor may signal as soon as it reads that line, and a signal
      // that came before would end the process on the spot, without closing anything.
      const stopped = new Promise<void>((resolve) => {
        const stop = () => server.close(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      // One write, so whoever waits for the first line has the admin address too.
      ctx.io.out(
        `Panel listening on ${url}  (API ${url}/api/v1, site REST ${url}/sites/default/rest)\n` +
          `Admin: ${url}/  (sign in there; it opens your site's admin, e.g. ${url}/sites/default/admin/)`,
      );
      await stopped;
    });
}
