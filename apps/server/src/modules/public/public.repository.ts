import { MAIL_KIND } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The order a customer may open: looked up by its exact id, whether or not the email matches. */
export async function findOrderForTracking(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_id', 'contact_email_address', 'first_name', 'sur_name', 'domain', 'process_status'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The current document of an order: the latest uploaded, rejected or not (a rejection is final until a new upload). */
export async function findCurrentDocument(db: Db, orderDbId: number) {
  return (
    db
      .selectFrom('documents')
      .select(['id', 'order_key', 'file1', 'customer_name', 'is_rejected_doc', 'content_type', 'size'])
      .where('order_key', '=', orderDbId)
      // a document removed under retention or erasure is never served (DESIGN §16)
      .where('removed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export async function listDownloads(db: Db, orderDbId: number) {
  return db
    .selectFrom('download_history')
    .select(['create_ts', 'ip', 'timezone', 'browser', 'os'])
    .where('order_key', '=', orderDbId)
    .orderBy('create_ts', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface NewDownload {
  order_key: number;
  document_id: number;
  create_ts: string;
  ip: string;
  timezone: string | null;
  browser: string | null;
  os: string | null;
  user_agent: string | null;
}

export async function insertDownload(db: Db, row: NewDownload): Promise<number> {
  const inserted = await db.insertInto('download_history').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertLink(
  db: Db,
  row: {
    jti: string;
    order_key: number;
    document_id: number;
    download_id: number;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db.insertInto('download_links').values(row).execute();
}

/** Links that can no longer be used are of no further interest: the download itself stays on record. */
export async function deleteExpiredLinks(db: Db, before: string): Promise<void> {
  await db.deleteFrom('download_links').where('expires_at', '<', before).execute();
}

/**
 * Uses a link: one conditional UPDATE, so of two requests racing with the same link exactly one
 * wins, on every instance. Returns the document it opens, or undefined.
 */
export async function consumeLink(db: Db, jti: string, at: string) {
  const used = await db
    .updateTable('download_links')
    .set({ used_at: at })
    .where('jti', '=', jti)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['order_key', 'document_id'])
    .executeTakeFirst();
  if (!used) return undefined;
  return db
    .selectFrom('documents')
    .innerJoin('orders', 'orders.id', 'documents.order_key')
    .select([
      'documents.id',
      'documents.file1',
      'documents.content_type',
      'documents.is_rejected_doc',
      'orders.order_id as order_ref',
    ])
    .where('documents.id', '=', used.document_id)
    .where('documents.removed_at', 'is', null)
    .where('documents.order_key', '=', used.order_key)
    .executeTakeFirst();
}

/**
 * The note the customer page shows while the order awaits the customer (DESIGN §25): that of the last
 * mail sent from a template with a note. A typed mail or a template without one leaves the earlier note:
 * it still says what we wait for.
 */
export async function lastPublicNote(db: Db, orderRowId: number): Promise<string | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('public_note')
    .where('order_key', '=', orderRowId)
    .where('kind', '=', MAIL_KIND.customer)
    .where('public_note', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.public_note ?? null;
}
