import { type Kysely, sql } from 'kysely';
import type { DomainEvents } from '../lib/domain-events.ts';
import type { Database } from './schema.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const AUTOVACUUM_OFF =
  'PostgreSQL autovacuum is off: dead row versions pile up in the folder counters, the orders and the search ' +
  "index's pending list, so folder counts, lists and searches slow down day by day, and the planner's " +
  'statistics go stale. Turn it on (autovacuum = on in postgresql.conf, then reload), or run ' +
  '`VACUUM ANALYZE` on this database every night.';

/** The warning for `SHOW autovacuum`'s answer, or null when it is on. */
export function autovacuumWarning(setting: string | undefined): string | null {
  return setting === 'off' ? AUTOVACUUM_OFF : null;
}

/** At start on PostgreSQL: one warning when the server runs without autovacuum (docs/operations.md, Data). */
export async function warnWhenAutovacuumOff(db: Kysely<Database>, log: Log): Promise<void> {
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db);
  const warning = autovacuumWarning(rows[0]?.autovacuum);
  if (warning) log.warn({ autovacuum: 'off' }, warning);
}

/** What an arrival of orders grows: the rows themselves and what triggers write beside them. */
const GROWN_BY_ARRIVALS = [
  'orders',
  'order_events',
  'order_images',
  'order_search',
  'order_counters',
  'report_country_days',
  'report_processed_days',
];

/** orders arrived in this process since its last ANALYZE that start the next one (DESIGN §19) */
export const ANALYZE_AFTER_ORDERS = 5000;

export interface ArrivalStatistics {
  /** resolves once no ANALYZE is running (the app waits for it before closing) */
  idle(): Promise<void>;
}

/**
 * PostgreSQL plans each query from its statistics. Autovacuum refreshes them only after a tenth of a
 * table has changed (100,000 orders at a million), and never when it is off, so a large import
 * would be planned as if it had not happened. Once `threshold` orders have arrived in this process
 * (one batch, one import, or a running total), ANALYZE the tables they grew: after the commit, in
 * the background on a pooled connection (ANALYZE blocks no reads or writes), one at a time.
 */
export function analyzeAfterArrivals(
  db: Kysely<Database>,
  events: DomainEvents,
  log: Log,
  threshold = ANALYZE_AFTER_ORDERS,
): ArrivalStatistics {
  let arrived = 0;
  let running: Promise<void> | null = null;
  const analyze = async () => {
    while (arrived >= threshold) {
      const orders = arrived;
      arrived = 0;
      const started = performance.now();
      try {
        await sql`analyze ${sql.raw(GROWN_BY_ARRIVALS.join(', '))}`.execute(db);
        log.info({ orders, ms: Math.round(performance.now() - started) }, 'statistics refreshed after new orders');
      } catch (error) {
        log.warn({ err: error, orders }, 'statistics not refreshed after new orders');
      }
    }
  };
  events.subscribe('orders.arrived', ({ count }) => {
    arrived += count;
    if (running || arrived < threshold) return;
    running = analyze().finally(() => {
      running = null;
    });
  });
  return { idle: async () => void (await running) };
}
