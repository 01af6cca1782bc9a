import { ORDER_MSG, orderListParamsSchema, orderListQuerySchema, searchOrderSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createListService } from './list.service.ts';

const config = { capability: 'orders.work' } as const;

/** Queue lists and search (SPEC §7). The folder's own capability is checked by the service. */
export function listRoutes(app: FastifyInstance, ctx: AppContext) {
  const lists = createListService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/get-orders-list/:orderName',
    { config, schema: { params: orderListParamsSchema, querystring: orderListQuerySchema } },
    async (request) => {
      const { items, total } = await lists.list(request.staff, request.params.orderName, request.query);
      return ok(ORDER_MSG.ordersListed, items, { total });
    },
  );

  api.post('/admin/search-order', { config, schema: { body: searchOrderSchema } }, async (request) => {
    const { items, total } = await lists.search(request.staff, request.body);
    return ok(ORDER_MSG.searchDone, items, { total });
  });
}
