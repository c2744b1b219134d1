/**
 * The control panel's identity layer: `createAuth(kernel)` gives the `/api/v1` router, the
 * `identify` middleware (sets `req.actor` from a bearer token or the `svc_session` cookie, and
 * refuses cross-site requests), the `limit` middleware (per-session, per-token and per-IP rate
 * limits with X-RateLimit-* headers) and `requireStepUp` for sensitive routes elsewhere.
 */
import type { RequestHandler, Router } from 'express';
import type { Kernel } from '../kernel.ts';
import { migrate } from '../migrations.ts';
import { createApiRouter } from '../api/index.ts';
import type { ApiContract } from '../api/openapi.ts';
import { systemClock, type Clock } from './clock.ts';
import './errors.ts';
import { createIdentify, createLimit } from './identify.ts';
import { recordNewKey, requireSharedKey } from './key-check.ts';
import { Passkeys, relyingPartyFrom } from './passkeys.ts';
import { PasswordCheck, argon2Hasher, type PasswordHasher } from './passwords.ts';
import { DEFAULT_REQUEST_LIMITS, RequestLimiter, type RequestLimitPolicy } from './rate-limit.ts';
import { AUTH_MIGRATIONS } from './schema.ts';
import type { AuthServices } from './services.ts';
import { DEFAULT_SESSION_POLICY, Sessions, type SessionPolicy } from './sessions.ts';
import { requireStepUp as stepUpMiddleware } from './step-up.ts';
import { DEFAULT_THROTTLE_POLICY, SignInThrottle, type ThrottlePolicy } from './throttle.ts';
import { Tokens } from './tokens.ts';
import { Totp } from './totp.ts';
import { TotpSecrets } from './totp-secrets.ts';

export { AUTH_MIGRATIONS } from './schema.ts';
export { assertRecentAuth, STEP_UP_MAX_AGE_SECONDS } from './step-up.ts';
export { systemClock, ManualClock, type Clock } from './clock.ts';
export { SESSION_COOKIE } from './cookies.ts';
export { TOKEN_PATTERN, parseToken, Tokens } from './tokens.ts';
export type { PasswordHasher } from './passwords.ts';
export type { RequestLimitPolicy } from './rate-limit.ts';
export type { SessionPolicy } from './sessions.ts';
export type { ThrottlePolicy } from './throttle.ts';

export interface AuthOptions {
  /** Time source (default: Date.now). */
  clock?: Clock;
  /** Password hashing (default: argon2id through @node-rs/argon2). */
  hasher?: PasswordHasher;
  sessions?: Partial<SessionPolicy>;
  requestLimits?: Partial<RequestLimitPolicy>;
  throttle?: Partial<ThrottlePolicy>;
  /** The contract (default: panel/openapi.yaml). */
  contract?: ApiContract;
  /**
   * Plugins activated on a site created through POST /api/v1/sites without a `plugins` list (the
   * installed ones, in order). boot.ts passes the panel's DEFAULT_SITE_PLUGINS; it is an option so
   * that this module does not import the built-in plugins (which import the auth module back).
   */
  defaultSitePlugins?: readonly string[];
}

export interface PanelAuth {
  api: Router;
  identify: RequestHandler;
  limit: RequestHandler;
  requireStepUp: RequestHandler;
}

export function createAuth(kernel: Kernel, options: AuthOptions = {}): PanelAuth {
  const clock = options.clock ?? systemClock;
  const db = () => kernel.panelDb;
  const baseUrl = new URL(kernel.config.baseUrl);
  // A shared database without PANEL_SECRET_KEY is refused here too, for apps built without `panel serve`.
  requireSharedKey(kernel.config);
  const svc: AuthServices = {
    kernel,
    clock,
    sessions: new Sessions(db, clock, { ...DEFAULT_SESSION_POLICY, ...options.sessions }),
    tokens: new Tokens(db, clock, kernel.config.env),
    // A malformed PANEL_SECRET_KEY throws here, when the app is built, not at the first sign-in.
    totp: new Totp(db, clock, new TotpSecrets(db, kernel.config, { onKeyCreated: (key) => recordNewKey(kernel.panelDb, key) }), `Panel (${baseUrl.host})`),
    passkeys: new Passkeys(db, clock, relyingPartyFrom(kernel.config.baseUrl)),
    passwords: new PasswordCheck(options.hasher ?? argon2Hasher),
    throttle: new SignInThrottle(kernel.panelDb, { ...DEFAULT_THROTTLE_POLICY, ...options.throttle }),
    secureCookies: baseUrl.protocol === 'https:',
  };
  const { rateLimit, rateLimitAnonymous } = kernel.config;
  const configured: Partial<RequestLimitPolicy> = {
    ...(rateLimit === undefined ? {} : { authenticated: { ...DEFAULT_REQUEST_LIMITS.authenticated, points: rateLimit } }),
    ...(rateLimitAnonymous === undefined ? {} : { anonymous: { ...DEFAULT_REQUEST_LIMITS.anonymous, points: rateLimitAnonymous } }),
  };
  const limiter = new RequestLimiter(kernel.panelDb, { ...DEFAULT_REQUEST_LIMITS, ...configured, ...options.requestLimits });
  // The tables come with bootPanel's panelMigrations; a kernel booted without them gets them on first use.
  let schema: Promise<void> | undefined;
  const ready = () =>
    (schema ??= migrate(kernel.panelDb, 'auth', AUTH_MIGRATIONS, { config: kernel.config }).then(
      () => undefined,
      (e: unknown) => {
        schema = undefined; // a failed migration is retried by the next request, not cached
        throw e;
      },
    ));
  return {
    api: createApiRouter(svc, options.contract, options.defaultSitePlugins ?? []),
    identify: createIdentify({ sessions: svc.sessions, tokens: svc.tokens, limiter, allowedOrigins: new Set([baseUrl.origin]), ready }),
    limit: createLimit(limiter),
    requireStepUp: stepUpMiddleware(clock),
  };
}
