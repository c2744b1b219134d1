/**
 * Identification: who sent the request. A bearer API token wins over the cookie when both arrive
 * (the cookie is then ignored, CSRF check included, since a token cannot be sent cross-site by a
 * browser on its own). A valid full session sets `req.actor`; a session waiting for its second
 * factor is remembered for POST /auth/totp-verify and logout but is no actor. A presented bearer
 * token that is not valid is 401 at once; a stale cookie is simply ignored (browsers keep them).
 *
 * Failures found here are answered after the rate limiter has run, so even they carry the
 * X-RateLimit-* headers (the limiter does not count a request twice).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Actor } from '../actor.ts';
import { PanelError } from '../errors.ts';
import { readCookie, SESSION_COOKIE } from './cookies.ts';
import { crossSiteRejection } from './csrf.ts';
import type { LimitKey, RequestLimiter } from './rate-limit.ts';
import type { ResolvedSession, Sessions } from './sessions.ts';
import type { Tokens } from './tokens.ts';

export interface RequestAuth {
  /** The session named by the cookie (full or pending), when no bearer token was sent. */
  session?: ResolvedSession;
  /** The cookie's token, needed to rotate the session. */
  sessionToken?: string;
  bearer: boolean;
  limited: boolean;
}

const STATE = new WeakMap<Request, RequestAuth>();

export function requestAuth(req: Request): RequestAuth {
  let state = STATE.get(req);
  if (!state) {
    state = { bearer: false, limited: false };
    STATE.set(req, state);
  }
  return state;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The rate-limit budget a request spends from: its session, its token, or its IP. */
export function limitKeyOf(req: Request): LimitKey {
  const state = requestAuth(req);
  if (req.actor?.via === 'token' && req.actor.tokenId) return { kind: 'authenticated', key: `token:${req.actor.tokenId}` };
  if (state.session) return { kind: 'authenticated', key: `session:${state.session.id}` };
  return { kind: 'anonymous', key: `ip:${clientIp(req)}` };
}

/** Spends the request's budget once and sets the X-RateLimit-* headers. */
export async function applyLimit(limiter: RequestLimiter, req: Request, res: Response): Promise<void> {
  const state = requestAuth(req);
  if (state.limited) return;
  state.limited = true;
  await limiter.consume(limitKeyOf(req), res);
}

export function actorFromSession(s: ResolvedSession): Actor {
  return {
    operatorId: s.operator_id,
    email: s.email,
    owner: s.owner,
    via: 'session',
    sessionId: s.id,
    lastFullAuthAt: s.last_full_auth_at === null ? undefined : Date.parse(s.last_full_auth_at),
  };
}

export interface IdentifyDeps {
  sessions: Sessions;
  tokens: Tokens;
  limiter: RequestLimiter;
  allowedOrigins: ReadonlySet<string>;
  /** Resolves once the auth tables exist. */
  ready: () => Promise<void>;
}

const BEARER = /^Bearer +(\S+) *$/i;

export function createIdentify(deps: IdentifyDeps): RequestHandler {
  return async (req, res, next) => {
    await deps.ready();
    const state = requestAuth(req);
    req.actor = undefined;
    let failure: PanelError | undefined;
    const authorization = req.get('authorization');
    if (authorization !== undefined) {
      state.bearer = true;
      const m = BEARER.exec(authorization);
      const found = m ? await deps.tokens.authenticate(m[1]) : undefined;
      if (found) {
        req.actor = {
          operatorId: found.operator.id,
          email: found.operator.email,
          owner: found.operator.owner,
          via: 'token',
          tokenId: found.token.id,
          tokenName: found.token.name,
          scopes: found.token.scopes,
          ...(found.token.sites === null ? {} : { sites: found.token.sites }),
          tokenExpiresAt: found.token.expires_at,
        };
      } else {
        failure = new PanelError('auth.unauthenticated', 'The API token is malformed, unknown, expired, revoked or of another environment.');
      }
    } else {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (token) {
        const session = await deps.sessions.resolve(token);
        if (session) {
          state.session = session;
          state.sessionToken = token;
          if (session.state === 'full') req.actor = actorFromSession(session);
        }
      }
      failure = crossSiteRejection(req, deps.allowedOrigins);
    }
    if (failure) {
      await applyLimit(deps.limiter, req, res);
      throw failure;
    }
    next();
  };
}

export function createLimit(limiter: RequestLimiter): RequestHandler {
  return async (req, res, next) => {
    await applyLimit(limiter, req, res);
    next();
  };
}
