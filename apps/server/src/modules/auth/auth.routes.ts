import { AUTH_CONTRACTS, encodeId, SERVER_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createAuthService } from './auth.service.ts';

/** POST /api/admin/admin-login: open to all, limited per IP (DESIGN §10). */
export function authPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);
  route(
    app,
    AUTH_CONTRACTS.login,
    async (request) => {
      const { jwtToken } = await auth.login(request.body);
      return ok(SERVER_MSG.loginOk, { jwtToken });
    },
    {
      config: {
        rateLimit: {
          max: ctx.config.rateLimit.loginPerIpPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: (_req, context) => ({
            statusCode: 429,
            message: SERVER_MSG.tooManyAttempts,
            retryAfter: context.after,
          }),
        },
      },
    },
  );
  return auth;
}

export function authStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);

  route(app, AUTH_CONTRACTS.userInfo, async (request) =>
    ok('User info', { ...request.staff, id: encodeId(request.staff.id) }),
  );

  route(app, AUTH_CONTRACTS.changePassword, async (request) => {
    await auth.changePassword(request.staff.id, request.body);
    return ok(SERVER_MSG.passwordChanged);
  });
}
