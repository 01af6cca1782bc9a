import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * PostgreSQL only (issue 8): every change to a staff row (password, type, name, deletion) is
 * announced on the channel `eta_staff_changed` with the member's id, when its transaction commits.
 * Each instance keeps the members its staff guard has read and drops one the moment it hears of
 * it (modules/staff/member-cache.ts), so a token dies on every instance at once, as before, without
 * the guard reading the member on every request.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(
    db,
    `CREATE FUNCTION staff_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN PERFORM pg_notify('eta_staff_changed', OLD.id::text); RETURN NULL; END $$`,
  );
  await run(
    db,
    'CREATE TRIGGER staff_changed AFTER UPDATE OR DELETE ON staff FOR EACH ROW EXECUTE FUNCTION staff_changed()',
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'DROP TRIGGER staff_changed ON staff');
  await run(db, 'DROP FUNCTION staff_changed()');
}
