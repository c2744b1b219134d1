/**
 * The members of a site: list (anyone who may see the site), add, change role, remove (the owner,
 * or an administrator of that site). A site the caller may not see is 404, as if it did not exist.
 */
import { actorCan, type Actor } from '../../actor.ts';
import { PanelError } from '../../errors.ts';
import type { Kernel } from '../../kernel.ts';
import { enterSite, Members } from '../../membership.ts';
import { findOperator } from '../../operators.ts';
import { keysetPage, type PageInput } from '../pagination.ts';
import type { Handler, HandlerContext } from '../router.ts';

const memberNotFound = (operatorId: string) =>
  new PanelError('members.not_found', `Operator ${operatorId} is not a member of this site.`, { field: 'operator_id' });

export function memberHandlers(kernel: Kernel): Record<string, Handler> {
  const members = new Members(() => kernel.panelDb);

  /** The caller as it acts on the site; managing members needs manage_options there (owners hold it everywhere). */
  async function manager(ctx: HandlerContext): Promise<Actor> {
    const actor = await enterSite(kernel.panelDb, ctx.req.actor!, ctx.params.id, 'id');
    if (!actorCan(actor, 'manage_options')) {
      throw new PanelError('auth.forbidden', `Managing the members of site "${ctx.params.id}" needs the owner or an administrator of that site.`, {
        capability: 'manage_options',
      });
    }
    return actor;
  }

  return {
    async listMembers(ctx) {
      await enterSite(kernel.panelDb, ctx.req.actor!, ctx.params.id, 'id');
      const page = await keysetPage(`members:${ctx.params.id}`, members.listQuery(ctx.params.id), ctx.query as unknown as PageInput, Members.view);
      ctx.res.status(200).json(page);
    },

    async addMember(ctx) {
      await manager(ctx);
      const { operator, role } = ctx.body as { operator: string; role: string };
      const op = await findOperator(kernel.panelDb, operator);
      if (!op) throw new PanelError('operators.not_found', `No operator "${operator}" (give an email or a numeric id).`, { field: 'operator' });
      const member = await members.add(ctx.params.id, op.id, role);
      ctx.res.setHeader('Location', `/api/v1/sites/${encodeURIComponent(ctx.params.id)}/members/${member.operator_id}`);
      ctx.res.status(201).json(member);
    },

    async setMemberRole(ctx) {
      await manager(ctx);
      const { role } = ctx.body as { role: string };
      const member = await members.setRole(ctx.params.id, Number(ctx.params.operator_id), role);
      if (!member) throw memberNotFound(ctx.params.operator_id);
      ctx.res.status(200).json(member);
    },

    async removeMember(ctx) {
      await manager(ctx);
      if (!(await members.remove(ctx.params.id, Number(ctx.params.operator_id)))) throw memberNotFound(ctx.params.operator_id);
      ctx.res.status(204).end();
    },
  };
}
