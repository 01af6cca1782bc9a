import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * PostgreSQL only (issue 8): the pg_trgm index of migration 020 writes straight into its trees, with
 * no pending list. Every status move or assignment writes a new version of the order's row (not a
 * HOT update: process_status and assigned_to are indexed), and with GIN's default `fastupdate` each
 * version's ~60 trigrams were appended to the index's pending list, which every search then reads
 * whole until a vacuum merges it: after a bench run's moves, 444 pages and about 4 ms of every
 * search (an order id's search 7.5 → 3.6 ms once merged). Written straight in, 2,000 status moves
 * took the same time with and without the index (0.45 ms each, triggers included).
 * What the list holds now is merged once here.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'ALTER INDEX orders_search_trgm SET (fastupdate = off)');
  await run(db, `SELECT gin_clean_pending_list('orders_search_trgm')`);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'ALTER INDEX orders_search_trgm RESET (fastupdate)');
}
