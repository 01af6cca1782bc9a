import type { Insertable, Kysely, Transaction } from 'kysely';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database, InboundMailTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The row already holding this message (same mailbox UID, or same Message-ID), if any. */
export async function findStored(db: Db, mailboxKey: string, messageId: string | null) {
  let query = db.selectFrom('inbound_mail').select(['id', 'order_key']).where('mailbox_key', '=', mailboxKey);
  if (messageId)
    query = db
      .selectFrom('inbound_mail')
      .select(['id', 'order_key'])
      .where((eb) => eb.or([eb('mailbox_key', '=', mailboxKey), eb('message_id', '=', messageId)]));
  return query.limit(1).executeTakeFirst();
}

/** Stores the message; null when another reader stored it first (either unique key). */
export async function insertInbound(db: Db, row: Insertable<InboundMailTable>): Promise<number | null> {
  const inserted = await db
    .insertInto('inbound_mail')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? inserted.id : null;
}

export async function insertAttachments(
  db: Db,
  inboundId: number,
  files: readonly { name: string; contentType: string; size: number; fileName: string }[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('inbound_attachments')
    .values(
      files.map((f) => ({
        inbound_id: inboundId,
        name: f.name,
        content_type: f.contentType,
        size: f.size,
        file_name: f.fileName,
      })),
    )
    .execute();
}

export async function outboxRow(db: Db, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'order_key', 'kind', 'to_address'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function markDelivery(db: Db, outboxId: number, delivery: string, detail: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ delivery, delivery_detail: detail }).where('id', '=', outboxId).execute();
}

/** The order as a reply or a bounce changes it, locked for the change. */
export async function orderForChange(db: Db, orderDbId: number) {
  const query = db
    .selectFrom('orders')
    .select(['id', 'order_id', 'process_status', 'assigned_to', 'follow_up_on'])
    .where('id', '=', orderDbId);
  return lockForUpdate(db, query).executeTakeFirst();
}

/** A reply on an order waiting on its customer: marked, and its follow-up is no longer needed. */
export async function markReplied(db: Db, orderDbId: number, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ customer_replied_at: at, follow_up_on: null, updated_at: at })
    .where('id', '=', orderDbId)
    .execute();
}

export async function moveOrder(db: Db, orderDbId: number, status: string, at: string): Promise<void> {
  await db.updateTable('orders').set({ process_status: status, updated_at: at }).where('id', '=', orderDbId).execute();
}
