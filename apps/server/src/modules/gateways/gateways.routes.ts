import { GATEWAY_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { route } from '../../lib/route.ts';
import { createGatewayService } from './gateways.service.ts';

/** Payment Setting (SPEC §2, §7): the active gateway per domain. Admin and Manager only. */
export function gatewayRoutes(app: FastifyInstance, ctx: AppContext) {
  const gateways = createGatewayService(ctx);

  route(app, GATEWAY_CONTRACTS.list, async () => ok('Payment gateways', await gateways.list()));

  route(app, GATEWAY_CONTRACTS.activate, async (request) => {
    const gateway = await gateways.activate(request.staff, request.body.gatewayDetails, originOf(request));
    return ok(`${gateway.gateway_name} is now the active gateway.`, gateway);
  });
}
