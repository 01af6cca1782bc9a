import { CLAIMS_CONTRACTS as CLAIMS, claimsReleasedMessage, MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { claimNextOrder } from './next-order.service.ts';
import { releaseMemberClaims } from './release.service.ts';

/** Working live (DESIGN §18): Next order on the queues, Release claims in Manage Team. */
export function claimRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, CLAIMS.nextOrder, async (request) => {
    const claimed = await claimNextOrder(ctx, request.staff, request.body.folder);
    // the toast of a claim, as Assign to me says it (SPEC §8)
    return ok(MSG.orderAssigned, { orderId: claimed.order_id });
  });

  route(app, CLAIMS.releaseClaims, async (request) => {
    const { result, memberName } = await releaseMemberClaims(ctx, request.staff, request.body.teamMemberId);
    return ok(claimsReleasedMessage(result.released, memberName), result);
  });
}
