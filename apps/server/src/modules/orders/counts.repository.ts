import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One status's orders: all of them, and those held by the member asking. */
export interface StatusTotal {
  process_status: string;
  n: number;
  mine: number;
}

/**
 * The counter table (migration 001, kept by triggers) summed per status, with the member's own
 * share beside: one row a status. Reading the table's status × holder rows and summing them in
 * JavaScript cost 115 µs a call at a million orders; this costs a quarter of that (issue 8).
 */
export async function readStatusTotals(db: Kysely<Database>, staffId: number): Promise<StatusTotal[]> {
  const rows = await db
    .selectFrom('order_counters')
    .select((eb) => [
      'process_status',
      eb.fn.sum<number | string>('n').as('n'),
      sql<number | string>`sum(case when assignee_id = ${staffId} then n else 0 end)`.as('mine'),
    ])
    .where('n', '>', 0)
    .groupBy('process_status')
    .execute();
  return rows.map((r) => ({ process_status: r.process_status, n: Number(r.n), mine: Number(r.mine) }));
}
