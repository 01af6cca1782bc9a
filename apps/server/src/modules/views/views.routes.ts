import { SAVED_VIEW_MSG, VIEWS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createViewService } from './views.service.ts';

/** Saved views of a queue (DESIGN §23). */
export function viewRoutes(app: FastifyInstance, ctx: AppContext) {
  const views = createViewService(ctx);
  route(app, VIEWS_CONTRACTS.list, async (request) => ok(SAVED_VIEW_MSG.listed, await views.list(request.staff)));
  route(app, VIEWS_CONTRACTS.create, async (request, reply) =>
    reply.code(201).send(ok(SAVED_VIEW_MSG.created, await views.create(request.staff, request.body))),
  );
  route(app, VIEWS_CONTRACTS.update, async (request) =>
    ok(SAVED_VIEW_MSG.updated, await views.update(request.staff, request.params.id, request.body)),
  );
  route(app, VIEWS_CONTRACTS.remove, async (request) => {
    await views.remove(request.staff, request.params.id);
    return ok(SAVED_VIEW_MSG.deleted);
  });
}
