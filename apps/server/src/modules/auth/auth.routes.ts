import { ACCOUNT_CONTRACTS, ACCOUNT_MSG, AUTH_CONTRACTS, encodeId, SERVER_MSG } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { perIpLimit } from '../../lib/per-ip-limit.ts';
import { route } from '../../lib/route.ts';
import type { SignInOrigin } from '../accounts/index.ts';
import { createAuthService } from './auth.service.ts';

const originOf = (request: FastifyRequest): SignInOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** POST /api/admin/admin-login and its code step: open to all, limited per IP. */
export function authPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);
  route(
    app,
    AUTH_CONTRACTS.login,
    async (request) => {
      const reply = await auth.login(request.body, originOf(request));
      return ok('challenge' in reply ? ACCOUNT_MSG.enterCode : SERVER_MSG.loginOk, reply);
    },
    { config: perIpLimit(ctx.config.rateLimit.loginPerIpPerMinute, SERVER_MSG.tooManyAttempts) },
  );
  route(
    app,
    ACCOUNT_CONTRACTS.verifyLogin,
    async (request) => ok(SERVER_MSG.loginOk, await auth.verify(request.body, originOf(request))),
    { config: perIpLimit(ctx.config.rateLimit.loginPerIpPerMinute, SERVER_MSG.tooManyAttempts) },
  );
  return auth;
}

export function authStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);

  route(app, AUTH_CONTRACTS.userInfo, async (request) =>
    ok('User info', { ...request.staff, id: encodeId(request.staff.id) }),
  );

  route(app, AUTH_CONTRACTS.changePassword, async (request) => {
    await auth.changePassword(request.staff.id, request.body, originOf(request));
    return ok(SERVER_MSG.passwordChanged);
  });
}
