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

/** At start on PostgreSQL: one warning when the server runs without autovacuum (docs/operations/data.md, Data). */
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
  'order_due_days',
  'report_country_days',
  'report_processed_days',
];

/** orders arrived in this process since its last ANALYZE that start the next one (DESIGN §19) */
export const ANALYZE_AFTER_ORDERS = 5000;

/**
 * the least time from one ANALYZE's start to the next while orders keep arriving (issue 22): each
 * costs about half a second of a core at 200,000 orders whatever the batch, and every 5,000 orders
 * it took half the database's CPU of a steady ingestion
 */
export const ANALYZE_SPACING_MS = 60_000;

export interface ArrivalStatistics {
  /**
   * starts at once an ANALYZE waiting for its time, then resolves once none is running (the app
   * waits for it before closing)
   */
  idle(): Promise<void>;
}

/**
 * PostgreSQL plans each query from its statistics. Autovacuum refreshes them only after a tenth of a
 * table has changed (100,000 orders at a million), and never when it is off, so a large import
 * would be planned as if it had not happened. Once `threshold` orders have arrived in this process
 * (one batch, one import, or a running total), ANALYZE the tables they grew: after the commit, in
 * the background on a pooled connection (ANALYZE blocks no reads or writes), one at a time, and at
 * most one every `spacingMs` while orders keep coming: those that arrive meanwhile wait for the next,
 * which the app's close runs at once, so an import still ends with fresh statistics.
 */
export function analyzeAfterArrivals(
  db: Kysely<Database>,
  events: DomainEvents,
  log: Log,
  threshold = ANALYZE_AFTER_ORDERS,
  spacingMs = ANALYZE_SPACING_MS,
): ArrivalStatistics {
  let arrived = 0;
  let running: Promise<void> | null = null;
  let waiting: NodeJS.Timeout | null = null;
  let lastStarted = Number.NEGATIVE_INFINITY;
  const analyze = async () => {
    const orders = arrived;
    arrived = 0;
    const started = performance.now();
    lastStarted = started;
    try {
      await sql`analyze ${sql.raw(GROWN_BY_ARRIVALS.join(', '))}`.execute(db);
      log.info({ orders, ms: Math.round(performance.now() - started) }, 'statistics refreshed after new orders');
    } catch (error) {
      log.warn({ err: error, orders }, 'statistics not refreshed after new orders');
    }
  };
  const start = () => {
    if (waiting) clearTimeout(waiting);
    waiting = null;
    running = analyze().finally(() => {
      running = null;
      consider();
    });
  };
  /** Starts one when enough orders have arrived and the last started long enough ago, else waits for that time. */
  const consider = () => {
    if (running || waiting || arrived < threshold) return;
    const wait = lastStarted + spacingMs - performance.now();
    if (wait <= 0) return start();
    waiting = setTimeout(start, wait);
    // a process with nothing else to do may end: its close runs the waiting one (idle)
    waiting.unref();
  };
  events.subscribe('orders.arrived', ({ count }) => {
    arrived += count;
    consider();
  });
  return {
    idle: async () => {
      if (waiting) start();
      while (running) await running;
    },
  };
}
