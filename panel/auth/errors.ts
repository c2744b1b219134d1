/**
 * The error codes the control panel API adds to the host's registry (panel/errors.ts). The spec's
 * own codes (auth.unauthenticated, auth.forbidden, auth.step_up_required, validation.invalid,
 * rate_limit.exceeded, ...) are registered by the host already.
 */
import { registerErrorCodes } from '../errors.ts';

export const AUTH_ERROR_CODES = {
  /** Wrong email/password (or a disabled account), wrong TOTP or recovery code, wrong step-up password. */
  'auth.invalid_credentials': 401,
  /** An unsafe request from another site (Sec-Fetch-Site / Origin check). */
  'csrf.rejected': 403,
  'tokens.not_found': 404,
  'passkeys.not_found': 404,
  'sessions.not_found': 404,
  'passkeys.registration_failed': 422,
  'totp.already_enabled': 409,
  'totp.not_pending': 409,
  'totp.not_enabled': 409,
  'totp.invalid_code': 422,
} as const;

registerErrorCodes(AUTH_ERROR_CODES);
