import { ORDERS_CONTRACTS as ORDERS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../lib/route.ts';
import { createAssignService } from './assign.service.ts';
import { bulkReply } from './bulk.ts';
import { createStatusService } from './status.service.ts';

/** The bulk area of the queue screens (SPEC §2, §4, §7): assign, unassign, delete, refund. */
export function bulkRoutes(app: FastifyInstance, ctx: AppContext) {
  const assignments = createAssignService(ctx);
  const statuses = createStatusService(ctx);

  // SPEC §7 names one assignment call: "Assign to me" sends the caller's name, and a blank `assignto`
  // clears the assignment as "Move to Original Folder" does (SPEC §4). unassign-order does the same.
  route(app, ORDERS.assign, async (request) => {
    const { orderId, assignto } = request.body;
    if (assignto !== undefined && assignto.trim() === '')
      return bulkReply(await assignments.unassign(request.staff, orderId));
    return bulkReply(await assignments.assign(request.staff, orderId, assignto));
  });

  route(app, ORDERS.unassign, async (request) =>
    bulkReply(await assignments.unassign(request.staff, request.body.orderId)),
  );

  route(app, ORDERS.remove, async (request) => bulkReply(await statuses.delete(request.staff, request.body.orderId)));

  route(app, ORDERS.refund, async (request) => bulkReply(await statuses.refund(request.staff, request.body.orderId)));
}
