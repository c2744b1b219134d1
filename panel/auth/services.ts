/** The auth module's services, built once by createAuth and shared by the API handlers. */
import type { Response } from 'express';
import type { Kernel } from '../kernel.ts';
import type { Clock } from './clock.ts';
import { clearedSessionCookie, sessionCookie } from './cookies.ts';
import type { Passkeys } from './passkeys.ts';
import type { PasswordCheck } from './passwords.ts';
import type { IssuedSession, Sessions } from './sessions.ts';
import type { SignInThrottle } from './throttle.ts';
import type { Tokens } from './tokens.ts';
import type { Totp } from './totp.ts';

export interface AuthServices {
  kernel: Kernel;
  clock: Clock;
  sessions: Sessions;
  tokens: Tokens;
  totp: Totp;
  passkeys: Passkeys;
  passwords: PasswordCheck;
  throttle: SignInThrottle;
  /** Whether cookies get `Secure` (the panel is served over https). */
  secureCookies: boolean;
}

export function setSessionCookie(svc: AuthServices, res: Response, issued: IssuedSession): void {
  res.append('Set-Cookie', sessionCookie(issued.token, svc.sessions.maxAgeSeconds(issued.session), svc.secureCookies));
}

export function clearSessionCookie(svc: AuthServices, res: Response): void {
  res.append('Set-Cookie', clearedSessionCookie(svc.secureCookies));
}
