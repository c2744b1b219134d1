/** API tokens of the calling operator: create (plaintext shown once), list (no secrets), revoke. */
import { PanelError } from '../../errors.ts';
import type { AuthServices } from '../../auth/services.ts';
import { Tokens } from '../../auth/tokens.ts';
import { keysetPage, type PageInput } from '../pagination.ts';
import type { Handler } from '../router.ts';

export function tokenHandlers(svc: AuthServices): Record<string, Handler> {
  return {
    async createToken(ctx) {
      const { name, expires_at } = ctx.body as { name: string; expires_at?: string };
      const { token, record } = await svc.tokens.create(ctx.req.actor!.operatorId, { name, expiresAt: expires_at });
      ctx.res.status(201).json({ token, id: record.id, name: record.name, created_at: record.created_at, expires_at: record.expires_at });
    },

    async listTokens(ctx) {
      const page = await keysetPage('tokens', svc.tokens.liveQuery(ctx.req.actor!.operatorId), ctx.query as unknown as PageInput, (r) => svc.tokens.view(Tokens.record(r)));
      ctx.res.status(200).json(page);
    },

    async revokeToken(ctx) {
      if (!(await svc.tokens.revoke(ctx.req.actor!.operatorId, ctx.params.id))) {
        throw new PanelError('tokens.not_found', `No active token with id "${ctx.params.id}".`, { field: 'id' });
      }
      ctx.res.status(204).end();
    },
  };
}
