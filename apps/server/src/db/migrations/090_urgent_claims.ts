import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * "The most urgent order next" (DESIGN §23, issue 33): Next order `urgent` reads the free orders of
 * New, Priority Processing and moveToProcessMarch by due date. This partial index holds exactly
 * those orders (a few thousand of a million), in the claim's order, so the claim reads its first
 * entry instead of every waiting order of three statuses. The IN list is written out (frozen in time)
 * in shared's CLAIMABLE_STATUSES order: SQLite uses a partial index only for the very list the claim
 * writes (claim-writes.sqlite.ts). PostgreSQL's ascending key keeps nulls last, as the claim asks;
 * SQLite reads the index and sorts its few rows for `nulls last`.
 */
export async function up(db: AnyDb): Promise<void> {
  await run(
    db,
    `CREATE INDEX orders_free_urgent ON orders (sla_due_at, created_at, id)
     WHERE assigned_to IS NULL AND process_status IN ('New', 'Priority Processing', 'moveToProcessMarch')`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_free_urgent').execute();
}
