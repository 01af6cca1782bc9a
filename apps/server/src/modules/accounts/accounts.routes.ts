import { ACCOUNT_CONTRACTS, ACCOUNT_MSG, SERVER_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { perIpLimit } from '../../lib/per-ip-limit.ts';
import { originOf } from '../../lib/request-origin.ts';
import { route } from '../../lib/route.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createReauthService } from './reauth.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { createTwoFactorService } from './two-factor.service.ts';

/** Forgot and reset password: open to all, limited per IP (a stranger may not try tokens or fill inboxes at speed). */
export function accountPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const resets = createPasswordResetService(ctx);
  route(
    app,
    ACCOUNT_CONTRACTS.forgotPassword,
    async (request) => {
      await resets.requestLink(request.body, originOf(request));
      return ok(ACCOUNT_MSG.resetLinkSent);
    },
    { config: perIpLimit(ctx.config.rateLimit.loginPerIpPerMinute, SERVER_MSG.tooManyRequests) },
  );
  route(
    app,
    ACCOUNT_CONTRACTS.resetPassword,
    async (request) => {
      await resets.reset(request.body, originOf(request));
      return ok(ACCOUNT_MSG.passwordReset);
    },
    { config: perIpLimit(ctx.config.rateLimit.loginPerIpPerMinute, SERVER_MSG.tooManyRequests) },
  );
}

/** The signed-in member's account, sessions and second factor (DESIGN §17). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const sessions = createSessionsService(ctx);
  const twoFactor = createTwoFactorService(ctx);
  const reauth = createReauthService(ctx);

  route(app, ACCOUNT_CONTRACTS.reauth, async (request) => {
    const confirmedUntil = await reauth.confirm(request.staff, request.sessionId, request.body, originOf(request));
    return ok(ACCOUNT_MSG.reauthDone, { confirmedUntil });
  });
  route(app, ACCOUNT_CONTRACTS.logout, async (request) => {
    await sessions.logout(request.staff, request.sessionId, originOf(request));
    return ok(ACCOUNT_MSG.loggedOut);
  });
  route(app, ACCOUNT_CONTRACTS.account, async (request) => ok('Account', await twoFactor.account(request.staff)));
  route(app, ACCOUNT_CONTRACTS.sessions, async (request) =>
    ok('Sessions', await sessions.listOwn(request.staff, request.sessionId)),
  );
  route(app, ACCOUNT_CONTRACTS.memberSessions, async (request) =>
    ok('Sessions', await sessions.listMember(request.staff, request.params.teamMemberId, request.sessionId)),
  );
  route(app, ACCOUNT_CONTRACTS.revokeSession, async (request) => {
    await sessions.revoke(request.staff, request.params.id, originOf(request));
    return ok(ACCOUNT_MSG.sessionEnded);
  });
  route(app, ACCOUNT_CONTRACTS.setupTwoFactor, async (request) =>
    ok('Scan the QR code with your authenticator app', await twoFactor.setup(request.staff)),
  );
  route(app, ACCOUNT_CONTRACTS.enableTwoFactor, async (request) => {
    const recoveryCodes = await twoFactor.enable(
      request.staff,
      request.sessionId,
      request.body.code,
      originOf(request),
    );
    return ok(ACCOUNT_MSG.twoFactorOn, { recoveryCodes });
  });
  route(app, ACCOUNT_CONTRACTS.recoveryCodes, async (request) => {
    const recoveryCodes = await twoFactor.renewRecoveryCodes(request.staff, originOf(request));
    return ok(ACCOUNT_MSG.recoveryCodesRenewed, { recoveryCodes });
  });
  route(app, ACCOUNT_CONTRACTS.disableTwoFactor, async (request) => {
    await twoFactor.disable(request.staff, request.body.code, originOf(request));
    return ok(ACCOUNT_MSG.twoFactorOff);
  });
  route(app, ACCOUNT_CONTRACTS.resetMemberTwoFactor, async (request) => {
    await twoFactor.reset(request.staff, request.body.teamMemberId, originOf(request));
    return ok(ACCOUNT_MSG.twoFactorReset);
  });
}
