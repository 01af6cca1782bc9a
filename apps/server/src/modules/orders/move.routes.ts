import { moveOrderStatusSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createStatusService } from './status.service.ts';

/**
 * PUT /admin/move-order-status (SPEC §4, §7): the order detail's move buttons. Deleted needs
 * orders.delete, checked by the service against the shared transition table.
 */
export function moveRoutes(app: FastifyInstance, ctx: AppContext) {
  const statuses = createStatusService(ctx);
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(
      '/admin/move-order-status',
      { config: { capability: 'orders.work' }, schema: { body: moveOrderStatusSchema } },
      async (request) => {
        const { message, data } = await statuses.moveOne(
          request.staff,
          request.body.orderId,
          request.body.updatingStatus,
        );
        return ok(message, data);
      },
    );
}
