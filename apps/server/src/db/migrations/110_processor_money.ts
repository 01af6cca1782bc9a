import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Money through the processor (DESIGN §26, issue 36).
 *
 * `refunds`: one row per refund asked of a processor, written in the same transaction as the move
 * that asks for it. `attempt` names the idempotency key (`refund-{id}-{attempt}`): transient failures
 * retry within an attempt, with the same key; only a staff retry after a definite failure starts the
 * next one. The worker claims a row in `requested` whose `next_attempt_at` has come by setting
 * `claim_token` and pushing `next_attempt_at` to the end of its lease (the outbox's pattern).
 *
 * `fraud_warnings`: Stripe's early fraud warnings, by Stripe's id; `order_id` null while no order has
 * the charge. `processor_status`: what the last call learnt of the key (a 401: revoked), shared by
 * every instance so readiness and the dashboard say the same everywhere. On disputes, when the
 * evidence was staged at the processor and when the dispute was conceded.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('fraud_warnings')
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('processor_warning_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('charge_ref', 'text', (c) => c.notNull())
    .addColumn('fraud_type', 'text', (c) => c.notNull())
    .addColumn('actionable', 'integer', (c) => c.notNull())
    .addColumn('warned_at', 'text', (c) => c.notNull())
    /** open | refunded | kept */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('keep_reason', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('processor_event_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('fraud_warnings_processor_id_unique', ['processor', 'processor_warning_id'])
    .execute();
  await db.schema.createIndex('fraud_warnings_state').on('fraud_warnings').columns(['state', 'warned_at']).execute();
  await db.schema.createIndex('fraud_warnings_order').on('fraud_warnings').column('order_id').execute();

  await withId('refunds')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('processor', 'text', (c) => c.notNull())
    /** the order's payment_reference when asked: the charge or payment intent refunded */
    .addColumn('charge_ref', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('processor_refund_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    /** calls made within this attempt (transient failures), for the backoff */
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claim_token', 'text')
    .addColumn('fraud_warning_id', 'integer', (c) => c.references('fraud_warnings.id').onDelete('set null'))
    .addColumn('requested_by', 'integer')
    .addColumn('requested_by_name', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_due').on('refunds').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('refunds_processor_id').on('refunds').column('processor_refund_id').execute();

  await db.schema
    .createTable('processor_status')
    .addColumn('processor', 'text', (c) => c.primaryKey())
    /** set by a 401 from the processor, cleared by the next call that is not one */
    .addColumn('key_refused_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('disputes').addColumn('evidence_staged_at', 'text').execute();
  await db.schema.alterTable('disputes').addColumn('accepted_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('disputes').dropColumn('accepted_at').execute();
  await db.schema.alterTable('disputes').dropColumn('evidence_staged_at').execute();
  await db.schema.dropTable('processor_status').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('fraud_warnings').execute();
}
