import fs from 'node:fs';
import type { Command } from 'commander';
import type { Kernel } from '../../kernel.ts';
import type { OperatorRecord } from '../../operators.ts';
import { CliError, type CliContext } from '../context.ts';

// The password hashing (argon2) and the operator store load when a command runs, not for `--help`.
const admin = () => import('../../auth/operator-admin.ts');
const operators = () => import('../../operators.ts');

/** Reads a password from --password, or from standard input with --password-stdin (first line). */
export function readPassword(opts: { password?: string; passwordStdin?: boolean }): string {
  if (opts.passwordStdin) return fs.readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (opts.password !== undefined) return opts.password;
  throw new CliError('Give the password with --password-stdin (preferred) or --password.', 2);
}

/** The operator named by an email or a numeric id, or a clear error. */
export async function requireOperator(kernel: Kernel, user: string): Promise<OperatorRecord> {
  const { findOperator } = await operators();
  const op = await findOperator(kernel.panelDb, user);
  if (!op) throw new CliError(`No operator "${user}" (give an email or a numeric id).`);
  return op;
}

export function registerOperator(program: Command, ctx: CliContext): Command {
  const operator = program.command('operator').description('Manage the operators who sign in to the panel.');

  operator
    .command('add')
    .description('Add an operator (argon2id password hash), a member of --site with --role; the first administrator of a panel becomes its owner.')
    .requiredOption('--email <email>', 'sign-in email')
    .option('--role <role>', 'role on --site: administrator, editor or viewer', 'administrator')
    .option('--owner', 'make the operator a panel owner (manages sites and members; administrator of every site)')
    .option('--password <password>', 'password (visible in the process list; prefer --password-stdin)')
    .option('--password-stdin', 'read the password from standard input')
    .action(async (opts: { email: string; role: string; owner?: boolean; password?: string; passwordStdin?: boolean }, cmd: Command) => {
      const password = readPassword(opts);
      const kernel = await ctx.kernel();
      const { site } = ctx.globals(cmd);
      // A panel's first administrator owns it (as the first operator from PANEL_ADMIN_EMAIL does).
      const owner = opts.owner === true || (opts.role === 'administrator' && !(await kernel.panelDb('operators').where({ owner: true }).first('id')));
      const { createOperator } = await operators();
      const op = await createOperator(kernel.panelDb, { email: opts.email, password, role: opts.role, owner, sites: owner ? [] : [site] });
      ctx.printObject(cmd, { id: op.id, email: op.email, owner: op.owner, site: owner ? 'every site (owner)' : site, role: owner ? 'administrator' : op.role, created_at: op.created_at });
    });

  operator
    .command('list')
    .description('List operators.')
    .action(async (_opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const [{ Members }, { listOperators }] = await Promise.all([import('../../membership.ts'), operators()]);
      const members = new Members(() => kernel.panelDb);
      const rows = await Promise.all(
        (await listOperators(kernel.panelDb)).map(async (o) => ({
          ...o,
          sites: o.owner ? 'every site (owner)' : (await members.ofOperator(o.id)).map((m) => `${m.site_id}:${m.role}`).join(', '),
          status: o.disabled ? 'disabled' : 'active',
        })),
      );
      ctx.printRows(cmd, rows, ['id', 'email', 'owner', 'sites', 'status', 'created_at']);
    });

  operator
    .command('disable <user>')
    .description('Disable an operator (email or id): sign-in is refused, sessions end, API tokens stop working.')
    .action(async (user: string, _opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const op = await requireOperator(kernel, user);
      const { disableOperator } = await admin();
      const { sessionsEnded } = await disableOperator(kernel.panelDb, op.id);
      ctx.printObject(cmd, { id: op.id, email: op.email, status: 'disabled', sessions_ended: sessionsEnded });
    });

  operator
    .command('enable <user>')
    .description('Enable a disabled operator (email or id): sign-in works again; tokens not revoked work again.')
    .action(async (user: string, _opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const op = await requireOperator(kernel, user);
      const { enableOperator } = await admin();
      await enableOperator(kernel.panelDb, op.id);
      ctx.printObject(cmd, { id: op.id, email: op.email, status: 'active' });
    });

  operator
    .command('reset-mfa <user>')
    .description('Remove an operator\'s second factors (TOTP, recovery codes, passkeys) and end their sessions.')
    .action(async (user: string, _opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const op = await requireOperator(kernel, user);
      const { resetMfa } = await admin();
      const r = await resetMfa(kernel.panelDb, op.id);
      ctx.printObject(cmd, { id: op.id, email: op.email, totp_removed: r.totpRemoved, passkeys_removed: r.passkeysRemoved, sessions_ended: r.sessionsEnded });
    });

  operator
    .command('passwd <user>')
    .description('Set an operator\'s password (argon2id) and end their sessions.')
    .option('--password <password>', 'password (visible in the process list; prefer --password-stdin)')
    .option('--password-stdin', 'read the password from standard input')
    .action(async (user: string, opts: { password?: string; passwordStdin?: boolean }, cmd: Command) => {
      const password = readPassword(opts);
      const kernel = await ctx.kernel();
      const op = await requireOperator(kernel, user);
      const { setPassword } = await admin();
      const { sessionsEnded } = await setPassword(kernel.panelDb, op, password);
      ctx.printObject(cmd, { id: op.id, email: op.email, password: 'changed', sessions_ended: sessionsEnded });
    });

  return operator;
}
