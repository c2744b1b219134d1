/** GET /openapi.json: the contract itself. */
import type { ApiContract } from '../openapi.ts';
import type { Handler } from '../router.ts';

export function metaHandlers(contract: ApiContract): Record<string, Handler> {
  return {
    getOpenApi(ctx) {
      ctx.res.status(200).json(contract.document);
    },
  };
}
