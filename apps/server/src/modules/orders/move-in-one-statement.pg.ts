import {
  moveRefusal,
  ORDER_EVENT,
  ORDER_STATUSES,
  type OrderStatus,
  type Role,
  STATUS,
  type TokenUser,
} from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { eventsInsertSelected, type WritableFrom, writable, writableFrom } from '../order-changes/index.ts';

/*
 * A move from the order detail as one PostgreSQL statement; the shape, and why, is explained in
 * order-changes/hold-rule.pg.ts. When it moves nothing the caller runs moveInTransaction
 * (move-in-transaction.ts), which says why.
 */

const moveSets = new Map<string, WritableFrom>();
/** The statuses an order may be moved to `to` from by `role`, as moveRefusal says; kept per pair. */
export function movableFrom(role: Role, to: OrderStatus): WritableFrom {
  const key = `${role}\u0000${to}`;
  let sets = moveSets.get(key);
  if (!sets) {
    sets = writableFrom(
      role,
      ORDER_STATUSES.filter((from) => moveRefusal(from, to, role) === null),
    );
    moveSets.set(key, sets);
  }
  return sets;
}

/**
 * Moves the order to `to` when moveRefusal and the hold rule allow it, and on Completed attributes
 * it to the member unless someone already is (DESIGN §6), with the status and processed_by events.
 * Null when it did not move: the caller runs the transaction that explains why.
 */
export async function moveInOneStatement(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name' | 'type'>,
  orderId: string,
  to: OrderStatus,
  at: string,
): Promise<{ id: number; order_id: string; from: string; attributed: boolean } | null> {
  const attribute = to === STATUS.Completed;
  const { rows } = await sql<{ id: number; order_id: string; previous: string; attributed: boolean }>`
    with locked as materialized (
      select id, order_id, process_status, assigned_to, processed_by from orders
      where order_id = ${orderId}::text for update
    ), moved as (
      update orders set process_status = ${to}::text, updated_at = ${at}::text${
        // only a move to Completed names processed_by: naming it fires its triggers (migration 010)
        attribute ? sql`, processed_by = coalesce(locked.processed_by, ${staff.id}::integer)` : sql``
      }
      from locked
      where orders.id = locked.id and ${writable(movableFrom(staff.type, to), staff.id)}
      returning orders.id, locked.order_id, locked.process_status as previous,
        (${sql.lit(attribute)} and locked.processed_by is null) as attributed
    ), logged as (${eventsInsertSelected(
      { staffId: staff.id, staffName: staff.name, at },
      {
        each: { orderId: sql`id`, kind: sql`kind`, from: sql`from_value`, to: sql`to_value` },
        source: sql`from (
          select id, 1 as step, ${ORDER_EVENT.status}::text as kind, previous as from_value, ${to}::text as to_value from moved
          union all
          select id, 2, ${ORDER_EVENT.processedBy}::text, null, ${staff.name}::text from moved where attributed
        ) as logged_events
        -- ids follow this order: the status event, then the attribution (as the transaction logs them)
        order by step`,
      },
    )})
    select id, order_id, previous, attributed from moved`.execute(db);
  const row = rows[0];
  return row ? { id: row.id, order_id: row.order_id, from: row.previous, attributed: row.attributed } : null;
}
