import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerPeriodicJob } from '../../lib/periodic-job.ts';
import { postgresRunAlone, type RunAlone, sqliteRunAlone } from '../../lib/run-alone.ts';
import { runRetentionPass } from './retention.ts';

declare module '../../context.ts' {
  interface Strategies {
    /** runs `pass` unless another instance is running one; false when it did not run */
    oneRetentionPassAtATime: RunAlone;
  }
}

/** the advisory lock's key: any fixed number no other lock of this database uses */
const RETENTION_LOCK = 190_016;

/** PostgreSQL: one instance runs a pass at a time; the others skip this hour. */
export const postgresOneRetentionPass = postgresRunAlone(RETENTION_LOCK);

/** SQLite: each small transaction claims what it removes, so passes side by side do nothing twice. */
export const sqliteOneRetentionPass = sqliteRunAlone;

/** first pass a minute after start (the app is serving by then), then every RETENTION_EVERY_MINUTES */
const FIRST_PASS_MS = 60_000;

/** The hourly retention job (DESIGN §16); RETENTION_EVERY_MINUTES=0 turns it off. */
export function registerRetentionJob(app: FastifyInstance, ctx: AppContext): void {
  const everyMs = ctx.config.retention.everyMinutes * 60_000;
  if (everyMs <= 0) return;
  registerPeriodicJob(app, {
    name: 'retention pass',
    everyMs,
    firstMs: Math.min(FIRST_PASS_MS, everyMs),
    pass: () =>
      ctx.strategies.oneRetentionPassAtATime(ctx.db, async () => {
        const counts = await runRetentionPass(ctx);
        app.log.info({ retention: counts }, 'retention pass done');
      }),
  });
}
