import type { Readable } from 'node:stream';
import { PRIVACY_CONTRACTS } from '@eta/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createLogsService } from './logs.service.ts';

const sendCsv = (reply: FastifyReply, name: string, body: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/** The access and audit logs (DESIGN §16): Admin only (`audit.read`). */
export function privacyRoutes(app: FastifyInstance, ctx: AppContext) {
  const logs = createLogsService(ctx);

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
