import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OrderState {
  id: number;
  order_id: string;
  process_status: string;
  assignee_id: number | null;
  assignee_name: string | null;
}

/** Where the changed orders stand now, in one read (the live stream tells each member from it). */
export async function readOrderStates(db: Kysely<Database>, ids: readonly number[]): Promise<OrderState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('orders as o')
    .leftJoin('staff as s', 's.id', 'o.assigned_to')
    .select(['o.id', 'o.order_id', 'o.process_status', 'o.assigned_to as assignee_id', 's.name as assignee_name'])
    .where('o.id', 'in', ids)
    .execute();
}

/** The order behind a public order id, with its status (presence filters by it). */
export async function findOrderStatus(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_id', 'process_status'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}
