import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function softDelete(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('staff').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** Orders the deleted member held return to their original folders; returns their ids (to be logged). */
export async function releaseOrders(db: Db, staffId: number, at: string): Promise<number[]> {
  const held = await db.selectFrom('orders').select(['id']).where('assigned_to', '=', staffId).execute();
  if (held.length === 0) return [];
  await db
    .updateTable('orders')
    .set({ assigned_to: null, updated_at: at })
    .where('assigned_to', '=', staffId)
    .execute();
  return held.map((order) => order.id);
}
