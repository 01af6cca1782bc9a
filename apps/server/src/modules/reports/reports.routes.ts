import { REPORT_MSG, reportRangeSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createReportService } from './reports.service.ts';

/** SPEC §7 sends `{ fromDate?, toDate? }`, or nothing at all for the whole history. */
const body = reportRangeSchema.nullish().transform((range) => range ?? { fromDate: null, toDate: null });

/**
 * SPEC §2 reports (issue 7): orders per nationality for every member, per staff member for Admin
 * and Manager (DESIGN §7).
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const reports = createReportService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/get-country-order-count',
    { config: { capability: 'orders.work' }, schema: { body } },
    async (request) => ok(REPORT_MSG.countryListed, await reports.countryOrders(request.body)),
  );

  api.post(
    '/admin/get-processed-by-count',
    { config: { capability: 'reports.processedBy' }, schema: { body } },
    async (request) => ok(REPORT_MSG.processedListed, await reports.processedBy(request.body)),
  );
}
