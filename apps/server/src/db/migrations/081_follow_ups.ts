import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Follow-up dates (DESIGN §18, issue 21): `follow_up_on`, the day (YYYY-MM-DD text, as every date
 * here: it sorts and compares the same on both databases) to chase an order in Awaiting Customer or
 * Awaiting Govt again. The sidebar counts the due ones on every screen change, so they have an index
 * of their own: only orders with a date are in it (a few among a million), by status then day, and
 * the count of one status's due orders is a range of it, read from the index alone.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('follow_up_on', 'text').execute();
  await db.schema
    .createIndex('orders_follow_up_due')
    .on('orders')
    .columns(['process_status', 'follow_up_on'])
    .where(sql.ref('follow_up_on'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_follow_up_due').execute();
  await db.schema.alterTable('orders').dropColumn('follow_up_on').execute();
}
