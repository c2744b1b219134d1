import fs from 'node:fs';
import type { Command } from 'commander';
import { createOperator, listOperators } from '../../operators.ts';
import { CliError, type CliContext } from '../context.ts';

/** Reads a password from --password, or from standard input with --password-stdin (first line). */
export function readPassword(opts: { password?: string; passwordStdin?: boolean }): string {
  if (opts.passwordStdin) return fs.readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (opts.password !== undefined) return opts.password;
  throw new CliError('Give the password with --password-stdin (preferred) or --password.', 2);
}

export function registerOperator(program: Command, ctx: CliContext): Command {
  const operator = program.command('operator').description('Manage the operators who sign in to the panel.');

  operator
    .command('add')
    .description('Add an operator (argon2id password hash).')
    .requiredOption('--email <email>', 'sign-in email')
    .option('--role <role>', 'administrator, editor or viewer', 'administrator')
    .option('--password <password>', 'password (visible in the process list; prefer --password-stdin)')
    .option('--password-stdin', 'read the password from standard input')
    .action(async (opts: { email: string; role: string; password?: string; passwordStdin?: boolean }, cmd: Command) => {
      const password = readPassword(opts);
      const kernel = await ctx.kernel();
      const op = await createOperator(kernel.panelDb, { email: opts.email, password, role: opts.role });
      ctx.printObject(cmd, { ...op });
    });

  operator
    .command('list')
    .description('List operators.')
    .action(async (_opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const rows = (await listOperators(kernel.panelDb)).map((o) => ({ ...o, status: o.disabled ? 'disabled' : 'active' }));
      ctx.printRows(cmd, rows, ['id', 'email', 'role', 'status', 'created_at']);
    });

  return operator;
}
