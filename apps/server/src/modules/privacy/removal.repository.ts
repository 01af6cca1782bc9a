import { ERASED_NAME, ORDER_EVENT, type RemovalReason } from '@eta/shared';
import type { Transaction } from 'kysely';
import { type Database, ORDER_TEXT_FIELDS, type OrderTextField } from '../../db/schema.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { emlFileName } from '../mail/index.ts';
import { appendEvents } from '../order-changes/index.ts';
import { queueFileDeletions } from './file-deletions.ts';

/**
 * What leaves an order (DESIGN §16), one step at a time, always inside the caller's transaction:
 * rows are marked and their files queued in one commit (file-deletions.ts). Each step claims only
 * the orders it has not done (the `…_at IS NULL` update is the claim), so two passes at once, or a
 * pass run again after a crash, never remove or log anything twice. `updated_at` is left alone: a
 * removal is not a change of the order's business, and the next step's period counts from it.
 */
type Trx = Transaction<Database>;

/** Order fields kept by anonymisation: what reports, invoices and disputes still need. */
const KEPT_FIELDS: readonly OrderTextField[] = ['transaction_id', 'merchant_name', 'landing_site', 'nationality'];
const NAME_FIELDS: readonly OrderTextField[] = ['first_name', 'sur_name'];
/** purchase evidence that identifies the person or their card (DESIGN §15 columns) */
const PERSONAL_PURCHASE_FIELDS = [
  'purchase_ip',
  'purchase_user_agent',
  'device_id',
  'card_fingerprint',
  'card_last4',
  'card_brand',
] as const;
/** events whose detail may hold an address or a remark's text */
const EVENTS_WITH_PERSONAL_DETAIL = [ORDER_EVENT.mail, ORDER_EVENT.mailFailed, ORDER_EVENT.remark];

export interface StepOptions {
  at: string;
  reason: RemovalReason;
  /** the Activity line: "under the 30-day retention rule", "at the applicant's request" */
  because: string;
}

/** The orders of `ids` whose `column` is still null, marked now: the ones this call does. */
async function claim(
  trx: Trx,
  ids: readonly number[],
  column: 'images_removed_at' | 'documents_removed_at' | 'personal_erased_at',
  options: StepOptions,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('orders')
    // the first reason stays for images and documents; erasure's reason is the order's last word
    .set((eb) => ({
      [column]: options.at,
      removal_reason:
        column === 'personal_erased_at' ? options.reason : eb.fn.coalesce('removal_reason', eb.val(options.reason)),
    }))
    .where('id', 'in', [...ids])
    .where(column, 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

const logRemoval = (trx: Trx, orderIds: readonly number[], what: string, options: StepOptions) =>
  appendEvents(
    trx,
    null,
    orderIds.map((orderId) => ({
      orderId,
      kind: ORDER_EVENT.dataRemoved,
      from: null,
      to: null,
      detail: `${what} ${options.because}`,
    })),
    options.at,
  );

/** Passport and selfie images: files queued, rows kept and marked. Returns the orders done. */
export async function removeImages(trx: Trx, ids: readonly number[], options: StepOptions): Promise<number[]> {
  const done = await claim(trx, ids, 'images_removed_at', options);
  if (done.length === 0) return done;
  const images = await trx
    .updateTable('order_images')
    .set({ removed_at: options.at })
    .where('order_id', 'in', done)
    .where('removed_at', 'is', null)
    .returning('file_name')
    .execute();
  await queueFileDeletions(
    trx,
    images.map((i) => ({ folder: FILE_FOLDER.images, file_name: i.file_name })),
    options.at,
  );
  await logRemoval(trx, done, 'Passport and selfie images removed', options);
  return done;
}

/** eTA documents: files queued, rows kept and marked (made packs are never stored). */
export async function removeDocuments(trx: Trx, ids: readonly number[], options: StepOptions): Promise<number[]> {
  const done = await claim(trx, ids, 'documents_removed_at', options);
  if (done.length === 0) return done;
  const documents = await trx
    .updateTable('documents')
    .set({ removed_at: options.at })
    .where('order_id', 'in', done)
    .where('removed_at', 'is', null)
    .returning('file1')
    .execute();
  await queueFileDeletions(
    trx,
    documents.map((d) => ({ folder: FILE_FOLDER.documents, file_name: d.file1 })),
    options.at,
  );
  await logRemoval(trx, done, 'eTA documents removed', options);
  return done;
}

/**
 * Anonymisation: images and documents go first (a person is never erased while their passport
 * stays), then names become "Erased" and every other personal field, mail body, download trace,
 * remark text and invoice PDF goes. Order id, dates, status, amount, nationality and processing
 * type stay, so reports and invoices still add up.
 */
export async function anonymise(trx: Trx, ids: readonly number[], options: StepOptions): Promise<number[]> {
  await removeImages(trx, ids, options);
  await removeDocuments(trx, ids, options);
  const done = await claim(trx, ids, 'personal_erased_at', options);
  if (done.length === 0) return done;
  const cleared = Object.fromEntries(
    ORDER_TEXT_FIELDS.filter((f) => !KEPT_FIELDS.includes(f)).map((f) => [
      f,
      NAME_FIELDS.includes(f) ? ERASED_NAME : null,
    ]),
  );
  await trx
    .updateTable('orders')
    .set((eb) => ({
      ...cleared,
      ...Object.fromEntries(PERSONAL_PURCHASE_FIELDS.map((f) => [f, null])),
      extra_answers: null,
      // the search finds an erased order by its id alone
      search_text: eb.fn('lower', ['order_id']),
    }))
    .where('id', 'in', done)
    .execute();
  const mails = await trx
    .updateTable('mail_outbox')
    .set({ to_address: ERASED_NAME, html: '', text: '', attachments: null })
    .where('order_id', 'in', done)
    .returning(['id', 'provider'])
    .execute();
  const invoices = await trx.selectFrom('invoices').select('file_name').where('order_id', 'in', done).execute();
  await queueFileDeletions(
    trx,
    [
      // a provider with no SMTP URL left each mail as an .eml file (mail/transports.ts names them)
      ...mails.map((m) => ({ folder: FILE_FOLDER.mail, file_name: emlFileName(m.provider, Number(m.id)) })),
      ...invoices.map((i) => ({ folder: FILE_FOLDER.invoices, file_name: i.file_name })),
    ],
    options.at,
  );
  await trx
    .updateTable('download_history')
    .set({ ip: '', user_agent: null, timezone: null, browser: null, os: null })
    .where('order_id', 'in', done)
    .execute();
  await trx
    .updateTable('remarks')
    .set({ remark: ERASED_NAME, whatsapp: '', telephone: '' })
    .where('order_id', 'in', done)
    .execute();
  await trx
    .updateTable('order_events')
    .set({ detail: null })
    .where('order_id', 'in', done)
    .where('kind', 'in', EVENTS_WITH_PERSONAL_DETAIL)
    .execute();
  await logRemoval(trx, done, 'Personal data erased', options);
  return done;
}
