import { FRONT_CONTRACTS as FRONT, PUBLIC_MSG, SERVER_MSG } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { perIpLimit } from '../../lib/per-ip-limit.ts';
import { route } from '../../lib/route.ts';
import { tokenFrom } from '../../plugins/staff-guard.ts';
import { brandingFor } from './branding.ts';
import { createPublicService } from './public.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the order id the customer's access token opens, set on the token-guarded public routes */
    publicOrderId: string;
  }
}

/**
 * The customers' API (SPEC §7 public calls, DESIGN §8): no staff token here. Register it in its own
 * scope, inside /api and outside the staff guard. Every route is limited per IP.
 */
export function publicRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createPublicService(ctx);
  app.decorateRequest('publicOrderId', '');

  const config = perIpLimit(ctx.config.rateLimit.publicPerIpPerMinute, SERVER_MSG.tooManyRequests);

  /** Before the body is validated: the access token must be valid (401). */
  const requireAccess = async (request: FastifyRequest) => {
    const token = tokenFrom(request);
    const orderId = token ? await service.verifyAccess(token) : null;
    if (!orderId) throw AppError.unauthorized(PUBLIC_MSG.accessNeeded);
    request.publicOrderId = orderId;
  };
  /** After validation: the body's order must be the token's (403). */
  const requireSameOrder = async (request: FastifyRequest) => {
    if ((request.body as { orderId: string }).orderId !== request.publicOrderId) {
      throw AppError.forbidden(PUBLIC_MSG.otherOrder);
    }
  };
  // preValidation, not onRequest: the per-IP limit (an onRequest hook) must count refused tokens too.
  const guarded = { config, preValidation: requireAccess, preHandler: requireSameOrder };

  route(app, FRONT.trackOrder, async (request) => ok(PUBLIC_MSG.trackOk, await service.track(request.body)), {
    config,
  });

  route(
    app,
    FRONT.downloadHistory,
    async (request) => {
      const { data, mainResult, path } = await service.history(request.publicOrderId);
      return { status: 1, message: PUBLIC_MSG.history, data, mainResult, path };
    },
    guarded,
  );

  route(
    app,
    FRONT.download,
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      return ok(PUBLIC_MSG.downloadOk, await service.recordDownload(request.publicOrderId, request.body, client));
    },
    guarded,
  );

  route(
    app,
    FRONT.downloadFile,
    async (request, reply) => {
      const file = await service.openLink(request.params.token);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.file.size))
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.file.body);
    },
    // No HEAD twin: a HEAD (a download manager's probe) must not use the link up.
    { config, exposeHeadRoute: false },
  );

  route(
    app,
    FRONT.branding,
    async (request) => ok(PUBLIC_MSG.branding, brandingFor(ctx.config, request.query.orderRef, request.host)),
    { config },
  );
}
