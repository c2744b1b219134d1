/**
 * The control panel API router (`/api/v1`): the contract's operations wired to their handlers,
 * behind one guard that applies each operation's documented security, capability and step-up.
 */
import type { Request, Router } from 'express';
import { actorCan } from '../actor.ts';
import { PanelError } from '../errors.ts';
import type { Clock } from '../auth/clock.ts';
import { requestAuth } from '../auth/identify.ts';
import type { AuthServices } from '../auth/services.ts';
import { assertRecentAuth } from '../auth/step-up.ts';
import { authHandlers } from './handlers/auth.ts';
import { meHandlers } from './handlers/me.ts';
import { metaHandlers } from './handlers/meta.ts';
import { siteHandlers } from './handlers/sites.ts';
import { tokenHandlers } from './handlers/tokens.ts';
import { ApiContract, type OperationSpec } from './openapi.ts';
import { buildApiRouter, type Guard } from './router.ts';

const unauthenticated = () => new PanelError('auth.unauthenticated', 'Sign in or send an API token.');
const needsCookieSession = () =>
  new PanelError('auth.forbidden', 'This operation applies to browser sessions (the svc_session cookie); an API token needs none.');

export function createGuard(clock: Clock): Guard {
  return (op: OperationSpec, req: Request) => {
    const state = requestAuth(req);
    switch (op.auth) {
      case 'none':
      case 'mfa_pending': // the handler checks for the pending session itself
        break;
      case 'any_session':
        if (state.bearer && req.actor) throw needsCookieSession();
        if (!state.session) throw unauthenticated();
        break;
      case 'session':
        if (!req.actor) throw unauthenticated();
        if (req.actor.via !== 'session') throw needsCookieSession();
        break;
      case 'any':
        if (!req.actor) throw unauthenticated();
        break;
    }
    if (op.capability && !actorCan(req.actor, op.capability)) {
      throw new PanelError('auth.forbidden', `Your role (${req.actor?.role}) does not allow this operation.`, { capability: op.capability });
    }
    if (op.stepUp) assertRecentAuth(req.actor, clock.now());
  };
}

export function createApiRouter(svc: AuthServices, contract: ApiContract = ApiContract.load(), defaultSitePlugins: readonly string[] = []): Router {
  return buildApiRouter(
    contract,
    {
      ...authHandlers(svc),
      ...meHandlers(svc),
      ...tokenHandlers(svc),
      ...siteHandlers(svc.kernel, defaultSitePlugins),
      ...metaHandlers(contract),
    },
    createGuard(svc.clock),
  );
}
