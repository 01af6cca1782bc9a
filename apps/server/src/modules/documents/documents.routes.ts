import {
  DETAIL_MSG,
  MSG,
  rejectionMailSchema,
  resendMailSchema,
  SERVER_MSG,
  UPLOAD_FILE_FIELD,
  uploadDocumentFieldsSchema,
} from '@eta/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { createDocumentService } from './documents.service.ts';
import { readUploadForm } from './upload.ts';

const config = { capability: 'orders.work' } as const;

/** Field → first message of a failed parse, the way the error envelope reports JSON bodies. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}

/**
 * POST (multipart) /admin/upload-visa-document, POST /admin/resend-mail, POST /admin/send-rejection-mail
 * (SPEC §7). Multipart is registered in this scope only: no other route accepts it.
 */
export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const documents = createDocumentService(ctx);
  // Limits are set where the parts are read (upload.ts), for this one route.
  await app.register(multipart);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/admin/upload-visa-document', { config }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, SERVER_MSG.unsupportedMediaType);
    const form = await readUploadForm(request);
    const parsed = uploadDocumentFieldsSchema.safeParse(form.fields);
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!form.file) errors[UPLOAD_FILE_FIELD] = MSG.fileRequired;
    const first = Object.values(errors)[0];
    if (!parsed.success || !form.file || first) throw AppError.badRequest(first ?? MSG.fileRequired, errors);
    const data = await documents.upload(request.staff, parsed.data, form.file);
    return reply.code(201).send(ok(DETAIL_MSG.uploaded, data));
  });

  api.post('/admin/resend-mail', { config, schema: { body: resendMailSchema } }, async (request) =>
    ok(DETAIL_MSG.resent, await documents.resend(request.staff, request.body)),
  );

  api.post('/admin/send-rejection-mail', { config, schema: { body: rejectionMailSchema } }, async (request) => {
    const { message, mailId } = await documents.reject(request.staff, request.body);
    return ok(message, { mailId });
  });
}
