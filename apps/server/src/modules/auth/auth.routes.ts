import { changePasswordSchema, encodeId, loginSchema, SERVER_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createAuthService } from './auth.service.ts';

/** POST /api/admin/admin-login: open to all, limited per IP (DESIGN §10). */
export function authPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/admin-login',
    {
      schema: { body: loginSchema },
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
    async (request) => {
      const { jwtToken } = await auth.login(request.body);
      return ok(SERVER_MSG.loginOk, { jwtToken });
    },
  );
  return auth;
}

export function authStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/user_info', { config: { capability: 'signedIn' } }, async (request) =>
    ok('User info', { ...request.staff, id: encodeId(request.staff.id) }),
  );

  api.post(
    '/admin/change-password',
    { schema: { body: changePasswordSchema }, config: { capability: 'signedIn' } },
    async (request) => {
      await auth.changePassword(request.staff.id, request.body);
      return ok(SERVER_MSG.passwordChanged);
    },
  );
}
