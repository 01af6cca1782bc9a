import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The order with the names of its holder and its processor; every query here uses an index on order_id. */
export async function findOrder(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .leftJoin('staff as holder', 'holder.id', 'orders.assigned_to')
    .leftJoin('staff as processor', 'processor.id', 'orders.processed_by')
    .selectAll('orders')
    .select(['holder.name as holder_name', 'processor.name as processor_name'])
    .where('orders.order_id', '=', orderId)
    .executeTakeFirst();
}

export async function listDocuments(db: Db, orderDbId: number) {
  return db
    .selectFrom('documents')
    .leftJoin('staff', 'staff.id', 'documents.uploaded_by')
    .select([
      'documents.id',
      'documents.file1',
      'documents.customer_name',
      'documents.is_rejected_doc',
      'documents.mail_service_provider',
      'documents.content_type',
      'documents.size',
      'documents.created_at',
      'staff.name as uploader_name',
    ])
    .where('documents.order_id', '=', orderDbId)
    .orderBy('documents.id', 'desc')
    .execute();
}

export async function listMails(db: Db, orderDbId: number) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'document_id',
      'kind',
      'provider',
      'to_address',
      'remainder_mail',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .where('order_id', '=', orderDbId)
    .orderBy('id', 'desc')
    .execute();
}

export async function listDownloads(db: Db, orderDbId: number) {
  return db
    .selectFrom('download_history')
    .select(['create_ts', 'ip', 'timezone', 'browser', 'os'])
    .where('order_id', '=', orderDbId)
    .orderBy('create_ts', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listRemarks(db: Db, orderDbId: number) {
  return db
    .selectFrom('remarks')
    .select([
      'id',
      'us_date',
      'us_time',
      'remark_name',
      'remark',
      'whatsapp',
      'telephone',
      'status_refund',
      'voided',
      'chargeback',
      'report_error',
      'created_at',
    ])
    .where('order_id', '=', orderDbId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listEvents(db: Db, orderDbId: number) {
  return db
    .selectFrom('order_events')
    .select(['kind', 'from_value', 'to_value', 'detail', 'staff_name', 'created_at'])
    .where('order_id', '=', orderDbId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Which image kinds the order has (passport, selfie). */
export async function imageKinds(db: Db, orderDbId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('order_images').select('kind').where('order_id', '=', orderDbId).execute();
  return new Set(rows.map((r) => r.kind));
}

/** The latest image of a kind, by the order's id as staff know it. */
export async function findImage(db: Db, orderId: string, kind: string) {
  return db
    .selectFrom('order_images')
    .innerJoin('orders', 'orders.id', 'order_images.order_id')
    .select(['order_images.file_name', 'order_images.content_type', 'order_images.size'])
    .where('orders.order_id', '=', orderId)
    .where('order_images.kind', '=', kind)
    .orderBy('order_images.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One document of one order, for the staff download. */
export async function findDocument(db: Db, orderId: string, documentId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('orders', 'orders.id', 'documents.order_id')
    .select(['documents.file1', 'documents.content_type', 'documents.size'])
    .where('orders.order_id', '=', orderId)
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
}
