import { assignOrdersSchema, changeOrderStatusSchema, refundOrdersSchema, unassignOrdersSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createAssignService } from './assign.service.ts';
import { bulkReply } from './bulk.ts';
import { createStatusService } from './status.service.ts';

const work = { capability: 'orders.work' } as const;

/** The bulk area of the queue screens (SPEC §2, §4, §7): assign, unassign, delete, refund. */
export function bulkRoutes(app: FastifyInstance, ctx: AppContext) {
  const assignments = createAssignService(ctx);
  const statuses = createStatusService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // SPEC §7 names one assignment call: "Assign to me" sends the caller's name, and a blank `assignto`
  // clears the assignment as "Move to Original Folder" does (SPEC §4). unassign-order does the same.
  api.put('/admin/assign-order-status', { config: work, schema: { body: assignOrdersSchema } }, async (request) => {
    const { orderId, assignto } = request.body;
    if (assignto !== undefined && assignto.trim() === '')
      return bulkReply(await assignments.unassign(request.staff, orderId));
    return bulkReply(await assignments.assign(request.staff, orderId, assignto));
  });

  api.put('/admin/unassign-order', { config: work, schema: { body: unassignOrdersSchema } }, async (request) =>
    bulkReply(await assignments.unassign(request.staff, request.body.orderId)),
  );

  api.put(
    '/admin/change-order-status',
    { config: { capability: 'orders.delete' }, schema: { body: changeOrderStatusSchema } },
    async (request) => bulkReply(await statuses.delete(request.staff, request.body.orderId)),
  );

  api.put('/admin/move-to-complete-refund', { config: work, schema: { body: refundOrdersSchema } }, async (request) =>
    bulkReply(await statuses.refund(request.staff, request.body.orderId)),
  );
}
