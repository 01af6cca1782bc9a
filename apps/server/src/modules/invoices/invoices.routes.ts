import { sendInvoiceSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createInvoiceService } from './invoices.service.ts';

const config = { capability: 'orders.work' } as const;

/** POST /admin/send-invoice { orderId } (SPEC §7). */
export function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const invoices = createInvoiceService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/admin/send-invoice', { config, schema: { body: sendInvoiceSchema } }, async (request) => {
    const { message, data } = await invoices.send(request.staff, request.body);
    return ok(message, data);
  });
}
