import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Database, NewStaff, StaffRow, StaffUpdate } from '../../db/schema.ts';

/** The staff table: shared by sign-in (auth) and team management. Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

/** Built once (db/compiled.ts): the staff guard reads the member on every request (on SQLite). */
const activeById = compiledOnce((db, id: number) =>
  db.selectFrom('staff').selectAll().where('id', '=', id).where('deleted_at', 'is', null),
);

export async function findActiveById(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await activeById(db, id);
  return row;
}

export function findActiveByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function listActive(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().where('deleted_at', 'is', null).orderBy('name').orderBy('id').execute();
}

export async function countActive(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insert(db: Db, staff: NewStaff): Promise<number> {
  const row = await db
    .insertInto('staff')
    .values({ ...staff, email: staff.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function update(db: Db, id: number, changes: StaffUpdate): Promise<void> {
  const values = changes.email ? { ...changes, email: changes.email.toLowerCase() } : changes;
  await db.updateTable('staff').set(values).where('id', '=', id).execute();
}

/**
 * Signs the member out everywhere (password change or reset, deletion): bumps the token version so
 * every token issued before now is refused, and ends every open session so none is listed as open.
 */
export async function revokeTokens(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('staff')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('staff_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Names of staff members by id, deleted ones included: history keeps the name. */
export async function staffNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
