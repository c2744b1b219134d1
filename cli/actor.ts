/**
 * Who a `panel seeder` command acts as. Commands that change store state need `--user=<email|id>`
 * and then run with that operator's role on the site (`--site`), exactly as over REST: an operator
 * who is no member of the site is refused as REST would answer 404. Read-only commands without
 * `--user` act as the local shell (the owner: whoever runs the CLI can read the database anyway).
 */
import type { Actor } from '../panel/actor.ts';
import { CliError } from '../panel/cli/context.ts';
import type { Kernel } from '../panel/kernel.ts';
import { siteRole } from '../panel/membership.ts';
import { findOperator } from '../panel/operators.ts';
import type { Site } from '../panel/site.ts';

const SHELL: Actor = { operatorId: 0, email: 'local shell', owner: true, role: 'administrator', via: 'cli' };

export async function cliActor(site: Site, kernel: Kernel, user: string | true | undefined, what: string | null): Promise<Actor> {
  if (user === undefined || user === true || user === '') {
    if (what) throw new CliError(`${what} changes store state, so it needs an explicit user: add --user=<email|id> of an operator allowed to use the Seeder.`);
    return SHELL;
  }
  const op = await findOperator(kernel.panelDb, user);
  if (!op) throw new CliError(`No operator "${user}". List them with: panel operator list`);
  if (op.disabled) throw new CliError(`Operator ${op.email} is disabled.`);
  const actor: Actor = { operatorId: op.id, email: op.email, owner: op.owner, via: 'cli' };
  const role = await siteRole(kernel.panelDb, actor, site.id);
  if (!role) throw new CliError(`Operator ${op.email} is not a member of site "${site.id}". Add them with: panel member add --site=${site.id} --user=${op.email} --role=<role>`);
  return { ...actor, role };
}
