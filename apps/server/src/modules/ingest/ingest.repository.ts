import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, NewOrder, OrderImagesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** rows per statement: an order has about 55 columns, well under either dialect's parameter bound */
const ORDER_BATCH = 100;
const ID_BATCH = 500;

/** Which of these order ids the database already holds. */
export async function existingOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < orderIds.length; i += ID_BATCH) {
    const chunk = orderIds.slice(i, i + ID_BATCH);
    if (chunk.length === 0) continue;
    const rows = await db.selectFrom('orders').select('order_id').where('order_id', 'in', chunk).execute();
    for (const row of rows) found.add(row.order_id);
  }
  return found;
}

/**
 * Inserts orders; one whose order_id arrived meanwhile through another request is skipped by the
 * unique index (ON CONFLICT DO NOTHING) instead of failing the batch. Returns the rows inserted.
 */
export async function insertOrders(db: Db, orders: readonly NewOrder[]): Promise<{ id: number; order_id: string }[]> {
  const inserted: { id: number; order_id: string }[] = [];
  for (let i = 0; i < orders.length; i += ORDER_BATCH) {
    const rows = await db
      .insertInto('orders')
      .values(orders.slice(i, i + ORDER_BATCH) as NewOrder[])
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning(['id', 'order_id'])
      .execute();
    inserted.push(...rows.map((r) => ({ id: r.id, order_id: r.order_id })));
  }
  return inserted;
}

export async function insertImages(db: Db, images: readonly Insertable<OrderImagesTable>[]): Promise<void> {
  for (let i = 0; i < images.length; i += ID_BATCH) {
    const chunk = images.slice(i, i + ID_BATCH);
    if (chunk.length > 0) await db.insertInto('order_images').values(chunk).execute();
  }
}

/** Whether any order exists: the demo seeds orders only into an empty database. */
export async function hasAnyOrder(db: Db): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) !== undefined;
}
