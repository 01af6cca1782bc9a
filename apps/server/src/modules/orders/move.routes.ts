import { FLOW_MSG, ORDERS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { bulkReply } from './bulk.ts';
import { moveMany } from './bulk-move.service.ts';
import { restoreOrder } from './restore.service.ts';
import { createStatusService } from './status.service.ts';

/**
 * PUT /admin/move-order-status (SPEC §4, §7): the order detail's move buttons, and with a list of
 * ids a queue's "Move to…" (DESIGN §23). Deleted needs orders.delete, checked by the services against
 * the shared transition table. POST /admin/restore-order: a Deleted order back where it was.
 */
export function moveRoutes(app: FastifyInstance, ctx: AppContext) {
  const statuses = createStatusService(ctx);
  route(app, ORDERS_CONTRACTS.move, async (request) => {
    const { orderId, updatingStatus } = request.body;
    // one id answers exactly as before (SPEC §7); a list answers each order's outcome
    if (Array.isArray(orderId)) return bulkReply(await moveMany(ctx, request.staff, orderId, updatingStatus));
    const { message, data } = await statuses.moveOne(request.staff, orderId, updatingStatus);
    return ok(message, data);
  });

  route(app, ORDERS_CONTRACTS.restore, async (request) => {
    const restored = await restoreOrder(ctx, request.staff, request.body.orderId);
    return ok(FLOW_MSG.restored(restored.to), restored);
  });
}
