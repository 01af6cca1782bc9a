import { FIND_CONTRACTS, FIND_MSG, ORDER_MSG, ORDERS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createFindService } from './find.service.ts';
import { createListService } from './list.service.ts';

/** Queue lists and search (SPEC §7), and Find. The folder's own capability is checked by the service. */
export function listRoutes(app: FastifyInstance, ctx: AppContext) {
  const lists = createListService(ctx);

  route(app, ORDERS_CONTRACTS.list, async (request) => {
    const { items, total } = await lists.list(request.staff, request.params.orderName, request.query);
    return ok(ORDER_MSG.ordersListed, items, { total });
  });

  route(app, ORDERS_CONTRACTS.search, async (request) => {
    const { items, total } = await lists.search(request.staff, request.body);
    return ok(ORDER_MSG.searchDone, items, { total });
  });

  // Find anything (DESIGN §23): every order the member may open, whatever folder holds it
  const finder = createFindService(ctx, lists);
  route(app, FIND_CONTRACTS.find, async (request) => {
    const { items, total } = await finder.find(request.staff, request.query);
    return ok(FIND_MSG.found, items, { total });
  });
}
