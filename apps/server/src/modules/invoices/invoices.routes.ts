import { DEFENCE_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createInvoiceService } from './invoices.service.ts';

/** POST /admin/send-invoice { orderId } (SPEC §7). */
export function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const invoices = createInvoiceService(ctx);
  route(app, DEFENCE_CONTRACTS.sendInvoice, async (request) => {
    const { message, data } = await invoices.send(request.staff, request.body);
    // queueMails gives one id per mail queued: the invoice mail always has one.
    return ok(message, { invoiceNumber: data.invoiceNumber, mailId: data.mailId as number });
  });
}
