import { DETAIL_CONTRACTS, DETAIL_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { retryFailedMail } from './mail.service.ts';
import { approvalPreview } from './order-mails.ts';

/** "View Email Content" (SPEC §2) and sending a failed mail again (DESIGN §9). */
export function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, DETAIL_CONTRACTS.emailContent, async (request) =>
    ok(DETAIL_MSG.emailContent, await approvalPreview(ctx, request.params.orderId)),
  );

  route(app, DETAIL_CONTRACTS.retryMail, async (request) => {
    const { message, data } = await retryFailedMail(ctx, request.staff, request.body);
    return ok(message, data);
  });
}
