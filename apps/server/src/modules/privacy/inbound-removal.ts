import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { queueFileDeletions } from './file-deletions.ts';

const ERASED = 'Erased';

type Trx = Transaction<Database>;

/**
 * The customer's mails read back (DESIGN §25) are personal data: removed with the documents, by
 * retention and by erasure alike. The raw messages and attachments are queued for deletion; the rows
 * stay, emptied and marked removed (the Message-ID and mailbox key stay, so the same message read
 * again is a duplicate, never stored afresh), and the order's Activity still says a mail came. A
 * mail already removed is left as it is (its files were queued then).
 */
export async function removeInboundMail(trx: Trx, orderIds: readonly number[], at: string): Promise<number> {
  if (orderIds.length === 0) return 0;
  return emptyInbound(trx, 'order_key', orderIds, at);
}

/** The same, by the mails' own ids: unmatched mail and mail that came after its order's documents went (retention). */
export async function removeInboundMailById(trx: Trx, inboundIds: readonly number[], at: string): Promise<number> {
  if (inboundIds.length === 0) return 0;
  return emptyInbound(trx, 'id', inboundIds, at);
}

async function emptyInbound(trx: Trx, by: 'id' | 'order_key', ids: readonly number[], at: string): Promise<number> {
  const mails = await trx
    .updateTable('inbound_mail')
    // the outcome too: it may quote a bounce's diagnostic (the address) or a refused file's name
    .set({
      from_address: ERASED,
      to_address: ERASED,
      subject: ERASED,
      text: '',
      html: null,
      outcome: ERASED,
      removed_at: at,
    })
    .where(by, 'in', [...ids])
    .where('removed_at', 'is', null)
    .returning(['id', 'raw_file'])
    .execute();
  if (mails.length === 0) return 0;
  const attachments = await trx
    .updateTable('inbound_attachments')
    .set({ removed_at: at, name: ERASED })
    .where(
      'inbound_id',
      'in',
      mails.map((m) => m.id),
    )
    .where('removed_at', 'is', null)
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
  return mails.length;
}
