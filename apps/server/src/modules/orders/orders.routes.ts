import { filtersOf, hasFilters, ORDER_MSG, ORDERS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { bulkRoutes } from './bulk.routes.ts';
import { folderCounts } from './counts.service.ts';
import { filteredFolderCounts } from './filtered-counts.service.ts';
import { listRoutes } from './list.routes.ts';
import { moveRoutes } from './move.routes.ts';

/** Queues (SPEC §2, §3, §7). `userName` is accepted and ignored: the member is the token's (DESIGN §5). */
export function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ORDERS_CONTRACTS.folderCounts, async (request) => {
    const filters = filtersOf(request.query);
    // a folder named without filters narrows nothing: the counters answer every folder at once
    if (!hasFilters(filters)) return ok(ORDER_MSG.folderCounts, await folderCounts(ctx, request.staff));
    return ok(ORDER_MSG.folderCounts, await filteredFolderCounts(ctx, request.staff, filters, request.query.folder));
  });
  listRoutes(app, ctx);
  bulkRoutes(app, ctx);
  moveRoutes(app, ctx);
}
