/**
 * The `panel` command line: `serve`, `migrate`, `site`, `plugin`, `operator`, `member`, `option`, `token`, `secret-key` and the commands plugins add.
 * Exit codes: 0 success, 1 a failed operation, 2 a usage error.
 */
import { Command, CommanderError, Option } from 'commander';
import type { Distribution } from '../boot.ts';
import { isPanelError } from '../errors.ts';
import { isUnreachable } from '../transient.ts';
import { PluginCatalog } from '../plugin-catalog.ts';
import { CliContext, CliError, type CliIO } from './context.ts';
import { FORMATS } from './format.ts';
import { registerMember } from './commands/member.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerOperator } from './commands/operator.ts';
import { registerOption } from './commands/option.ts';
import { registerPlugin } from './commands/plugin.ts';
import { registerServe } from './commands/serve.ts';
import { registerSite } from './commands/site.ts';
import { registerSecretKey } from './commands/secret-key.ts';
import { registerToken } from './commands/token.ts';

const defaultIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTTY: Boolean(process.stdout.isTTY),
};

export async function buildProgram(ctx: CliContext): Promise<Command> {
  const program = new Command('panel')
    .description('The panel: sites, plugins and operators, and the commands its plugins add.')
    .addOption(new Option('--site <id>', 'the site to act on').default('default'))
    .addOption(new Option('--format <format>', 'output format').choices([...FORMATS]).default('table'))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.io.out(s.trimEnd()), writeErr: (s) => ctx.io.err(s.trimEnd()) });
  program.enablePositionalOptions(false);
  registerServe(program, ctx);
  registerMigrate(program, ctx);
  registerSite(program, ctx);
  registerPlugin(program, ctx);
  registerOperator(program, ctx);
  registerMember(program, ctx);
  registerOption(program, ctx);
  registerToken(program, ctx);
  registerSecretKey(program, ctx);
  // Plugins add their own commands (e.g. `panel seeder ...`); the catalogue is built without a database.
  const catalog = new PluginCatalog();
  for (const p of ctx.distribution.plugins) catalog.register(p);
  await catalog.loadModules(ctx.config.plugins);
  for (const plugin of catalog.list()) plugin.registerCli?.(program, ctx);
  // Subcommands inherit the error handling and output of the root.
  const inherit = (cmd: Command) => {
    for (const sub of cmd.commands) {
      sub.exitOverride().configureOutput({ writeOut: (s) => ctx.io.out(s.trimEnd()), writeErr: (s) => ctx.io.err(s.trimEnd()) });
      inherit(sub);
    }
  };
  inherit(program);
  return program;
}

export async function main(argv: string[], distribution: Distribution, io: CliIO = defaultIO): Promise<number> {
  let ctx: CliContext | undefined;
  try {
    ctx = new CliContext(io, distribution);
    const program = await buildProgram(ctx);
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version are not failures; commander has already printed its message.
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.help' || e.code === 'commander.version' ? 0 : 2;
    }
    if (e instanceof CliError) {
      io.err(`Error: ${e.message}`);
      return e.exitCode;
    }
    if (isPanelError(e)) {
      io.err(`Error: ${e.message} (${e.code})`);
      return 1;
    }
    if (isUnreachable(e)) {
      // One line, without the statement that was running (PANEL_DEBUG shows it).
      const { code } = e as { code?: string };
      io.err(`Error: the database cannot be reached (${code ?? 'connection lost'}); what this command had not finished was not written. Run it again once the database is back.`);
      if (process.env.PANEL_DEBUG) io.err((e as Error)?.stack ?? '');
      return 1;
    }
    io.err(`Error: ${(e as Error)?.message ?? String(e)}`);
    if (process.env.PANEL_DEBUG) io.err((e as Error)?.stack ?? '');
    return 1;
  } finally {
    await ctx?.close();
  }
}
