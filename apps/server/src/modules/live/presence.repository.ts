import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface Viewer {
  staff_id: number;
  staff_name: string;
}

/** The order's viewers seen since `since` (ISO), by name. */
export async function viewersSince(db: Kysely<Database>, orderDbId: number, since: string): Promise<Viewer[]> {
  return db
    .selectFrom('order_viewers')
    .select(['staff_id', 'staff_name'])
    .where('order_key', '=', orderDbId)
    .where('seen_at', '>=', since)
    .orderBy('staff_name')
    .orderBy('staff_id')
    .execute();
}

/** The member is looking at the order now (a heartbeat). */
export async function markViewing(
  db: Kysely<Database>,
  orderDbId: number,
  staff: { id: number; name: string },
  at: string,
) {
  await db
    .insertInto('order_viewers')
    .values({ order_key: orderDbId, staff_id: staff.id, staff_name: staff.name, seen_at: at })
    .onConflict((oc) => oc.columns(['order_key', 'staff_id']).doUpdateSet({ seen_at: at, staff_name: staff.name }))
    .execute();
}

export async function markLeft(db: Kysely<Database>, orderDbId: number, staffId: number) {
  await db.deleteFrom('order_viewers').where('order_key', '=', orderDbId).where('staff_id', '=', staffId).execute();
}

/** Rows past their time to live, everywhere (a viewer who closed the tab without saying so). */
export async function sweepViewers(db: Kysely<Database>, before: string) {
  await db.deleteFrom('order_viewers').where('seen_at', '<', before).execute();
}
