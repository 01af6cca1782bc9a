import { INBOX_CONTRACTS as INBOX, INBOX_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { nowIso } from '../../lib/time.ts';
import { sendCustomerMail } from './customer-mail.service.ts';
import * as templates from './templates.repository.ts';

/** Customer mail templates and the mail sent from them (DESIGN §25). */
export function templateRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, INBOX.templates, async () => ok(INBOX_MSG.templates, await templates.listTemplates(ctx.db)));

  route(app, INBOX.createTemplate, async (request, reply) => {
    const saved = await templates.insertTemplate(ctx.db, request.body, request.staff.id, nowIso(ctx.clock));
    reply.code(201);
    return ok(INBOX_MSG.templateCreated, saved);
  });

  route(app, INBOX.updateTemplate, async (request) => {
    const saved = await templates.updateTemplate(ctx.db, request.params.id, request.body, nowIso(ctx.clock));
    if (!saved) throw AppError.notFound(INBOX_MSG.templateNotFound);
    return ok(INBOX_MSG.templateUpdated, saved);
  });

  route(app, INBOX.deleteTemplate, async (request) => {
    if (!(await templates.deleteTemplate(ctx.db, request.params.id)))
      throw AppError.notFound(INBOX_MSG.templateNotFound);
    return ok(INBOX_MSG.templateDeleted);
  });

  route(app, INBOX.sendCustomerMail, async (request, reply) => {
    const sent = await sendCustomerMail(ctx, request.staff, request.body);
    reply.code(201);
    return ok(INBOX_MSG.mailQueued, sent);
  });
}
