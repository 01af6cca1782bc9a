import { FOLLOW_UP_CONTRACTS, FOLLOW_UP_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { changeFollowUp } from './follow-ups.service.ts';

/** Follow-up dates on Awaiting Customer and Awaiting Govt (DESIGN §18). */
export function followUpRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, FOLLOW_UP_CONTRACTS.followUp, async (request) => {
    const { orderId, followUpOn } = request.body;
    const saved = await changeFollowUp(ctx, request.staff, orderId, followUpOn);
    return ok(followUpOn === null ? FOLLOW_UP_MSG.cleared : FOLLOW_UP_MSG.set, saved);
  });
}
