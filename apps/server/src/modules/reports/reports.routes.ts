import { REPORT_MSG, REPORTS_CONTRACTS, TREND_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createReportService } from './reports.service.ts';

/**
 * SPEC §2 reports (issue 7): orders per nationality for every member, per staff member for Admin
 * and Manager (DESIGN §7); the order trend of DESIGN §21 for every member.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const reports = createReportService(ctx);

  route(app, REPORTS_CONTRACTS.countryOrders, async (request) =>
    ok(REPORT_MSG.countryListed, await reports.countryOrders(request.body)),
  );

  route(app, REPORTS_CONTRACTS.processedBy, async (request) =>
    ok(REPORT_MSG.processedListed, await reports.processedBy(request.body)),
  );

  route(app, REPORTS_CONTRACTS.orderTrend, async (request) =>
    ok(TREND_MSG.listed, await reports.orderTrend(request.body)),
  );
}
