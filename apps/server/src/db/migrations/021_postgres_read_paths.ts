import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * PostgreSQL only (issue 8, measured at a million orders; SQLite needs neither change):
 *
 * 1. The queue indexes end in `id`. Lists sort by `created_at, id` (ties never swap between pages);
 *    SQLite's indexes carry the rowid already, PostgreSQL's stopped at created_at and sorted every
 *    page again, and could not answer a page's ids from the index alone.
 * 2. Inserts and deletes count into order_counters once per statement, not once per row. A batch
 *    of a thousand orders (the ingestion API, the import) updated the same counter row a thousand
 *    times in one transaction: PostgreSQL keeps every version until the transaction ends, so the
 *    few dozen counter rows grew to tens of megabytes and every folder count read them all (20 ms
 *    instead of 0.1 ms). Status and assignee changes keep their per-row trigger: one row each.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'CREATE INDEX orders_status_created_id ON orders (process_status, created_at, id)');
  await run(db, 'CREATE INDEX orders_created_id ON orders (created_at, id)');
  await run(
    db,
    'CREATE INDEX orders_assignee_status_created_id ON orders (assigned_to, process_status, created_at, id)',
  );
  await run(db, 'DROP INDEX orders_status_created');
  await run(db, 'DROP INDEX orders_created');
  await run(db, 'DROP INDEX orders_assignee_status');

  await run(db, 'DROP TRIGGER orders_count_insert ON orders');
  // Rows go in key order so two batches meet their counter rows in the same order (no deadlock).
  const count = (rows: string, sign: string) => `
    INSERT INTO order_counters (process_status, assignee_id, n)
    SELECT process_status, COALESCE(assigned_to, 0), ${sign}COUNT(*) FROM ${rows}
     GROUP BY process_status, COALESCE(assigned_to, 0) ORDER BY 1, 2
    ON CONFLICT (process_status, assignee_id) DO UPDATE SET n = order_counters.n + EXCLUDED.n;`;
  await run(
    db,
    `CREATE FUNCTION orders_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${count('new_rows', '')} RETURN NULL; END $$`,
  );
  await run(
    db,
    `CREATE FUNCTION orders_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${count('old_rows', '-')} RETURN NULL; END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_count_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders_count_inserted()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_count_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders_count_deleted()`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'DROP TRIGGER orders_count_inserted ON orders');
  await run(db, 'DROP TRIGGER orders_count_deleted ON orders');
  await run(db, 'DROP FUNCTION orders_count_inserted()');
  await run(db, 'DROP FUNCTION orders_count_deleted()');
  await run(
    db,
    'CREATE TRIGGER orders_count_insert AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_count_change()',
  );
  await run(db, 'CREATE INDEX orders_status_created ON orders (process_status, created_at)');
  await run(db, 'CREATE INDEX orders_created ON orders (created_at)');
  await run(db, 'CREATE INDEX orders_assignee_status ON orders (assigned_to, process_status, created_at)');
  await run(db, 'DROP INDEX orders_status_created_id');
  await run(db, 'DROP INDEX orders_created_id');
  await run(db, 'DROP INDEX orders_assignee_status_created_id');
}
