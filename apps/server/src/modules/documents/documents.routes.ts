import { DETAIL_CONTRACTS as DETAIL, DETAIL_MSG, FLOW_MSG, SERVER_MSG } from '@eta/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createDocumentService } from './documents.service.ts';
import { readUpload } from './upload.ts';

/**
 * POST (multipart) /admin/upload-visa-document, POST /admin/resend-mail, POST /admin/send-rejection-mail
 * (SPEC §7). Multipart is registered in this scope only: no other route accepts it.
 */
export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const documents = createDocumentService(ctx);
  // Limits are set where the parts are read (upload.ts), for this one route.
  await app.register(multipart);

  // The parts are read, then validated through the contract's `form` (upload.ts), not by a body schema.
  route(app, DETAIL.upload, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, SERVER_MSG.unsupportedMediaType);
    const { fields, file } = await readUpload(request);
    const data = await documents.upload(request.staff, fields, file);
    return reply.code(201).send(ok(fields.complete ? FLOW_MSG.uploadedAndCompleted : DETAIL_MSG.uploaded, data));
  });

  // queueMails gives one id per mail queued: the one mail queued here always has one.
  route(app, DETAIL.resendMail, async (request) => {
    const { mailId } = await documents.resend(request.staff, request.body);
    return ok(DETAIL_MSG.resent, { mailId: mailId as number });
  });

  route(app, DETAIL.rejectionMail, async (request) => {
    const { message, mailId } = await documents.reject(request.staff, request.body);
    return ok(message, { mailId: mailId as number });
  });
}
