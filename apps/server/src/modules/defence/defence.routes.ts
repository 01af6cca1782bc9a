import {
  DEFENCE_MSG,
  defenceLetterQuerySchema,
  defencePackFileName,
  defencePackPdfSchema,
  orderPathSchema,
  transactionDetailsSchema,
} from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createDefenceService } from './defence.service.ts';

const config = { capability: 'orders.work' } as const;

/**
 * POST /admin/defence-pack-details, POST /admin/get-defence-pack-pdf (SPEC §7) and
 * GET /admin/defence-letter/{orderId} (the letter the Defence Pack modals show, SPEC §1).
 */
export function defenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const defence = createDefenceService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/admin/defence-pack-details', { config, schema: { body: transactionDetailsSchema } }, async (request) => {
    const { message } = await defence.saveTransactionDetails(request.staff, request.body);
    return ok(message);
  });

  api.get(
    '/admin/defence-letter/:orderId',
    { config, schema: { params: orderPathSchema, querystring: defenceLetterQuerySchema } },
    async (request) =>
      ok(DEFENCE_MSG.letter, await defence.letter(request.params.orderId, request.query.defencePackType ?? 1)),
  );

  api.post(
    '/admin/get-defence-pack-pdf',
    { config, schema: { body: defencePackPdfSchema } },
    async (request, reply) => {
      const { orderId, defencePackType } = request.body;
      const bytes = await defence.pack(request.staff, orderId, defencePackType);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${defencePackFileName(orderId, defencePackType)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );
}
