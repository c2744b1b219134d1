/**
 * Password checks shared by sign-in, step-up and password change: throttled per (account, IP) and
 * per IP, one generic 401 whatever went wrong, and the hasher run exactly once in every failing case
 * (a correct password may add one hash, to bring an old stored hash to the current parameters).
 */
import { PanelError } from '../errors.ts';
import { normaliseEmail } from '../operators.ts';
import type { Role } from '../roles.ts';
import type { AuthServices } from './services.ts';

export interface OperatorCredentials {
  id: number;
  email: string;
  role: Role;
  created_at: string;
}

export function invalidCredentials(message = 'The email or password is not correct.'): PanelError {
  return new PanelError('auth.invalid_credentials', message);
}

/**
 * Checks a password for an account (an email, or an operator id); returns the operator or throws
 * 401/429. A correct password resets the consecutive-failure count only when `completes` says the
 * authentication is then complete: a password followed by a pending TOTP step must not reset it, or
 * someone holding the password could retry TOTP codes forever by signing in again.
 */
export async function checkPassword(
  svc: AuthServices,
  account: { email: string } | { id: number },
  password: string,
  ip: string,
  completes: (operatorId: number) => Promise<boolean> = async () => true,
): Promise<OperatorCredentials> {
  const db = svc.kernel.panelDb;
  const row = 'email' in account
    ? await db('operators').where({ email: normaliseEmail(account.email) }).first('id', 'email', 'role', 'disabled', 'password_hash', 'created_at')
    : await db('operators').where({ id: account.id }).first('id', 'email', 'role', 'disabled', 'password_hash', 'created_at');
  const throttleKey = 'email' in account ? normaliseEmail(account.email) : String(row?.email ?? account.id);
  await svc.throttle.assertAllowed(throttleKey, ip);
  const matches = await svc.passwords.matches(row ? String(row.password_hash) : undefined, password);
  if (!row || !matches || Boolean(Number(row.disabled))) {
    await svc.throttle.fail(throttleKey, ip);
    throw invalidCredentials('email' in account ? undefined : 'The password is not correct.');
  }
  // The password is right: replace a hash made with old parameters. Only if the row still holds the
  // hash just verified, so a password changed meanwhile is not put back.
  const rehashed = await svc.passwords.rehash(String(row.password_hash), password);
  if (rehashed) await db('operators').where({ id: row.id, password_hash: row.password_hash }).update({ password_hash: rehashed });
  if (await completes(Number(row.id))) await svc.throttle.succeed(throttleKey, ip);
  return { id: Number(row.id), email: String(row.email), role: row.role as Role, created_at: String(row.created_at) };
}
