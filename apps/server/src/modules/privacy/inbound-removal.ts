import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { queueFileDeletions } from './file-deletions.ts';

const ERASED = 'Erased';

/**
 * The customer's mails read back (DESIGN §25) are personal data: removed with the documents, by
 * retention and by erasure alike. The raw messages and attachments are queued for deletion; the rows
 * stay, emptied and marked removed, so the order's Activity still says a mail came.
 */
export async function removeInboundMail(trx: Transaction<Database>, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  const mails = await trx
    .updateTable('inbound_mail')
    .set({ from_address: ERASED, to_address: ERASED, subject: ERASED, text: '', html: null, removed_at: at })
    .where('order_id', 'in', [...ids])
    .returning(['id', 'raw_file'])
    .execute();
  if (mails.length === 0) return;
  const attachments = await trx
    .updateTable('inbound_attachments')
    .set({ removed_at: at, name: ERASED })
    .where(
      'inbound_id',
      'in',
      mails.map((m) => Number(m.id)),
    )
    .returning('file_name')
    .execute();
  await queueFileDeletions(
    trx,
    [
      ...mails.filter((m) => m.raw_file).map((m) => ({ folder: FILE_FOLDER.inbound, file_name: m.raw_file as string })),
      ...attachments.map((a) => ({ folder: FILE_FOLDER.inbound, file_name: a.file_name })),
    ],
    at,
  );
}
