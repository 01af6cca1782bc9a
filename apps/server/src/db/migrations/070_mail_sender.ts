import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * The name a queued mail is sent from (issue 21): an order's mail comes from its site ("UK ETA
 * Apply"), which signs it, not from the back office's name. Null: MAIL_FROM as configured (staff
 * mails, and mails queued before this column).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('from_name', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('from_name').execute();
}
