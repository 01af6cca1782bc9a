import { isRejectedDocument } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Everything a defence pack says about one order; each query is by the order's indexed id. */
export async function findOrder(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The approved document the customer is given: the latest upload, unless it was rejected. A rejection
 * withdraws the order's document until a new upload (the public page serves none meanwhile, and the
 * rejection mail says so), so an earlier document is never put forward as the one delivered.
 */
export async function approvedDocument(db: Db, orderDbId: number) {
  const latest = await db
    .selectFrom('documents')
    .select(['id', 'file1', 'original_name', 'content_type', 'size', 'created_at', 'is_rejected_doc'])
    .where('order_key', '=', orderDbId)
    // removed under retention or erasure: no longer evidence (DESIGN §16)
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest || isRejectedDocument(latest)) return undefined;
  const { is_rejected_doc: _rejected, ...document } = latest;
  return document;
}

export async function mails(db: Db, orderDbId: number) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'document_id',
      'provider',
      'to_address',
      'subject',
      'text',
      'status',
      'created_at',
      'sent_at',
    ])
    .where('order_key', '=', orderDbId)
    .orderBy('id')
    .execute();
}

export async function downloads(db: Db, orderDbId: number) {
  return db
    .selectFrom('download_history')
    .select(['document_id', 'create_ts', 'ip', 'timezone', 'browser', 'os'])
    .where('order_key', '=', orderDbId)
    .orderBy('create_ts')
    .orderBy('id')
    .execute();
}

export async function events(db: Db, orderDbId: number) {
  return db
    .selectFrom('order_events')
    .select(['kind', 'from_value', 'to_value', 'detail', 'created_at'])
    .where('order_key', '=', orderDbId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function passportImage(db: Db, orderDbId: number) {
  return db
    .selectFrom('order_images')
    .select(['file_name', 'content_type'])
    .where('order_key', '=', orderDbId)
    .where('kind', '=', 'passport')
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function saveTransaction(
  db: Db,
  orderDbId: number,
  transactionId: string,
  merchantName: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ transaction_id: transactionId, merchant_name: merchantName, updated_at: at })
    .where('id', '=', orderDbId)
    .execute();
}
