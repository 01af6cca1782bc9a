import { DETAIL_MSG, orderPathSchema, retryMailSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { retryFailedMail } from './mail.service.ts';
import { approvalPreview } from './order-mails.ts';

const config = { capability: 'orders.work' } as const;

/** "View Email Content" (SPEC §2) and sending a failed mail again (DESIGN §9). */
export function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/email-content/:orderId', { config, schema: { params: orderPathSchema } }, async (request) => {
    return ok(DETAIL_MSG.emailContent, await approvalPreview(ctx, request.params.orderId));
  });

  api.post('/admin/retry-mail', { config, schema: { body: retryMailSchema } }, async (request) => {
    const { message, data } = await retryFailedMail(ctx, request.staff, request.body);
    return ok(message, data);
  });
}
