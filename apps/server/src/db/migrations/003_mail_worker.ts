import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * The mail worker (DESIGN §9). `claim_token` names the worker holding a row in `sending`: only that
 * worker may record the outcome, so a worker whose lease ran out (and whose row another worker took
 * over) cannot mark it twice. One mail_history row per outbox row at most, enforced by the database.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('claim_token', 'text').execute();
  await db.schema.createIndex('mail_history_outbox').unique().on('mail_history').column('outbox_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_history_outbox').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('claim_token').execute();
}
