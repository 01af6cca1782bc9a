import { randomBytes } from 'node:crypto';
import {
  DETAIL_MSG,
  DOCUMENT_NOT_REJECTED,
  isRejectedDocument,
  MAIL_KIND,
  MSG,
  ORDER_EVENT,
  type RejectionMailInput,
  type ResendMailInput,
  STATUS,
  type TokenUser,
  type UploadFormFields,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { sniffFileType } from '../../lib/file-types.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { assertMailable, queueOrderMail } from '../mail/index.ts';
import {
  appendEvents,
  assertMovable,
  lockOrderForWrite,
  moveLockedOrder,
  readOrderForWrite,
  setProcessedBy,
  type WritableOrder,
} from '../order-changes/index.ts';
import * as repo from './documents.repository.ts';
import type { UploadedFile } from './upload.ts';

const fullName = (o: Pick<WritableOrder, 'first_name' | 'sur_name'>) =>
  [o.first_name, o.sur_name].filter((s) => s?.trim()).join(' ') || null;

/**
 * SPEC §7 names documents `orderId_file1`; a server-chosen suffix keeps every version of an order's
 * document (an earlier one stays in history, linked from the mails that carried it).
 */
export const documentName = (orderId: string, ext: string) =>
  `${orderId}_file1_${randomBytes(4).toString('hex')}.${ext}`;

/** Upload Document, resend and Reject Applicant on the order detail (SPEC §2, §4; DESIGN §9). */
export function createDocumentService(ctx: AppContext) {
  return {
    /**
     * Checks the bytes and the order, writes the file (temp, then rename), then in one transaction:
     * the document row, processed_by (the first uploader, DESIGN §6), the events and the approval
     * mail in the outbox, and with `complete` the move to Completed (DESIGN §23). The file is removed
     * again if the transaction does not commit; one left by a crash in between is the orphan sweep's
     * (docs/decisions/0254-the-upload-checks-its-order-with-a-read.md). A move the rules refuse
     * refuses the whole upload: nothing stored, no mail (docs/decisions/0265-upload-and-complete-is-one-change.md).
     */
    async upload(staff: TokenUser, fields: UploadFormFields, file: UploadedFile) {
      const type = sniffFileType(file.bytes);
      if (!type) throw new AppError(415, DETAIL_MSG.documentType);
      // Read before the file is written, so a refused upload stores nothing; the lock below decides.
      // An erased order refuses the upload itself (DESIGN §22): its purpose is to mail the customer.
      const read = await readOrderForWrite(ctx.db, staff, fields.orderId);
      assertMailable(read);
      if (fields.complete) assertMovable(staff, read.process_status, STATUS.Completed);
      const name = await ctx.files.putAs(FILE_FOLDER.documents, documentName(fields.orderId, type.ext), file.bytes);
      try {
        return await inTransaction(ctx.transactions, async (trx, tx) => {
          const order = await lockOrderForWrite(trx, staff, fields.orderId);
          assertMailable(order); // erased since the read above: refused before anything is written
          const at = nowIso(ctx.clock);
          const first = !(await repo.hasDocuments(trx, order.id));
          const documentId = await repo.insertDocument(trx, {
            order_key: order.id,
            file1: name,
            original_name: file.filename.slice(0, 255) || null,
            content_type: type.contentType,
            size: file.bytes.length,
            customer_name: fullName(order),
            is_rejected_doc: DOCUMENT_NOT_REJECTED,
            mail_service_provider: fields.mailServiceProvider,
            uploaded_by: staff.id,
            created_at: at,
          });
          await appendEvents(tx, staff, [{ orderId: order.id, kind: ORDER_EVENT.document, from: null, to: name }], at);
          // The first uploader processed the order, even over whoever moved it to Completed before.
          if (await setProcessedBy(trx, order.id, staff.id, !first, at)) {
            await appendEvents(
              tx,
              staff,
              [{ orderId: order.id, kind: ORDER_EVENT.processedBy, from: null, to: staff.name }],
              at,
            );
          }
          await queueOrderMail(ctx, trx, tx, staff, {
            kind: MAIL_KIND.approval,
            orders: [order],
            documentId,
            provider: fields.mailServiceProvider,
            to: fields.email,
            at,
          });
          // after the upload's own events, as a member doing both by hand would log them
          if (fields.complete) await moveLockedOrder(trx, tx, staff, order, STATUS.Completed, at);
          return { documentId, file1: name };
        });
      } catch (error) {
        await ctx.files.remove(FILE_FOLDER.documents, name);
        throw error;
      }
    },

    /** The approval mail again (remainder_mail 1), for the current document unless it was rejected. */
    async resend(staff: TokenUser, input: ResendMailInput) {
      return inTransaction(ctx.transactions, async (trx, tx) => {
        const order = await lockOrderForWrite(trx, staff, input.orderId);
        // before the document checks: an erased order's documents are gone, and the reason is the erasure
        assertMailable(order);
        const doc = await repo.latestDocument(trx, order.id);
        if (!doc) throw AppError.conflict(DETAIL_MSG.noDocument);
        if (isRejectedDocument(doc)) throw AppError.conflict(DETAIL_MSG.documentRejected);
        const at = nowIso(ctx.clock);
        const [mailId] = await queueOrderMail(ctx, trx, tx, staff, {
          kind: MAIL_KIND.resend,
          orders: [order],
          documentId: doc.id,
          provider: input.mailServiceProvider,
          to: input.email,
          at,
        });
        return { mailId };
      });
    },

    /** Reject Applicant: the latest document marked rejected and the rejection mail queued, together. */
    async reject(staff: TokenUser, input: RejectionMailInput) {
      return inTransaction(ctx.transactions, async (trx, tx) => {
        const order = await lockOrderForWrite(trx, staff, input.orderId);
        // before the document checks: an erased order's documents are gone, and the reason is the erasure
        assertMailable(order);
        const doc = await repo.latestDocument(trx, order.id);
        if (!doc) throw AppError.conflict(DETAIL_MSG.noDocument);
        if (!(await repo.markRejected(trx, doc.id))) throw AppError.conflict(DETAIL_MSG.alreadyRejected);
        const at = nowIso(ctx.clock);
        await appendEvents(
          tx,
          staff,
          [{ orderId: order.id, kind: ORDER_EVENT.rejection, from: null, to: doc.file1 }],
          at,
        );
        const [mailId] = await queueOrderMail(ctx, trx, tx, staff, {
          kind: MAIL_KIND.rejection,
          orders: [order],
          documentId: doc.id,
          provider: input.mailServiceProvider,
          to: input.email,
          at,
        });
        return { mailId, message: MSG.rejectionSent };
      });
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
