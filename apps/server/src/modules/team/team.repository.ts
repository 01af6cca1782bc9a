import type { TokenUser } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** rows per insert: well under SQLite's bound on parameters per statement */
const EVENT_BATCH = 500;

export async function softDelete(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('staff').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** Orders the deleted member held return to their original folders, each change logged. */
export async function releaseOrders(
  db: Db,
  member: { id: number; name: string },
  actor: TokenUser,
  at: string,
): Promise<void> {
  const staffId = member.id;
  const held = await db.selectFrom('orders').select(['id']).where('assigned_to', '=', staffId).execute();
  if (held.length === 0) return;
  await db
    .updateTable('orders')
    .set({ assigned_to: null, updated_at: at })
    .where('assigned_to', '=', staffId)
    .execute();
  for (let i = 0; i < held.length; i += EVENT_BATCH) {
    await db
      .insertInto('order_events')
      .values(
        held.slice(i, i + EVENT_BATCH).map((order) => ({
          order_id: order.id,
          staff_id: actor.id,
          staff_name: actor.name,
          kind: 'unassign',
          from_value: member.name,
          to_value: null,
          detail: 'Team member deleted: order returned to its folder',
          created_at: at,
        })),
      )
      .execute();
  }
}
