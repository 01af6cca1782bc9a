import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Who has an order's detail open (DESIGN §18 presence): one row per order and member, renewed by
 * the detail's heartbeat and read by every instance, so "Also viewing" holds across instances and
 * processes. A row older than the time to live (60 s) no longer counts and is swept away.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_viewers')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_viewers_pk', ['order_id', 'staff_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_viewers').execute();
}
