import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Runs `work` unless another instance is running the same job; false when it did not run. */
export type RunAlone = (db: Kysely<Database>, work: () => Promise<unknown>) => Promise<boolean>;

/**
 * PostgreSQL: instances share one database, so one of them runs a job at a time, holding a
 * session-level advisory lock (`lockKey`: a number no other lock of this database uses) on a
 * connection of its own for the pass; the others skip this turn.
 */
export const postgresRunAlone =
  (lockKey: number): RunAlone =>
  (db, work) =>
    db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(conn);
      if (!rows[0]?.locked) return false;
      try {
        await work();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
      }
    });

/**
 * SQLite: one file on one machine. Processes of that machine (WORKERS) may run passes side by side;
 * each job's steps are safe to repeat, so nothing is done twice that matters.
 */
export const sqliteRunAlone: RunAlone = async (_db, work) => {
  await work();
  return true;
};
