/**
 * `panel token create|list|revoke --user=<email|id>`: API tokens for scripts and CI. The plaintext
 * is printed once, by `create`; only its SHA-256 is stored.
 */
import type { Command } from 'commander';
import { DEFAULT_TOKEN_SCOPES, isScope, SCOPE_NAMES } from '../../scopes.ts';
import { CliError, type CliContext } from '../context.ts';
import { requireOperator } from './operator.ts';

const listOf = (value: string) => value.split(',').map((v) => v.trim()).filter((v) => v !== '');

export function registerToken(program: Command, ctx: CliContext): Command {
  const token = program.command('token').description('Manage operators\' API tokens (svc_{env}_...).');
  const store = async () => {
    const [kernel, { systemClock }, { Tokens }] = await Promise.all([ctx.kernel(), import('../../auth/clock.ts'), import('../../auth/tokens.ts')]);
    return { kernel, tokens: new Tokens(() => kernel.panelDb, systemClock, kernel.config.env) };
  };

  token
    .command('create')
    .description('Create a token; its plaintext is printed once and cannot be shown again.')
    .requiredOption('--user <user>', 'the operator (email or id)')
    .requiredOption('--name <name>', 'a label for the token')
    .option('--expires-at <timestamp>', 'ISO 8601 expiry (default 90 days; at most one year)')
    .option('--scopes <list>', `comma-separated scopes: ${SCOPE_NAMES.join(', ')} (default ${DEFAULT_TOKEN_SCOPES.join(',')})`)
    .option('--sites <list>', 'comma-separated site ids the token is limited to (default: every site the operator may use)')
    .action(async (opts: { user: string; name: string; expiresAt?: string; scopes?: string; sites?: string }, cmd: Command) => {
      const name = opts.name.trim();
      if (name.length === 0 || name.length > 100) throw new CliError('--name must be 1 to 100 characters.', 2);
      const scopes = opts.scopes === undefined ? undefined : listOf(opts.scopes);
      const unknown = scopes?.find((s) => !isScope(s));
      if (unknown !== undefined) throw new CliError(`Unknown scope "${unknown}"; use ${SCOPE_NAMES.join(', ')}.`, 2);
      const { kernel, tokens } = await store();
      const op = await requireOperator(kernel, opts.user);
      const created = await tokens.create(op.id, { name, expiresAt: opts.expiresAt, scopes: scopes?.filter(isScope), sites: opts.sites === undefined ? undefined : listOf(opts.sites) });
      const { record } = created;
      ctx.printObject(cmd, {
        token: created.token,
        id: record.id,
        name: record.name,
        scopes: record.scopes.join(' '),
        sites: record.sites?.join(',') ?? 'all',
        created_at: record.created_at,
        expires_at: record.expires_at,
      });
      ctx.io.err('Store this token now: it is not shown again.');
    });

  token
    .command('list')
    .description('List an operator\'s tokens that are not revoked (no secrets).')
    .requiredOption('--user <user>', 'the operator (email or id)')
    .action(async (opts: { user: string }, cmd: Command) => {
      const { kernel, tokens } = await store();
      const op = await requireOperator(kernel, opts.user);
      const rows = (await tokens.list(op.id)).map((v) => ({ ...v, scopes: v.scopes.join(' '), sites: v.sites?.join(',') ?? 'all' }));
      ctx.printRows(cmd, rows, ['id', 'name', 'hint', 'status', 'scopes', 'sites', 'created_by', 'created_at', 'expires_at', 'last_used_at']);
    });

  token
    .command('revoke <id>')
    .description('Revoke a token at once.')
    .requiredOption('--user <user>', 'the operator (email or id)')
    .action(async (id: string, opts: { user: string }) => {
      const { kernel, tokens } = await store();
      const op = await requireOperator(kernel, opts.user);
      if (!(await tokens.revoke(op.id, id))) throw new CliError(`No active token "${id}" for ${op.email}.`);
      ctx.io.out(`Revoked token ${id}.`);
    });

  return token;
}
