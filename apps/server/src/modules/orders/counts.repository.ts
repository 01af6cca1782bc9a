import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CounterRow {
  process_status: string;
  assignee_id: number;
  n: number;
}

/** The whole counter table: a few rows per status, kept by triggers (migration 001). */
export function readCounters(db: Kysely<Database>): Promise<CounterRow[]> {
  return db.selectFrom('order_counters').select(['process_status', 'assignee_id', 'n']).where('n', '>', 0).execute();
}
