import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { jsonArrayFrom } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { DISPUTE_COLUMNS } from '../disputes/index.ts';

type Db = Kysely<Database>;

/**
 * A staff member's name by id, as a column. A correlated subquery, not a LEFT JOIN: SQLite answers
 * `orders.*` joined to staff in 100 µs and with these subqueries in 12 (issue 8).
 */
const staffName = (column: 'orders.assigned_to' | 'orders.processed_by' | 'documents.uploaded_by') =>
  sql<string | null>`(select s.name from staff s where s.id = ${sql.ref(column)})`;

/** SQLite hands back json_group_array's text; PostgreSQL's driver has parsed json_agg already. */
const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

/**
 * The order with the names of its holder and its processor and, in the same statement, every list
 * the detail screen shows (documents, mails, downloads, remarks, events, disputes, image kinds), newest first.
 * One statement instead of seven: on PostgreSQL each is a round trip, on both most of a small query's
 * cost is the query's own overhead, not its rows (issue 8). Every subquery reads an index on order_key.
 * Built and compiled once (db/compiled.ts): that alone cost more than running it.
 */
const orderWithLists = compiledOnce((db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      staffName('orders.assigned_to').as('holder_name'),
      staffName('orders.processed_by').as('processor_name'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('documents')
          .select([
            'documents.id',
            'documents.file1',
            'documents.customer_name',
            'documents.is_rejected_doc',
            'documents.mail_service_provider',
            'documents.content_type',
            'documents.size',
            'documents.created_at',
            'documents.removed_at',
            staffName('documents.uploaded_by').as('uploader_name'),
          ])
          .whereRef('documents.order_key', '=', 'orders.id')
          .orderBy('documents.id', 'desc'),
      ).as('documents'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('mail_outbox')
          .select([
            'mail_outbox.id',
            'mail_outbox.document_id',
            'mail_outbox.kind',
            'mail_outbox.provider',
            'mail_outbox.to_address',
            'mail_outbox.remainder_mail',
            'mail_outbox.status',
            'mail_outbox.attempts',
            'mail_outbox.last_error',
            'mail_outbox.created_at',
            'mail_outbox.sent_at',
            'mail_outbox.delivery',
            'mail_outbox.delivery_detail',
          ])
          .whereRef('mail_outbox.order_key', '=', 'orders.id')
          .orderBy('mail_outbox.id', 'desc'),
      ).as('mails'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('download_history')
          .select([
            'download_history.create_ts',
            'download_history.ip',
            'download_history.timezone',
            'download_history.browser',
            'download_history.os',
          ])
          .whereRef('download_history.order_key', '=', 'orders.id')
          .orderBy('download_history.create_ts', 'desc')
          .orderBy('download_history.id', 'desc'),
      ).as('downloads'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('remarks')
          .select([
            'remarks.id',
            'remarks.us_date',
            'remarks.us_time',
            'remarks.remark_name',
            'remarks.remark',
            'remarks.whatsapp',
            'remarks.telephone',
            'remarks.status_refund',
            'remarks.voided',
            'remarks.chargeback',
            'remarks.report_error',
            'remarks.created_at',
          ])
          .whereRef('remarks.order_key', '=', 'orders.id')
          .orderBy('remarks.created_at', 'desc')
          .orderBy('remarks.id', 'desc'),
      ).as('remarks'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('order_events')
          .select([
            'order_events.kind',
            'order_events.from_value',
            'order_events.to_value',
            'order_events.detail',
            'order_events.staff_name',
            'order_events.created_at',
          ])
          .whereRef('order_events.order_key', '=', 'orders.id')
          .orderBy('order_events.created_at', 'desc')
          .orderBy('order_events.id', 'desc'),
      ).as('events'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('disputes')
          .select([...DISPUTE_COLUMNS])
          .whereRef('disputes.order_key', '=', 'orders.id')
          .orderBy('disputes.opened_at', 'desc')
          .orderBy('disputes.id', 'desc'),
      ).as('disputes'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('order_images')
          .select('order_images.kind')
          .whereRef('order_images.order_key', '=', 'orders.id')
          .where('order_images.removed_at', 'is', null),
      ).as('images'),
    ])
    .where('orders.order_id', '=', orderId),
);

export async function findOrderWithLists(db: Db, orderId: string) {
  const [row] = await orderWithLists(db, orderId);
  if (!row) return undefined;
  const { documents, mails, downloads, remarks, events, disputes, images, ...order } = row;
  return {
    order,
    documents: parsed(documents),
    mails: parsed(mails),
    downloads: parsed(downloads),
    remarks: parsed(remarks),
    events: parsed(events),
    disputes: parsed(disputes),
    imageKinds: new Set(parsed(images).map((i) => i.kind)),
  };
}

/** The latest image of a kind, by the order's id as staff know it. */
export async function findImage(db: Db, orderId: string, kind: string) {
  return db
    .selectFrom('order_images')
    .innerJoin('orders', 'orders.id', 'order_images.order_key')
    .select(['order_images.file_name', 'order_images.content_type', 'order_images.size'])
    .where('orders.order_id', '=', orderId)
    .where('order_images.kind', '=', kind)
    .where('order_images.removed_at', 'is', null)
    .orderBy('order_images.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One document of one order, for the staff download. */
export async function findDocument(db: Db, orderId: string, documentId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('orders', 'orders.id', 'documents.order_key')
    .select(['documents.file1', 'documents.content_type', 'documents.size'])
    .where('orders.order_id', '=', orderId)
    .where('documents.id', '=', documentId)
    .where('documents.removed_at', 'is', null)
    .executeTakeFirst();
}
