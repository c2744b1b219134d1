/**
 * Who a `panel seeder` command acts as. Commands that change store state need `--user=<email|id>`
 * and then run with that operator's capabilities, exactly as over REST. Read-only commands without
 * `--user` act as the local shell (an administrator: whoever runs the CLI can read the database anyway).
 */
import type { Actor } from '../panel/actor.ts';
import { CliError } from '../panel/cli/context.ts';
import type { Kernel } from '../panel/kernel.ts';
import { findOperator } from '../panel/operators.ts';

const SHELL: Actor = { operatorId: 0, email: 'local shell', role: 'administrator', via: 'cli' };

export async function cliActor(kernel: Kernel, user: string | true | undefined, what: string | null): Promise<Actor> {
  if (user === undefined || user === true || user === '') {
    if (what) throw new CliError(`${what} changes store state, so it needs an explicit user: add --user=<email|id> of an operator allowed to use the Seeder.`);
    return SHELL;
  }
  const op = await findOperator(kernel.panelDb, user);
  if (!op) throw new CliError(`No operator "${user}". List them with: panel operator list`);
  if (op.disabled) throw new CliError(`Operator ${op.email} is disabled.`);
  return { operatorId: op.id, email: op.email, role: op.role, via: 'cli' };
}
