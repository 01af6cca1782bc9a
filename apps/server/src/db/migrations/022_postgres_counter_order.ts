import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const dec = `UPDATE order_counters SET n = n - 1
              WHERE process_status = OLD.process_status AND assignee_id = COALESCE(OLD.assigned_to, 0);`;
const inc = `INSERT INTO order_counters (process_status, assignee_id, n)
             VALUES (NEW.process_status, COALESCE(NEW.assigned_to, 0), 1)
             ON CONFLICT (process_status, assignee_id) DO UPDATE SET n = order_counters.n + 1;`;

/**
 * PostgreSQL only (issue 8). A status change takes two counter rows; the trigger of 001 always took
 * the old one first. Two members moving orders the opposite ways at once (Awaiting → Contact
 * Customer and back) each held one row and waited for the other's: a deadlock, found after a
 * second and retried, so those moves took a second or two under load. Taking the rows in key order
 * removes the cycle. (On SQLite one writer at a time never deadlocks.)
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION orders_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF (OLD.process_status, COALESCE(OLD.assigned_to, 0)) < (NEW.process_status, COALESCE(NEW.assigned_to, 0)) THEN
          ${dec} ${inc}
        ELSE
          ${inc} ${dec}
        END IF;
      ELSIF TG_OP = 'DELETE' THEN
        ${dec}
      ELSE
        ${inc}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
}

export async function down(): Promise<void> {
  // The order of two updates is not worth undoing.
}
