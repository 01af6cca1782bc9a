import { ORDERS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createStatusService } from './status.service.ts';

/**
 * PUT /admin/move-order-status (SPEC §4, §7): the order detail's move buttons. Deleted needs
 * orders.delete, checked by the service against the shared transition table.
 */
export function moveRoutes(app: FastifyInstance, ctx: AppContext) {
  const statuses = createStatusService(ctx);
  route(app, ORDERS_CONTRACTS.move, async (request) => {
    const { message, data } = await statuses.moveOne(request.staff, request.body.orderId, request.body.updatingStatus);
    return ok(message, data);
  });
}
