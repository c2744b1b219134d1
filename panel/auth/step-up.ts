/**
 * Step-up ("sudo mode"): sensitive operations need, for cookie sessions, a full authentication in
 * the last 5 minutes. When it is older the answer is 403 `auth.step_up_required` with
 * `details.max_age_seconds`; the client sends the password to POST /auth/step-up and retries the
 * same request. A bearer token is its own proof and is never asked to step up.
 */
import type { RequestHandler } from 'express';
import type { Actor } from '../actor.ts';
import { PanelError } from '../errors.ts';
import { systemClock, type Clock } from './clock.ts';
// The request's `actor` field (an augmentation of express's Request).
import type {} from '../http/types.ts';

export const STEP_UP_MAX_AGE_SECONDS = 300;

/** Throws 401 without an actor, and 403 `auth.step_up_required` for a session whose last full authentication is too old. */
export function assertRecentAuth(actor: Actor | undefined, now: number): void {
  if (!actor) throw new PanelError('auth.unauthenticated', 'Sign in or send an API token.');
  if (actor.via !== 'session') return;
  const age = actor.lastFullAuthAt === undefined ? Infinity : now - actor.lastFullAuthAt;
  if (age > STEP_UP_MAX_AGE_SECONDS * 1000) {
    throw new PanelError(
      'auth.step_up_required',
      'This operation needs a recent sign-in. Re-authenticate with POST /api/v1/auth/step-up, then retry the request.',
      { max_age_seconds: STEP_UP_MAX_AGE_SECONDS, methods: ['password'], step_up_url: '/api/v1/auth/step-up' },
    );
  }
}

/** Middleware form of assertRecentAuth, for routes outside the panel API (the Seeder's access-role change). */
export function requireStepUp(clock: Clock = systemClock): RequestHandler {
  return (req, _res, next) => {
    assertRecentAuth(req.actor, clock.now());
    next();
  };
}
