import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * Sessions know how they were opened (DESIGN §22, issue 31).
 * - `factors`: what the sign-in proved, `password` or `password,totp` / `password,recovery`.
 *   REQUIRE_2FA is judged on it, so a session opened with the password alone stays held back even
 *   once the member enrols elsewhere. Of the sessions open now, one begun while the member had 2FA
 *   on was opened with a code (sign-in asked for one); one begun before the member enrolled is
 *   ended, as turning 2FA on now ends the member's other sessions (which of them enrolled is not
 *   known: that member signs in once more); the rest are `password`.
 * - `confirmed_at`: the session's last "confirm it is you" (POST /api/admin/reauth).
 * - PostgreSQL: a change of either is announced on `eta_session_revoked` as a revocation is, so
 *   every instance's kept copy of the session (session-source.ts) is dropped at once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('factors', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('staff_sessions').addColumn('confirmed_at', 'text').execute();
  const enrolled = (when: string) =>
    `staff_id IN (SELECT s.id FROM staff s WHERE s.two_factor_enabled_at IS NOT NULL
                  AND s.two_factor_enabled_at ${when} staff_sessions.created_at)`;
  await sql`UPDATE staff_sessions SET revoked_at = ${new Date().toISOString()}
            WHERE revoked_at IS NULL AND ${sql.raw(enrolled('>'))}`.execute(db);
  await run(db, `UPDATE staff_sessions SET factors = 'password,totp' WHERE ${enrolled('<=')}`);
  if (dialectOf(db) === 'postgres') {
    await run(db, 'DROP TRIGGER staff_session_revoked ON staff_sessions');
    await run(
      db,
      `CREATE TRIGGER staff_session_revoked AFTER UPDATE OF revoked_at, factors, confirmed_at OR DELETE ON staff_sessions
       FOR EACH ROW EXECUTE FUNCTION staff_session_revoked()`,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await run(db, 'DROP TRIGGER staff_session_revoked ON staff_sessions');
    await run(
      db,
      `CREATE TRIGGER staff_session_revoked AFTER UPDATE OF revoked_at OR DELETE ON staff_sessions
       FOR EACH ROW EXECUTE FUNCTION staff_session_revoked()`,
    );
  }
  await db.schema.alterTable('staff_sessions').dropColumn('confirmed_at').execute();
  await db.schema.alterTable('staff_sessions').dropColumn('factors').execute();
}
