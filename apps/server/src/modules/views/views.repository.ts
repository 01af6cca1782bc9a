import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SavedViewsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ViewRow = Selectable<SavedViewsTable> & { owner_name: string };

/** Columns written from a view's input (the rest are the row's own). */
export type ViewValues = Pick<SavedViewsTable, 'name' | 'folder' | 'filters' | 'sort_column' | 'sort_order' | 'shared'>;

function withOwner(db: Db) {
  return db
    .selectFrom('saved_views')
    .innerJoin('staff', 'staff.id', 'saved_views.owner_id')
    .selectAll('saved_views')
    .select('staff.name as owner_name');
}

/** The member's own views and every shared one, oldest first (the order they were made in). */
export async function visibleViews(db: Db, memberId: number): Promise<ViewRow[]> {
  return withOwner(db)
    .where((eb) => eb.or([eb('saved_views.owner_id', '=', memberId), eb('saved_views.shared', '=', 1)]))
    .orderBy('saved_views.shared', 'desc')
    .orderBy('saved_views.id')
    .execute();
}

export async function viewById(db: Db, id: number): Promise<ViewRow | undefined> {
  return withOwner(db).where('saved_views.id', '=', id).executeTakeFirst();
}

/** Views of one kind: a member's personal ones, or the shared ones (the caps of saved-views.ts). */
export async function countViews(db: Db, of: { ownerId: number } | { shared: true }): Promise<number> {
  let q = db.selectFrom('saved_views').select((eb) => eb.fn.countAll<number>().as('n'));
  q = 'shared' in of ? q.where('shared', '=', 1) : q.where('owner_id', '=', of.ownerId).where('shared', '=', 0);
  return (await q.executeTakeFirst())?.n ?? 0;
}

export async function insertView(db: Db, ownerId: number, values: ViewValues, at: string): Promise<number> {
  const row = await db
    .insertInto('saved_views')
    .values({ owner_id: ownerId, ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateView(db: Db, id: number, values: ViewValues, at: string): Promise<void> {
  await db
    .updateTable('saved_views')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
