import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The order as an invoice needs it. */
export async function findOrder(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'order_id',
      'domain',
      'first_name',
      'sur_name',
      'contact_email_address',
      'address_line1',
      'address_line2',
      'address_line3',
      'town_and_city',
      'post_code',
      'country',
      'processing_type',
      'amount_minor',
      'currency',
      'created_at',
      'refund_date',
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function findByOrder(db: Db, orderDbId: number) {
  return db
    .selectFrom('invoices')
    .select(['invoice_number', 'amount_minor', 'currency', 'file_name', 'created_at'])
    .where('order_key', '=', orderDbId)
    .executeTakeFirst();
}

/**
 * The next number of `year`, taken inside the caller's transaction: the upsert locks the counter
 * row until commit (PostgreSQL), SQLite has one writer at a time, and a rollback gives it back.
 */
export async function nextSeq(db: Db, year: number): Promise<number> {
  const row = await db
    .insertInto('invoice_counters')
    .values({ year, last_seq: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_seq: eb('invoice_counters.last_seq', '+', 1) })))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

export async function insertInvoice(
  db: Db,
  row: {
    order_key: number;
    invoice_number: string;
    amount_minor: number;
    currency: string | null;
    file_name: string;
    created_by: number;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}
