/** API tokens of the calling operator: create (plaintext shown once), list (no secrets), revoke. */
import { PanelError } from '../../errors.ts';
import type { AuthServices } from '../../auth/services.ts';
import type { Scope } from '../../scopes.ts';
import { keysetPage, type PageInput } from '../pagination.ts';
import type { Handler } from '../router.ts';

export function tokenHandlers(svc: AuthServices): Record<string, Handler> {
  return {
    async createToken(ctx) {
      const { name, expires_at, scopes, sites } = ctx.body as { name: string; expires_at?: string; scopes?: Scope[]; sites?: string[] };
      const maker = ctx.req.actor!;
      const { token, record } = await svc.tokens.create(maker, { name, expiresAt: expires_at, scopes, sites });
      ctx.res.status(201).json({ token, ...svc.tokens.view(record, maker.via) });
    },

    async listTokens(ctx) {
      const page = await keysetPage('tokens', svc.tokens.liveQuery(ctx.req.actor!.operatorId), ctx.query as unknown as PageInput, (r) => svc.tokens.viewRow(r));
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
