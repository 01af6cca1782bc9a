import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { doesMaintenance } from '../../cluster.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

/**
 * SQLite's search index (FTS5, migration 020) is a set of b-trees: every transaction that adds
 * orders writes a small one, and FTS5 merges them only partly as it goes. A search reads every
 * b-tree's list for each trigram it asks for, so at a million orders built batch by batch it read
 * about twice what one merged b-tree holds: an order id's search 2.4 → 1.4 ms, a surname's 2.6 →
 * 1.7 ms once merged (issue 8). Merging all of it into one takes about 2.5 s of work at a million
 * orders; it is done in steps of a few dozen pages, each its own short write, so requests keep
 * flowing between them. PostgreSQL's GIN index needs none of this (migration 024).
 */

/** pages written per step: about 10 ms each at a million orders (47 ms at most), never a long write lock */
const PAGES_PER_STEP = 64;
export interface SearchIndexSchedule {
  /** first merge this long after start */
  firstDelayMs: number;
  /** then every period: orders that arrived since add only small b-trees */
  periodMs: number;
}

const SCHEDULE: SearchIndexSchedule = { firstDelayMs: 5 * 60 * 1000, periodMs: 6 * 60 * 60 * 1000 };

type Db = Kysely<Database>;

/**
 * Merges the whole index into one b-tree, one bounded step at a time, `pause` between steps.
 * FTS5's own recipe: the first 'merge' with a negative page count gathers every b-tree into one
 * level, the next ones (positive) carry that merge on even as orders arrive, until a step changes
 * fewer than two rows. Each step holds the connection for its three statements, so no request's
 * write falls between the counts. Returns the number of steps taken (1: there was nothing to merge).
 */
export async function mergeSearchIndex(db: Db, pause: () => Promise<void> = async () => {}): Promise<number> {
  const totalChanges = async (conn: Db) =>
    Number((await sql<{ n: number }>`select total_changes() as n`.execute(conn)).rows[0]?.n ?? 0);
  for (let steps = 1; ; steps += 1) {
    const pages = steps === 1 ? -PAGES_PER_STEP : PAGES_PER_STEP;
    const changed = await db.connection().execute(async (conn) => {
      const before = await totalChanges(conn);
      await sql`insert into orders_search (orders_search, rank) values ('merge', ${pages})`.execute(conn);
      return (await totalChanges(conn)) - before;
    });
    if (changed < 2) return steps;
    await pause();
  }
}

/**
 * Merges the index a while after start and then every six hours (SQLite only: app.ts registers it
 * there). With WORKERS, the worker in the first slot alone does it (cluster.ts): two processes each
 * restarting the merge would undo each other's steps. A step blocks its process for its 10–47 ms;
 * requests wait between steps.
 */
export function registerSearchIndexMaintenance(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db'>,
  schedule: SearchIndexSchedule = SCHEDULE,
): void {
  let timer: NodeJS.Timeout | null = null;
  let closing = false;
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 20).unref());
  const mergeNow = async () => {
    try {
      const started = Date.now();
      const steps = await mergeSearchIndex(ctx.db, async () => {
        if (closing) throw new Error('closing');
        await pause();
      });
      if (steps > 1) app.log.info({ steps, ms: Date.now() - started }, 'search index merged');
    } catch (error) {
      if (!closing) app.log.warn({ err: error }, 'search index merge stopped; tried again next period');
    }
  };
  const run = async () => {
    if (doesMaintenance()) await mergeNow();
    if (!closing) timer = setTimeout(run, schedule.periodMs).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, schedule.firstDelayMs).unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
  });
}
