import { ORDER_EVENT, type RemovalReason } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EventActor } from '../../lib/domain-events.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import { queueFileDeletions } from './file-deletions.ts';
import { removeInboundMail } from './inbound-removal.ts';
import { erasePersonalCopies } from './personal-copies.repository.ts';

/**
 * What leaves an order (DESIGN §16), one step at a time, always inside the caller's transaction:
 * rows are marked and their files queued in one commit (file-deletions.ts). Each step claims only
 * the orders it has not done (the `…_at IS NULL` update is the claim), so two passes at once, or a
 * pass run again after a crash, never remove or log anything twice. `updated_at` is left alone: a
 * removal is not a change of the order's business, and the next step's period counts from it.
 */
type Trx = Transaction<Database>;

export interface StepOptions {
  at: string;
  reason: RemovalReason;
  /** who: the member who erased on request, named in Activity (DESIGN §22); null for retention (the system) */
  actor: EventActor;
  /** the Activity line: "under the 30-day retention rule", "at the applicant's request" */
  because: string;
  /** the step's transaction: its Activity lines are announced once it commits */
  tx: TxContext;
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
  return rows.map((r) => r.id);
}

const logRemoval = (orderIds: readonly number[], what: string, options: StepOptions) =>
  appendEvents(
    options.tx,
    options.actor,
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
    .where('order_key', 'in', done)
    .where('removed_at', 'is', null)
    .returning('file_name')
    .execute();
  await queueFileDeletions(
    trx,
    images.map((i) => ({ folder: FILE_FOLDER.images, file_name: i.file_name })),
    options.at,
  );
  await logRemoval(done, 'Passport and selfie images removed', options);
  return done;
}

/** eTA documents: files queued, rows kept and marked (made packs are never stored). */
export async function removeDocuments(trx: Trx, ids: readonly number[], options: StepOptions): Promise<number[]> {
  const done = await claim(trx, ids, 'documents_removed_at', options);
  if (done.length === 0) return done;
  const documents = await trx
    .updateTable('documents')
    .set({ removed_at: options.at })
    .where('order_key', 'in', done)
    .where('removed_at', 'is', null)
    .returning('file1')
    .execute();
  await queueFileDeletions(
    trx,
    documents.map((d) => ({ folder: FILE_FOLDER.documents, file_name: d.file1 })),
    options.at,
  );
  // the customer's mails and their attachments go with the documents (DESIGN §25)
  await removeInboundMail(trx, done, options.at);
  await logRemoval(done, 'eTA documents removed', options);
  return done;
}

/**
 * Anonymisation: images and documents go first (a person is never erased while their passport
 * stays), then names become "Erased" and every other personal field goes, from the order and from
 * every copy of it (personal-copies.repository.ts). Order id, dates, status, amount, nationality
 * and processing type stay, so reports and invoices still add up. Erasure on request and
 * retention's personal pass both run this.
 */
export async function anonymise(trx: Trx, ids: readonly number[], options: StepOptions): Promise<number[]> {
  await removeImages(trx, ids, options);
  await removeDocuments(trx, ids, options);
  const done = await claim(trx, ids, 'personal_erased_at', options);
  if (done.length === 0) return done;
  await erasePersonalCopies(trx, done, options.at);
  await logRemoval(done, 'Personal data erased', options);
  return done;
}
