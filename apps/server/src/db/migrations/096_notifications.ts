import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Notifications (DESIGN §23): one row per member told of something on an order (a mention, a
 * customer's reply). `text` is an excerpt of a remark or a reply, so it may hold personal data: the
 * row goes with the order (cascade) and on erasure (privacy/personal-copies.repository.ts). `by_name`
 * keeps the name as it was, like the event log. The bell reads a member's newest rows and counts the
 * unread ones: one index for each, the second holding only unread rows.
 */
export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('notifications');
  await (dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('member_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('by_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_member').on('notifications').columns(['member_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_member_unread')
    .on('notifications')
    .column('member_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // erasure and retention find an order's rows
  await db.schema.createIndex('notifications_order').on('notifications').column('order_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
