import { ACCESS_ACTION, DETAIL_CONTRACTS as DETAIL, DETAIL_MSG } from '@eta/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { FILE_FOLDER, type FileFolder, type FileStore } from '../../lib/file-store.ts';
import { readsPersonalData } from '../../lib/personal-data-read.ts';
import { route } from '../../lib/route.ts';
import * as repo from './detail.repository.ts';
import { orderDetail } from './detail.service.ts';

/** Streams a stored file to a signed-in member: its stored type, never sniffed, never cached. */
async function sendFile(
  reply: FastifyReply,
  files: FileStore,
  where: { folder: FileFolder; name: string },
  contentType: string,
  missing: string,
) {
  const file = await files.open(where.folder, where.name);
  if (!file) throw AppError.notFound(missing);
  return reply
    .type(contentType)
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'inline')
    .send(file.body);
}

/** The order detail (SPEC §2, §3, §7) and its files, for signed-in staff only. */
export function detailRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, DETAIL.detail, async (request) => {
    const detail = await orderDetail(ctx, request.staff, request.params.orderId);
    readsPersonalData(request, ACCESS_ACTION.detail, request.params.orderId);
    return ok(DETAIL_MSG.detail, detail);
  });

  route(app, DETAIL.image, async (request, reply) => {
    const image = await repo.findImage(ctx.db, request.params.orderId, request.params.kind);
    if (!image) throw AppError.notFound(DETAIL_MSG.imageMissing);
    readsPersonalData(request, ACCESS_ACTION.image, request.params.orderId, request.params.kind);
    const where = { folder: FILE_FOLDER.images, name: image.file_name };
    return sendFile(reply, ctx.files, where, image.content_type, DETAIL_MSG.imageMissing);
  });

  route(app, DETAIL.document, async (request, reply) => {
    const doc = await repo.findDocument(ctx.db, request.params.orderId, request.params.documentId);
    if (!doc) throw AppError.notFound(DETAIL_MSG.documentMissing);
    readsPersonalData(request, ACCESS_ACTION.document, request.params.orderId, `document ${request.params.documentId}`);
    const where = { folder: FILE_FOLDER.documents, name: doc.file1 };
    return sendFile(reply, ctx.files, where, doc.content_type, DETAIL_MSG.documentMissing);
  });
}
