import { gatewaySettingSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createGatewayService } from './gateways.service.ts';

const config = { capability: 'gateways.manage' } as const;

/** Payment Setting (SPEC §2, §7): the active gateway per domain. Admin and Manager only. */
export function gatewayRoutes(app: FastifyInstance, ctx: AppContext) {
  const gateways = createGatewayService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/payment-gateways', { config }, async () => ok('Payment gateways', await gateways.list()));

  api.post('/admin/payment-gateway-setting', { config, schema: { body: gatewaySettingSchema } }, async (request) => {
    const gateway = await gateways.activate(request.body.gatewayDetails);
    return ok(`${gateway.gateway_name} is now the active gateway.`, gateway);
  });
}
