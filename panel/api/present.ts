/** How the API shows operators and sessions (the shapes of openapi.yaml's Operator and SessionResult). */
import { PanelError } from '../errors.ts';
import { Members } from '../membership.ts';
import type { Role } from '../roles.ts';
import { iso } from '../auth/clock.ts';
import type { AuthServices } from '../auth/services.ts';
import type { SessionRow } from '../auth/sessions.ts';
import { STEP_UP_MAX_AGE_SECONDS } from '../auth/step-up.ts';

export interface OperatorView {
  id: number;
  email: string;
  owner: boolean;
  memberships: { site_id: string; role: Role }[];
  created_at: string;
  mfa: { totp_enabled: boolean; passkeys: number; recovery_codes_remaining: number };
}

export async function operatorView(svc: AuthServices, operatorId: number): Promise<OperatorView> {
  const row = await svc.kernel.panelDb('operators').where({ id: operatorId }).first('id', 'email', 'owner', 'created_at');
  if (!row) throw new PanelError('auth.unauthenticated', 'The operator no longer exists.');
  return {
    id: Number(row.id),
    email: String(row.email),
    owner: Boolean(Number(row.owner)),
    memberships: await new Members(() => svc.kernel.panelDb).ofOperator(operatorId),
    created_at: String(row.created_at),
    mfa: {
      totp_enabled: await svc.totp.enabled(operatorId),
      passkeys: await svc.passkeys.count(operatorId),
      recovery_codes_remaining: await svc.totp.recoveryCodesRemaining(operatorId),
    },
  };
}

export function stepUpExpiry(lastFullAuthAt: string): string {
  return iso(Date.parse(lastFullAuthAt) + STEP_UP_MAX_AGE_SECONDS * 1000);
}

/** The body of every answer that starts or renews a full session. */
export async function sessionResult(svc: AuthServices, session: SessionRow) {
  const authenticatedAt = session.last_full_auth_at ?? session.created_at;
  return {
    mfa_pending: false as const,
    operator: await operatorView(svc, session.operator_id),
    session: { authenticated_at: authenticatedAt, expires_at: session.expires_at, step_up_expires_at: stepUpExpiry(authenticatedAt) },
  };
}
