import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database, StaffSessionRow } from '../../db/schema.ts';

/** The staff_sessions table (DESIGN §17). Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

/** Built once (db/compiled.ts): the staff guard reads the session on every request (on SQLite). */
const openById = compiledOnce((db, id: string) =>
  db.selectFrom('staff_sessions').selectAll().where('id', '=', id).where('revoked_at', 'is', null),
);

export async function findOpen(db: Db, id: string): Promise<StaffSessionRow | undefined> {
  const [row] = await openById(db, id);
  return row;
}

export function findById(db: Db, id: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insert(db: Db, session: StaffSessionRow): Promise<void> {
  await db.insertInto('staff_sessions').values(session).execute();
}

/** A member's sessions neither revoked nor expired, the newest first. */
export function listOpen(db: Db, staffId: number, now: string): Promise<StaffSessionRow[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** true when this call revoked it (it was open). */
export async function revoke(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every open session of a member (password change or reset): the ids, so this instance forgets them at once. */
export async function revokeAllOf(db: Db, staffId: number, at: string): Promise<string[]> {
  const rows = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The member's other open sessions end (2FA turned on, DESIGN §22); the one that enrolled now holds
 * both factors. The ids ended, so this instance forgets them at once.
 */
export async function keepOnly(
  db: Db,
  staffId: number,
  sessionId: string,
  factors: string,
  at: string,
): Promise<string[]> {
  await db.updateTable('staff_sessions').set({ factors }).where('id', '=', sessionId).execute();
  const rows = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('id', '!=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** "Confirm it is you" (DESIGN §22): the session's confirmation is now. */
export async function confirm(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ confirmed_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touch(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
