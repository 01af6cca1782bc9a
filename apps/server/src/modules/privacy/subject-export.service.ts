import { Readable } from 'node:stream';
import { AUDIT_ACTION, PRIVACY_MSG, type TokenUser } from '@eta/shared';
import { sql } from 'kysely';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER, type FileFolder } from '../../lib/file-store.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from './audit.ts';
import { inboundAsShown, inboundWithFiles } from './subject-export-inbound.ts';

/** ids looked at per query while finding a person's orders: no query holds the event loop for long */
const SCAN_WINDOW = 5000;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a person can read about themselves: never the search column or the staff's own ids. */
const HIDDEN_ORDER_COLUMNS = new Set(['id', 'search_text', 'assigned_to', 'processed_by']);

/**
 * Subject access (DESIGN §16): everything held about a person, by their email, as a ZIP a person
 * can open: a README, one JSON per order (the order, its mails, downloads, remarks and events) and
 * the order's files. Entries are added as they are read and the files are streamed from the store, so
 * the export is never held in memory whole.
 */
export function createSubjectExportService(ctx: AppContext) {
  const { db } = ctx;

  /** The orders whose contact or applicant email is this one, in any case; read in windows of ids. */
  async function ordersOf(email: string): Promise<number[]> {
    const last = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const maxId = Number(last?.id ?? 0);
    const found: number[] = [];
    for (let from = 0; from < maxId; from += SCAN_WINDOW) {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('id', '>', from)
        .where('id', '<=', from + SCAN_WINDOW)
        .where((eb) => eb.or([eb(sql`lower(contact_email_address)`, '=', email), eb(sql`lower(email)`, '=', email)]))
        .execute();
      found.push(...rows.map((r) => r.id));
      await yieldToRequests();
    }
    return found;
  }

  async function orderRecord(orderDbId: number) {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderDbId).executeTakeFirstOrThrow();
    const [mails, downloads, remarks, events, images, documents, invoices, inbound] = await Promise.all([
      db
        .selectFrom('mail_outbox')
        .select(['kind', 'to_address', 'subject', 'text', 'status', 'created_at', 'sent_at'])
        .where('order_key', '=', orderDbId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('download_history')
        .select(['create_ts', 'ip', 'timezone', 'browser', 'os', 'user_agent'])
        .where('order_key', '=', orderDbId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('remarks')
        .select(['remark', 'whatsapp', 'telephone', 'created_at'])
        .where('order_key', '=', orderDbId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('order_events')
        .select(['kind', 'from_value', 'to_value', 'detail', 'created_at'])
        .where('order_key', '=', orderDbId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('order_images')
        .select(['kind', 'file_name', 'content_type', 'removed_at'])
        .where('order_key', '=', orderDbId)
        .execute(),
      db
        .selectFrom('documents')
        .select(['id', 'file1', 'content_type', 'created_at', 'removed_at'])
        .where('order_key', '=', orderDbId)
        .execute(),
      db
        .selectFrom('invoices')
        .select(['invoice_number', 'file_name', 'created_at'])
        .where('order_key', '=', orderDbId)
        .execute(),
      // the customer's own mails read back (DESIGN §25)
      db
        .selectFrom('inbound_mail')
        .select([
          'id',
          'kind',
          'from_address',
          'to_address',
          'subject',
          'text',
          'raw_file',
          'received_at',
          'removed_at',
        ])
        .where('order_key', '=', orderDbId)
        .orderBy('id')
        .execute(),
    ]);
    const shown = Object.fromEntries(Object.entries(order).filter(([key]) => !HIDDEN_ORDER_COLUMNS.has(key)));
    const inboundMails = await inboundWithFiles(db, inbound);
    return {
      order: shown,
      mails,
      inbound_mails: inboundMails,
      downloads,
      remarks,
      events,
      images,
      documents,
      invoices,
    };
  }

  /** A stored file, if it is still there, under `files/{order}/…` in the ZIP. */
  async function addFile(zip: ZipFile, folder: FileFolder, name: string, as: string) {
    if ((await ctx.files.sizeOf(folder, name)) === null) return;
    // Opened only when the ZIP reaches it: one file (one connection to object storage) at a time.
    zip.addReadStreamLazy(as, (done) => {
      ctx.files.open(folder, name).then(
        // removed since it was listed (retention, erasure): an empty entry rather than a broken ZIP
        (file) => done(null, file ? file.body : Readable.from([])),
        (error: Error) => done(error, Readable.from([])),
      );
    });
  }

  return {
    /** The ZIP and the orders in it: the route marks each as read, so the access log has them before the bytes leave. */
    async export(
      actor: TokenUser,
      email: string,
      origin: RequestOrigin,
    ): Promise<{ zip: Readable; orderIds: string[] }> {
      const wanted = email.toLowerCase();
      const ids = await ordersOf(wanted);
      const at = nowIso(ctx.clock);
      const audit = (orders: number) =>
        recordAudit(ctx.transactions.committed(origin), at, {
          action: AUDIT_ACTION.subjectExport,
          actorId: actor.id,
          target: wanted,
          detail: { orders },
        });
      if (ids.length === 0) {
        // an empty ZIP said "done" about nothing (issue 31): 404, and the attempt is logged all the same
        await audit(0);
        throw AppError.notFound(PRIVACY_MSG.exportNotFound);
      }
      const zip = new ZipFile();
      const readme = [
        `Personal data held by eTA Desk about ${wanted}, exported ${at}.`,
        `Orders found: ${ids.length}.`,
        'orders/{order id}.json holds each order with its mails, downloads, remarks and history;',
        'files/{order id}/ holds the passport and selfie images, eTA documents, invoices and your mails to us',
        '(each as received, mail-{id}.eml, and the attachments kept of it) still kept.',
        '',
      ].join('\n');
      zip.addBuffer(Buffer.from(readme), 'README.txt');
      const orderIds: string[] = [];
      for (const id of ids) {
        const record = await orderRecord(id);
        const orderId = String(record.order.order_id);
        orderIds.push(orderId);
        zip.addBuffer(
          Buffer.from(JSON.stringify({ ...record, inbound_mails: inboundAsShown(record.inbound_mails) }, null, 2)),
          `orders/${orderId}.json`,
        );
        for (const image of record.images) {
          if (!image.removed_at)
            await addFile(
              zip,
              FILE_FOLDER.images,
              image.file_name,
              `files/${orderId}/${image.kind}-${image.file_name}`,
            );
        }
        for (const doc of record.documents) {
          if (!doc.removed_at)
            await addFile(zip, FILE_FOLDER.documents, doc.file1, `files/${orderId}/document-${doc.file1}`);
        }
        for (const invoice of record.invoices) {
          await addFile(zip, FILE_FOLDER.invoices, invoice.file_name, `files/${orderId}/invoice-${invoice.file_name}`);
        }
        for (const mail of record.inbound_mails) {
          const files = [mail.message_file, ...mail.attachments.map((a) => a.file)];
          for (const file of files)
            if (file) await addFile(zip, FILE_FOLDER.inbound, file.store, `files/${orderId}/${file.as}`);
        }
      }
      zip.end();
      await audit(orderIds.length);
      return { zip: zip.outputStream as Readable, orderIds };
    },
  };
}
