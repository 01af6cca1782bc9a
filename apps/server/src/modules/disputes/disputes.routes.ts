import { DISPUTE_MSG, DISPUTES_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { disputeCandidates } from './candidates.ts';
import { createDisputeService } from './disputes.service.ts';
import { createDisputeReport } from './report.ts';

/** The staff side of the dispute desk (DESIGN §14): every member works disputes; the report is for managers. */
export function disputeRoutes(app: FastifyInstance, ctx: AppContext) {
  const disputes = createDisputeService(ctx);
  const report = createDisputeReport(ctx);

  route(app, DISPUTES_CONTRACTS.open, async (request, reply) =>
    reply.code(201).send(ok(DISPUTE_MSG.opened, await disputes.open(request.staff, request.body))),
  );

  route(app, DISPUTES_CONTRACTS.list, async (request) => {
    const { data, total } = await disputes.list(request.query);
    return ok(DISPUTE_MSG.listed, data, { total });
  });

  route(app, DISPUTES_CONTRACTS.one, async (request) => ok(DISPUTE_MSG.fetched, await disputes.get(request.params.id)));

  route(app, DISPUTES_CONTRACTS.update, async (request) =>
    ok(DISPUTE_MSG.updated, await disputes.update(request.staff, request.params.id, request.body)),
  );

  route(app, DISPUTES_CONTRACTS.candidates, async (request) =>
    ok(DISPUTE_MSG.candidates, await disputeCandidates(ctx, request.params.id)),
  );

  route(app, DISPUTES_CONTRACTS.report, async (request) => ok(DISPUTE_MSG.reported, await report(request.body)));
}
