import { DEFAULT_MAIL_PROVIDER, DETAIL_MSG, DOCUMENT_NOT_REJECTED, ORDER_EVENT, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { sniffFileType } from '../../lib/file-types.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite, setProcessedBy } from '../order-changes/index.ts';
import * as repo from './documents.repository.ts';
import { documentName } from './documents.service.ts';

/**
 * An eTA document approved and mailed before this desk's records begin: the demo's processed orders
 * (DESIGN §22, a demo that tells the truth). Stored, logged and credited as an upload at `at` is
 * (documents.service.ts), so the order shows the document it was completed with, but no approval mail
 * is queued: that mail went out back then, and starting the demo sends none.
 */
export async function storePastDocument(
  ctx: AppContext,
  staff: TokenUser,
  input: { orderId: string; bytes: Buffer; filename: string; at: string },
): Promise<number> {
  const type = sniffFileType(input.bytes);
  if (!type) throw new AppError(415, DETAIL_MSG.documentType);
  const name = await ctx.files.putAs(FILE_FOLDER.documents, documentName(input.orderId, type.ext), input.bytes);
  try {
    return await inTransaction(ctx.transactions, async (trx, tx) => {
      const order = await lockOrderForWrite(trx, staff, input.orderId);
      const first = !(await repo.hasDocuments(trx, order.id));
      const documentId = await repo.insertDocument(trx, {
        order_key: order.id,
        file1: name,
        original_name: input.filename,
        content_type: type.contentType,
        size: input.bytes.length,
        customer_name: [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' ') || null,
        is_rejected_doc: DOCUMENT_NOT_REJECTED,
        mail_service_provider: DEFAULT_MAIL_PROVIDER,
        uploaded_by: staff.id,
        created_at: input.at,
      });
      await appendEvents(
        tx,
        staff,
        [{ orderId: order.id, kind: ORDER_EVENT.document, from: null, to: name }],
        input.at,
      );
      if (await setProcessedBy(trx, order.id, staff.id, !first, input.at)) {
        await appendEvents(
          tx,
          staff,
          [{ orderId: order.id, kind: ORDER_EVENT.processedBy, from: null, to: staff.name }],
          input.at,
        );
      }
      return documentId;
    });
  } catch (error) {
    await ctx.files.remove(FILE_FOLDER.documents, name);
    throw error;
  }
}
