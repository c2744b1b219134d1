/** The calling operator: GET /operators/me, password change, TOTP enrollment, passkeys. */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import QRCode from 'qrcode';
import { PanelError } from '../../errors.ts';
import { iso } from '../../auth/clock.ts';
import { clientIp, requestAuth } from '../../auth/identify.ts';
import { passkeyRecord, passkeyView } from '../../auth/passkeys.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import type { AuthServices } from '../../auth/services.ts';
import { checkPassword } from '../../auth/sign-in.ts';
import { STEP_UP_MAX_AGE_SECONDS } from '../../auth/step-up.ts';
import { keysetPage, type PageInput } from '../pagination.ts';
import { operatorView } from '../present.ts';
import type { Handler } from '../router.ts';

export function meHandlers(svc: AuthServices): Record<string, Handler> {
  return {
    async getMe(ctx) {
      const actor = ctx.req.actor!;
      const view = await operatorView(svc, actor.operatorId);
      const last = actor.via === 'session' && actor.lastFullAuthAt !== undefined ? actor.lastFullAuthAt : undefined;
      ctx.res.status(200).json({
        ...view,
        auth: {
          via: actor.via === 'session' ? 'session' : 'token',
          authenticated_at: last === undefined ? null : iso(last),
          step_up_expires_at: last === undefined ? null : iso(last + STEP_UP_MAX_AGE_SECONDS * 1000),
        },
      });
    },

    async changePassword(ctx) {
      const actor = ctx.req.actor!;
      const { current_password, new_password } = ctx.body as { current_password: string; new_password: string };
      await checkPassword(svc, { id: actor.operatorId }, current_password, clientIp(ctx.req));
      const problem = await passwordProblem(new_password, actor.email);
      if (problem) {
        throw new PanelError('validation.invalid', problem.message, {
          field: 'new_password',
          errors: [{ field: 'new_password', in: 'body', message: problem.message, rule: problem.rule }],
        });
      }
      const password_hash = await svc.passwords.hasher.hash(new_password);
      await svc.kernel.panelDb('operators').where({ id: actor.operatorId }).update({ password_hash });
      // Everyone else holding a session of this operator is signed out; this browser stays in.
      await svc.sessions.deleteForOperator(actor.operatorId, requestAuth(ctx.req).session?.id);
      ctx.res.status(204).end();
    },

    async totpEnrollBegin(ctx) {
      const actor = ctx.req.actor!;
      const enrollment = await svc.totp.begin({ id: actor.operatorId, email: actor.email });
      // The QR code is drawn here, so the secret never leaves the answer that carries it.
      const qr_svg = await QRCode.toString(enrollment.otpauth_uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      ctx.res.status(200).json({ ...enrollment, qr_svg });
    },

    async totpEnrollConfirm(ctx) {
      const { code } = ctx.body as { code: string };
      ctx.res.status(200).json({ recovery_codes: await svc.totp.confirm(ctx.req.actor!.operatorId, code) });
    },

    async regenerateRecoveryCodes(ctx) {
      ctx.res.status(200).json({ recovery_codes: await svc.totp.regenerateRecoveryCodes(ctx.req.actor!.operatorId) });
    },

    async listSessions(ctx) {
      const current = requestAuth(ctx.req).session?.id;
      const page = await keysetPage('sessions', svc.sessions.liveQuery(ctx.req.actor!.operatorId), ctx.query as unknown as PageInput, (r) => ({
        id: String(r.id),
        created_at: String(r.created_at),
        last_seen_at: String(r.last_seen_at),
        expires_at: String(r.expires_at),
        current: r.id === current,
      }));
      ctx.res.status(200).json(page);
    },

    async endSession(ctx) {
      if (ctx.params.id === requestAuth(ctx.req).session?.id) {
        throw new PanelError('validation.invalid', 'That is this browser\'s session; sign out to end it.', {
          field: 'id',
          errors: [{ field: 'id', in: 'path', message: 'is the current session (use POST /auth/logout)', rule: 'not_current' }],
        });
      }
      if (!(await svc.sessions.deleteOwn(ctx.req.actor!.operatorId, ctx.params.id))) {
        throw new PanelError('sessions.not_found', `No active session with id "${ctx.params.id}".`, { field: 'id' });
      }
      ctx.res.status(204).end();
    },

    async endOtherSessions(ctx) {
      await svc.sessions.deleteForOperator(ctx.req.actor!.operatorId, requestAuth(ctx.req).session?.id);
      ctx.res.status(204).end();
    },

    async totpDisable(ctx) {
      await svc.totp.disable(ctx.req.actor!.operatorId);
      ctx.res.status(204).end();
    },

    async passkeyRegisterBegin(ctx) {
      const actor = ctx.req.actor!;
      ctx.res.status(200).json(await svc.passkeys.registrationBegin({ id: actor.operatorId, email: actor.email }, actor.sessionId ?? null));
    },

    async passkeyRegisterComplete(ctx) {
      const actor = ctx.req.actor!;
      const body = ctx.body as { challenge_id: string; credential: RegistrationResponseJSON; name?: string };
      const record = await svc.passkeys.registrationComplete({ id: actor.operatorId }, actor.sessionId ?? null, body);
      ctx.res.status(201).json(passkeyView(record));
    },

    async listPasskeys(ctx) {
      const page = await keysetPage('passkeys', svc.passkeys.listQuery(ctx.req.actor!.operatorId), ctx.query as unknown as PageInput, (r) => passkeyView(passkeyRecord(r)));
      ctx.res.status(200).json(page);
    },

    async deletePasskey(ctx) {
      if (!(await svc.passkeys.delete(ctx.req.actor!.operatorId, ctx.params.id))) {
        throw new PanelError('passkeys.not_found', `No passkey with id "${ctx.params.id}".`, { field: 'id' });
      }
      ctx.res.status(204).end();
    },
  };
}
