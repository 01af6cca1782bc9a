import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only (issue 21): `order_search` by date. A page of a common text in Order History is
 * found by walking the orders newest first and testing each one's text until the page is full
 * (search-engine.pg.ts `walk`). Walked through orders' date index, each order tested cost a scalar
 * lookup into `order_search` by id: a surname of 4,850 orders in a million tested 2,501 orders in
 * 11,000 buffer visits, 3.2 ms. `order_search` carries the date itself (migration 024), and its rows
 * lie in the order orders arrived, so walked through this index the same page reads 81 buffers,
 * 0.4 ms. About half a second to build at a million orders, while arrivals wait.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE INDEX order_search_created ON order_search (created_at, id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX order_search_created`.execute(db);
}
