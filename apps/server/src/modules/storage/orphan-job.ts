import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerPeriodicJob } from '../../lib/periodic-job.ts';
import { postgresRunAlone, type RunAlone, sqliteRunAlone } from '../../lib/run-alone.ts';
import { sweepOrphans } from './orphans.ts';

declare module '../../context.ts' {
  interface Strategies {
    /** runs `sweep` unless another instance is running one; false when it did not run */
    oneOrphanSweepAtATime: RunAlone;
  }
}

/** the advisory lock's key: any fixed number no other lock of this database uses */
const ORPHAN_SWEEP_LOCK = 190_019;

/** PostgreSQL: the instances share one store, so one of them lists it at a time. */
export const postgresOneOrphanSweep = postgresRunAlone(ORPHAN_SWEEP_LOCK);

/** SQLite: one machine; a second sweep beside the first only removes a file twice, harmlessly. */
export const sqliteOneOrphanSweep = sqliteRunAlone;

/** the first sweep ten minutes after start, out of the way of a deployment's warm-up */
const FIRST_SWEEP_MS = 10 * 60_000;

/**
 * The orphan sweep (DESIGN §19) every ORPHAN_SWEEP_HOURS (0 turns it off): it lists the whole store,
 * which at a million orders is millions of names, so it runs daily by default, not hourly.
 */
export function registerOrphanSweepJob(app: FastifyInstance, ctx: AppContext): void {
  const everyMs = ctx.config.orphanSweepHours * 3600_000;
  if (everyMs <= 0) return;
  registerPeriodicJob(app, {
    name: 'orphan file sweep',
    everyMs,
    firstMs: Math.min(FIRST_SWEEP_MS, everyMs),
    pass: () =>
      ctx.strategies.oneOrphanSweepAtATime(ctx.db, async () => {
        const counts = await sweepOrphans(ctx.db, ctx.files, ctx.clock());
        app.log.info({ orphans: counts }, 'orphan file sweep done');
      }),
  });
}
