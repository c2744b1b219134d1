/**
 * `panel member add|list|set-role|remove --site=<id>`: who may use a site, with which role. The CLI
 * is the machine's own shell (as WP-CLI), so it needs no sign-in or step-up.
 */
import type { Command } from 'commander';
import { Members } from '../../membership.ts';
import { ROLES } from '../../roles.ts';
import { CliError, type CliContext } from '../context.ts';
import { requireOperator } from './operator.ts';

const MEMBER_FIELDS = ['operator_id', 'email', 'role', 'created_at'];

export function registerMember(program: Command, ctx: CliContext): Command {
  const member = program.command('member').description(`Manage the members of a site (--site) and their roles (${ROLES.join(', ')}).`);

  /** The site named by --site (it must exist), the operator named by --user, and the membership store. */
  const context = async (cmd: Command, user?: string) => {
    const kernel = await ctx.kernel();
    const { site } = ctx.globals(cmd);
    if (!(await kernel.siteRecord(site))) throw new CliError(`No site "${site}". List them with: panel site list`);
    const op = user === undefined ? undefined : await requireOperator(kernel, user);
    return { site, op, members: new Members(() => kernel.panelDb) };
  };

  member
    .command('list')
    .description('List the members of the site (owners are administrators of every site without being listed).')
    .action(async (_opts: unknown, cmd: Command) => {
      const { site, members } = await context(cmd);
      const rows = await members.listQuery(site).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      ctx.printRows(cmd, rows.map(Members.view) as unknown as Record<string, unknown>[], MEMBER_FIELDS);
    });

  member
    .command('add')
    .description('Make an operator a member of the site with a role.')
    .requiredOption('--user <user>', 'the operator (email or id)')
    .requiredOption('--role <role>', ROLES.join(', '))
    .action(async (opts: { user: string; role: string }, cmd: Command) => {
      const { site, op, members } = await context(cmd, opts.user);
      ctx.printObject(cmd, { ...(await members.add(site, op!.id, opts.role)) });
    });

  member
    .command('set-role')
    .description("Change a member's role on the site.")
    .requiredOption('--user <user>', 'the operator (email or id)')
    .requiredOption('--role <role>', ROLES.join(', '))
    .action(async (opts: { user: string; role: string }, cmd: Command) => {
      const { site, op, members } = await context(cmd, opts.user);
      const changed = await members.setRole(site, op!.id, opts.role);
      if (!changed) throw new CliError(`${op!.email} is not a member of site "${site}"; add them with: panel member add --site=${site} --user=${op!.email} --role=${opts.role}`);
      ctx.printObject(cmd, { ...changed });
    });

  member
    .command('remove')
    .description('Remove a member from the site: their sessions and tokens no longer reach it.')
    .requiredOption('--user <user>', 'the operator (email or id)')
    .action(async (opts: { user: string }, cmd: Command) => {
      const { site, op, members } = await context(cmd, opts.user);
      if (!(await members.remove(site, op!.id))) throw new CliError(`${op!.email} is not a member of site "${site}".`);
      ctx.io.out(`Removed ${op!.email} from site "${site}".`);
    });

  return member;
}
