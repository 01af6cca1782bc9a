import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { runRetentionPass } from './retention.ts';

declare module '../../context.ts' {
  interface Strategies {
    /** runs `pass` unless another instance is running one; false when it did not run */
    oneRetentionPassAtATime: (db: Kysely<Database>, pass: () => Promise<unknown>) => Promise<boolean>;
  }
}

/** the advisory lock's key: any fixed number no other lock of this database uses */
const RETENTION_LOCK = 190_016;

/**
 * PostgreSQL: instances share one database, so one of them runs a pass at a time, holding a
 * session-level advisory lock on a connection of its own for the pass; the others skip this hour.
 */
export const postgresOneRetentionPass = (db: Kysely<Database>, pass: () => Promise<unknown>) =>
  db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return false;
    try {
      await pass();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(conn);
    }
  });

/**
 * SQLite: one file, one writer at a time. Processes of one machine (WORKERS) may run passes side by
 * side; each small transaction claims what it removes, so nothing is done twice.
 */
export const sqliteOneRetentionPass = async (_db: Kysely<Database>, pass: () => Promise<unknown>) => {
  await pass();
  return true;
};

/** first pass a minute after start (the app is serving by then), then every RETENTION_EVERY_MINUTES */
const FIRST_PASS_MS = 60_000;

/** The hourly retention job (DESIGN §16); RETENTION_EVERY_MINUTES=0 turns it off. */
export function registerRetentionJob(app: FastifyInstance, ctx: AppContext): void {
  const everyMs = ctx.config.retention.everyMinutes * 60_000;
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running = ctx.strategies
      .oneRetentionPassAtATime(ctx.db, async () => {
        const counts = await runRetentionPass(ctx);
        app.log.info({ retention: counts }, 'retention pass done');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'retention pass failed; the next one resumes it'))
      .finally(() => {
        running = null;
        timer = setTimeout(tick, everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, Math.min(FIRST_PASS_MS, everyMs)).unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
}
