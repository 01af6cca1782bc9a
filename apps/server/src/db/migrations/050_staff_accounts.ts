import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * Staff accounts (DESIGN §17, issue 20).
 * - `staff_sessions`: one per sign-in; the token carries its id (`sid`) and dies with it. The id is
 *   random (not a counter) so one session's id says nothing of another's.
 * - staff gain the TOTP secret (on once `two_factor_enabled_at` is set; `totp_pending_secret` between
 *   set-up and the first code) and `totp_last_step`, the newest time step accepted, so a code is
 *   never taken twice.
 * - `staff_recovery_codes` (hashed, each used once) and `password_resets` (token hashed, 30 minutes, once).
 * - PostgreSQL: a revoked session is announced on `eta_session_revoked` when its transaction commits,
 *   so every instance's guard drops it at once (modules/sessions/session-cache.ts), as 025 does for members.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const serial = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const staffRef = (c: ColumnDefinitionBuilder) => c.notNull().references('staff.id').onDelete('cascade');

  await db.schema.alterTable('staff').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('staff').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('staff').addColumn('two_factor_enabled_at', 'text').execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_sessions_member')
    .on('staff_sessions')
    .columns(['staff_id', 'created_at'])
    .execute();

  await serial('staff_recovery_codes')
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_member').on('staff_recovery_codes').column('staff_id').execute();

  await serial('password_resets')
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_member').on('password_resets').column('staff_id').execute();

  if (postgres) {
    await run(
      db,
      `CREATE FUNCTION staff_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN PERFORM pg_notify('eta_session_revoked', OLD.id); RETURN NULL; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER staff_session_revoked AFTER UPDATE OF revoked_at OR DELETE ON staff_sessions
       FOR EACH ROW EXECUTE FUNCTION staff_session_revoked()`,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await run(db, 'DROP TRIGGER staff_session_revoked ON staff_sessions');
    await run(db, 'DROP FUNCTION staff_session_revoked()');
  }
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_sessions').execute();
  for (const column of ['two_factor_enabled_at', 'totp_last_step', 'totp_pending_secret', 'totp_secret']) {
    await db.schema.alterTable('staff').dropColumn(column).execute();
  }
}
