/**
 * The control panel API router (`/api/v1`): the contract's operations wired to their handlers,
 * behind one guard that applies each operation's documented security, capability and step-up.
 */
import type { Request, Router } from 'express';
import { actorHasScope, type Actor } from '../actor.ts';
import { PanelError } from '../errors.ts';
import type { Clock } from '../auth/clock.ts';
import { requestAuth } from '../auth/identify.ts';
import type { AuthServices } from '../auth/services.ts';
import { assertRecentAuth } from '../auth/step-up.ts';
import { authHandlers } from './handlers/auth.ts';
import { meHandlers } from './handlers/me.ts';
import { metaHandlers } from './handlers/meta.ts';
import { memberHandlers } from './handlers/members.ts';
import { pluginHandlers } from './handlers/plugins.ts';
import { siteHandlers } from './handlers/sites.ts';
import { tokenHandlers } from './handlers/tokens.ts';
import { ApiContract, type OperationSpec } from './openapi.ts';
import { buildApiRouter, type Guard } from './router.ts';

const unauthenticated = () => new PanelError('auth.unauthenticated', 'Sign in or send an API token.');
const needsCookieSession = () =>
  new PanelError('auth.forbidden', 'This operation applies to browser sessions (the svc_session cookie); an API token needs none.');
/** A token is not a person: sign-in factors and sessions are changed by someone signed in, never by a token. */
const needsPerson = () =>
  new PanelError(
    'auth.forbidden',
    'This operation changes how you sign in, so it needs you signed in with a browser session (the svc_session cookie) and a recent sign-in; an API token cannot do it.',
    { requires: 'session' },
  );

/** Capabilities of the panel itself, not of a site: who holds each. */
const PANEL_CAPABILITIES: Record<string, { holds: (actor: Actor) => boolean; refusal: string }> = {
  manage_sites: { holds: (actor) => actor.owner, refusal: 'Only the panel owner creates and deletes sites.' },
};

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
        if (req.actor.via !== 'session') throw needsPerson();
        break;
      case 'any':
        if (!req.actor) throw unauthenticated();
        break;
    }
    if (op.scope && !actorHasScope(req.actor, op.scope)) {
      throw new PanelError('auth.insufficient_scope', `This API token lacks the "${op.scope}" scope this operation needs.`, { scope: op.scope });
    }
    if (op.capability) {
      const capability = PANEL_CAPABILITIES[op.capability]; // every named one exists: checked when the router is built
      if (!req.actor || !capability.holds(req.actor)) throw new PanelError('auth.forbidden', capability.refusal, { capability: op.capability });
    }
    if (op.stepUp) assertRecentAuth(req.actor, clock.now());
  };
}

export function createApiRouter(svc: AuthServices, contract: ApiContract = ApiContract.load(), defaultSitePlugins: readonly string[] = []): Router {
  const unknown = contract.operations.find((op) => op.capability !== undefined && !PANEL_CAPABILITIES[op.capability]);
  if (unknown) throw new Error(`Operation ${unknown.id} names the unknown panel capability "${unknown.capability}".`);
  return buildApiRouter(
    contract,
    {
      ...authHandlers(svc),
      ...meHandlers(svc),
      ...tokenHandlers(svc),
      ...siteHandlers(svc.kernel, defaultSitePlugins),
      ...memberHandlers(svc.kernel),
      ...pluginHandlers(svc.kernel),
      ...metaHandlers(contract),
    },
    createGuard(svc.clock),
  );
}
