import type { Readable } from 'node:stream';
import { ACCESS_ACTION, PRIVACY_CONTRACTS, PRIVACY_MSG } from '@eta/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { readsPersonalData } from '../../lib/personal-data-read.ts';
import { originOf } from '../../lib/request-origin.ts';
import { route } from '../../lib/route.ts';
import { createErasureService } from './erasure.service.ts';
import { createLogsService } from './logs.service.ts';
import { createSubjectExportService } from './subject-export.service.ts';

const sendCsv = (reply: FastifyReply, name: string, body: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/** The access and audit logs, erasure and subject access (DESIGN §16): Admin only. */
export function privacyRoutes(app: FastifyInstance, ctx: AppContext) {
  const logs = createLogsService(ctx);
  const erasure = createErasureService(ctx);
  const exports = createSubjectExportService(ctx);

  route(app, PRIVACY_CONTRACTS.erase, async (request) => {
    await erasure.erase(request.staff, request.params.orderId, request.body, originOf(request));
    return ok(PRIVACY_MSG.erased);
  });
  route(app, PRIVACY_CONTRACTS.subjectExport, async (request, reply) => {
    const { zip, orderIds } = await exports.export(request.staff, request.body.email, originOf(request));
    for (const orderId of orderIds)
      readsPersonalData(request, ACCESS_ACTION.export, orderId, request.body.email.toLowerCase());
    const name = `subject-export-${request.body.email.toLowerCase().replace(/[^a-z0-9.@_-]/g, '_')}.zip`;
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  route(app, PRIVACY_CONTRACTS.accessLog, async (request) => {
    const { rows, total } = await logs.accessLog(request.query);
    return ok('Access log', rows, { total });
  });
  route(app, PRIVACY_CONTRACTS.accessLogCsv, async (request, reply) =>
    sendCsv(reply, 'access-log.csv', logs.accessLogCsv(request.query)),
  );
  route(app, PRIVACY_CONTRACTS.auditLog, async (request) => {
    const { rows, total } = await logs.auditLog(request.query);
    return ok('Audit log', rows, { total });
  });
  route(app, PRIVACY_CONTRACTS.auditLogCsv, async (request, reply) =>
    sendCsv(reply, 'audit-log.csv', logs.auditLogCsv(request.query)),
  );
}
