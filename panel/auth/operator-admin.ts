/**
 * Operator administration for the CLI (`panel operator disable|enable|reset-mfa|passwd`): each change
 * that weakens or replaces a credential also ends the operator's sessions, so nothing signed in
 * under the old state survives it.
 */
import type { Knex } from 'knex';
import { checkNewPassword, hashPassword } from '../operators.ts';

/** Disables sign-in; sessions end and API tokens are refused while the operator stays disabled. */
export async function disableOperator(db: Knex, operatorId: number): Promise<{ sessionsEnded: number }> {
  await db('operators').where({ id: operatorId }).update({ disabled: true });
  return { sessionsEnded: await db('auth_sessions').where({ operator_id: operatorId }).delete() };
}

/**
 * Allows sign-in again after `disableOperator`. Sessions ended by the disabling stay ended; API tokens
 * that were not revoked work again, as they did before (revoke them first if they should not).
 */
export async function enableOperator(db: Knex, operatorId: number): Promise<void> {
  await db('operators').where({ id: operatorId }).update({ disabled: false });
}

/** Removes every second factor (TOTP, recovery codes, passkeys) and ends the sessions. */
export async function resetMfa(db: Knex, operatorId: number): Promise<{ totpRemoved: boolean; passkeysRemoved: number; sessionsEnded: number }> {
  const totpRemoved = (await db('auth_totp').where({ operator_id: operatorId }).delete()) > 0;
  await db('auth_recovery_codes').where({ operator_id: operatorId }).delete();
  const passkeysRemoved = await db('auth_passkeys').where({ operator_id: operatorId }).delete();
  const sessionsEnded = await db('auth_sessions').where({ operator_id: operatorId }).delete();
  return { totpRemoved, passkeysRemoved, sessionsEnded };
}

/** Sets a new password (checked by `checkNewPassword`, hashed with argon2id) and ends the sessions. */
export async function setPassword(db: Knex, operator: { id: number; email: string }, password: string): Promise<{ sessionsEnded: number }> {
  const password_hash = await hashPassword(await checkNewPassword(password, operator.email));
  await db('operators').where({ id: operator.id }).update({ password_hash });
  return { sessionsEnded: await db('auth_sessions').where({ operator_id: operator.id }).delete() };
}
