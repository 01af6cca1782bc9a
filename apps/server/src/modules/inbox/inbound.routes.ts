import { ACCESS_ACTION, INBOX_CONTRACTS as INBOX, INBOX_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { readsPersonalData } from '../../lib/personal-data-read.ts';
import { route } from '../../lib/route.ts';
import { findAttachment, listInbound } from './inbound.repository.ts';
import { linkInbound } from './link.service.ts';

/** Mail read from the mailbox: the list (unmatched ones to link), linking, attachments (DESIGN §25). */
export function inboundRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, INBOX.inbound, async (request) => {
    const { items, total } = await listInbound(ctx.db, request.query);
    return ok(INBOX_MSG.inboundList, items, { total });
  });

  route(app, INBOX.linkInbound, async (request) =>
    ok(INBOX_MSG.inboundLinked, await linkInbound(ctx, request.staff, request.params.id, request.body.orderId)),
  );

  route(app, INBOX.attachment, async (request, reply) => {
    const found = await findAttachment(ctx.db, request.params.id);
    if (!found) throw AppError.notFound(INBOX_MSG.attachmentNotFound);
    const file = await ctx.files.open(FILE_FOLDER.inbound, found.file_name);
    if (!file) throw AppError.notFound(INBOX_MSG.attachmentNotFound);
    // each download is an access-log row (DESIGN §16, §25), written before the bytes leave
    // an unmatched mail's attachment belongs to no order yet: the row says so in its detail
    readsPersonalData(
      request,
      ACCESS_ACTION.attachment,
      found.order_id ?? '',
      `attachment ${request.params.id}${found.order_id ? '' : ' of an unmatched mail'}`,
    );
    const safeName = found.name.replace(/[^\w. -]/g, '_');
    return reply
      .type(found.content_type)
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', `attachment; filename="${safeName}"`)
      .send(file.body);
  });
}
