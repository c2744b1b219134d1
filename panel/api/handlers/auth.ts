/** POST /auth/login, /auth/logout, /auth/step-up, /auth/totp-verify, /auth/passkey/begin and /auth/passkey/complete. */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { PanelError } from '../../errors.ts';
import { clientIp, requestAuth } from '../../auth/identify.ts';
import { clearSessionCookie, setSessionCookie, type AuthServices } from '../../auth/services.ts';
import { checkPassword, invalidCredentials } from '../../auth/sign-in.ts';
import type { Handler, HandlerContext } from '../router.ts';
import { sessionResult } from '../present.ts';

/** Sign-in replaces whatever session the browser had (rotation on sign-in). */
async function dropPreviousSession(svc: AuthServices, ctx: HandlerContext): Promise<void> {
  const previous = requestAuth(ctx.req).session;
  if (previous) await svc.sessions.delete(previous.id);
}

export function authHandlers(svc: AuthServices): Record<string, Handler> {
  return {
    async login(ctx) {
      const { email, password } = ctx.body as { email: string; password: string };
      const ip = clientIp(ctx.req);
      let mfa = false;
      const operator = await checkPassword(svc, { email }, password, ip, async (id) => {
        mfa = await svc.totp.enabled(id);
        return !mfa;
      });
      await dropPreviousSession(svc, ctx);
      if (mfa) {
        const issued = await svc.sessions.create(operator.id, 'mfa_pending', ip);
        setSessionCookie(svc, ctx.res, issued);
        ctx.res.status(200).json({ mfa_pending: true, methods: ['totp', 'recovery_code'], expires_at: issued.session.expires_at });
        return;
      }
      const issued = await svc.sessions.create(operator.id, 'full', ip);
      setSessionCookie(svc, ctx.res, issued);
      ctx.res.status(200).json(await sessionResult(svc, issued.session));
    },

    async logout(ctx) {
      const { session } = requestAuth(ctx.req);
      if (session) await svc.sessions.delete(session.id);
      clearSessionCookie(svc, ctx.res);
      ctx.res.status(204).end();
    },

    async stepUp(ctx) {
      const { session, sessionToken } = requestAuth(ctx.req);
      const { password } = ctx.body as { password: string };
      await checkPassword(svc, { id: ctx.req.actor!.operatorId }, password, clientIp(ctx.req));
      const issued = session && sessionToken ? await svc.sessions.upgrade(session, sessionToken) : undefined;
      if (!issued) throw new PanelError('auth.unauthenticated', 'The session ended meanwhile; sign in again.');
      setSessionCookie(svc, ctx.res, issued);
      ctx.res.status(200).json(await sessionResult(svc, issued.session));
    },

    async totpVerify(ctx) {
      const { session, sessionToken } = requestAuth(ctx.req);
      if (!session || !sessionToken || session.state !== 'mfa_pending') {
        throw new PanelError('auth.unauthenticated', 'No sign-in is waiting for a second factor; sign in with the password first.');
      }
      const ip = clientIp(ctx.req);
      await svc.throttle.assertAllowed(session.email, ip);
      const body = ctx.body as { code?: string; recovery_code?: string };
      const ok = body.code !== undefined
        ? await svc.totp.verify(session.operator_id, body.code)
        : await svc.totp.useRecoveryCode(session.operator_id, body.recovery_code ?? '');
      if (!ok) {
        await svc.throttle.fail(session.email, ip);
        const left = await svc.sessions.recordMfaFailure(session);
        if (left === 0) clearSessionCookie(svc, ctx.res);
        throw new PanelError(
          'auth.invalid_credentials',
          left === 0 ? 'The code is not valid, and that was the last attempt: sign in again.' : 'The code is not valid (or was already used).',
          { attempts_left: left },
        );
      }
      await svc.throttle.succeed(session.email, ip);
      const issued = await svc.sessions.upgrade(session, sessionToken);
      if (!issued) throw new PanelError('auth.unauthenticated', 'This sign-in was completed or ended meanwhile; sign in again.');
      setSessionCookie(svc, ctx.res, issued);
      ctx.res.status(200).json(await sessionResult(svc, issued.session));
    },

    async passkeyLoginBegin(ctx) {
      ctx.res.status(200).json(await svc.passkeys.loginBegin());
    },

    async passkeyLoginComplete(ctx) {
      const ip = clientIp(ctx.req);
      await svc.throttle.assertAllowed(undefined, ip);
      const body = ctx.body as { challenge_id: string; credential: AuthenticationResponseJSON };
      let operatorId: number;
      try {
        operatorId = await svc.passkeys.loginComplete(body);
        const op = await svc.kernel.panelDb('operators').where({ id: operatorId }).first('disabled');
        if (!op || Boolean(Number(op.disabled))) throw invalidCredentials('The passkey could not be verified.');
      } catch (e) {
        await svc.throttle.fail(undefined, ip);
        throw e;
      }
      await dropPreviousSession(svc, ctx);
      const issued = await svc.sessions.create(operatorId, 'full', ip);
      setSessionCookie(svc, ctx.res, issued);
      ctx.res.status(200).json(await sessionResult(svc, issued.session));
    },
  };
}
