import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/** Written out here, not imported: the sort key of "no deadline", after every real one. */
const NO_DEADLINE_LAST = '9999-12-31T23:59:59.999Z';

/**
 * Disputes as cases (DESIGN §14, issue 17). Several per order; one per processor and dispute id.
 * `order_id` is null while a processor's dispute matches no order (kept and listed, never refused).
 * `dispute_intake_events` remembers every processor event id received, so a replay changes nothing.
 *
 * On orders: `payment_reference` (the processor's charge or payment id, DESIGN §15) and
 * `transaction_id` find a processor's dispute its order, through indexes that hold only the orders
 * that have one; `dispute_respond_by`, the earliest deadline of the order's disputes that need a
 * response, kept by the dispute writes, sorts the ChargeBack queue without a join, through an index
 * of the ChargeBack orders only (a few thousand at a million orders; no other order's insert pays
 * for it): soonest deadline first, none last (the same expression as list.repository.ts sorts by),
 * newest first among equals. Sorted as read instead, a ChargeBack page cost 4.5 ms of CPU on SQLite.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  let table = db.schema.createTable('disputes');
  table = postgres
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('processor_dispute_id', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('reason_category', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('respond_by', 'text')
    .addColumn('respond_by_estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('evidence_submitted_at', 'text')
    .addColumn('note', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('payment_reference', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('order_ref', 'text')
    /** the time of the newest processor event applied: an older one arriving late changes nothing */
    .addColumn('processor_event_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('disputes_processor_id_unique', ['processor', 'processor_dispute_id'])
    .execute();
  await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();
  await db.schema.createIndex('disputes_state_due').on('disputes').columns(['state', 'respond_by']).execute();
  await db.schema.createIndex('disputes_opened').on('disputes').column('opened_at').execute();

  await db.schema
    .createTable('dispute_intake_events')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('dispute_id', 'integer', (c) => c.references('disputes.id').onDelete('set null'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dispute_intake_events_pk', ['source', 'event_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('payment_reference', 'text').execute();
  await db.schema.alterTable('orders').addColumn('dispute_respond_by', 'text').execute();
  const partial = (name: string, column: string) =>
    sql.raw(`CREATE INDEX ${name} ON orders (${column}) WHERE ${column} IS NOT NULL`).execute(db);
  await partial('orders_payment_reference', 'payment_reference');
  await partial('orders_transaction_id', 'transaction_id');
  await sql
    .raw(
      // process_status leads although the index holds one status: SQLite, which keeps no statistics
      // here, then prefers it to (process_status, created_at) and its sort, as PostgreSQL does.
      `CREATE INDEX orders_chargeback_due
         ON orders (process_status, coalesce(dispute_respond_by, '${NO_DEADLINE_LAST}'), id DESC)
         WHERE process_status = 'ChargeBack'`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_chargeback_due').execute();
  await db.schema.dropIndex('orders_transaction_id').execute();
  await db.schema.dropIndex('orders_payment_reference').execute();
  await db.schema.alterTable('orders').dropColumn('dispute_respond_by').execute();
  await db.schema.alterTable('orders').dropColumn('payment_reference').execute();
  await db.schema.dropTable('dispute_intake_events').execute();
  await db.schema.dropTable('disputes').execute();
}
