import {
  holdBlocks,
  moveRefusal,
  ORDER_STATUSES,
  type OrderStatus,
  type Role,
  STATUS,
  type TokenUser,
} from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { EVENT, eventsInsert } from './events.repository.ts';
import { statusLiterals } from './folder-filter.ts';

/*
 * A change from the order detail is, in the common case, one PostgreSQL statement: each statement
 * is a round trip (about 150 µs of CPU between node-pg and the server, issue 8), and the
 * transaction of order-write.ts took five or six. The statement locks the order, writes only when
 * the order's status is one the member may write from (the sets below, worked out from the shared
 * rules: transitions.ts and hold.ts, never restated), and logs the event. When it writes nothing
 * the caller runs the whole transaction of order-write.ts instead, which finds the order again
 * and answers exactly as before: 404, 409 with the holder, 403, 400, or the change itself if the
 * order moved on in between. The rule reads the locked row, never the UPDATE's own scan, which sees
 * the statement's snapshot (holds.pg.ts).
 */

/** Statuses a member may write from: `free` whatever the hold, `guarded` only when not held by another. */
export interface WritableFrom {
  free: string[];
  guarded: string[];
}

/** `allowed` narrowed by the hold rule of DESIGN §6 (holdBlocks) for a member of type `role`. */
export function writableFrom(role: Role, allowed: readonly string[]): WritableFrom {
  const free: string[] = [];
  const guarded: string[] = [];
  for (const status of allowed) {
    const blocked = holdBlocks(role, { process_status: status, held: true, heldByMe: false });
    (blocked ? guarded : free).push(status);
  }
  return { free, guarded };
}

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

const remarkSets = new Map<Role, WritableFrom>();
export function remarkableFrom(role: Role): WritableFrom {
  let sets = remarkSets.get(role);
  if (!sets) {
    sets = writableFrom(role, ORDER_STATUSES);
    remarkSets.set(role, sets);
  }
  return sets;
}

/** the hold rule on the locked row (`locked`), for the sets of writableFrom */
export function writable(sets: WritableFrom, staffId: number) {
  return sql<boolean>`(${among(sets.free)}
    or (${among(sets.guarded)} and (locked.assigned_to is null or locked.assigned_to = ${staffId}::integer)))`;
}

/** the locked order's status is one of `statuses`, written in (folder-filter.ts statusLiterals) */
function among(statuses: readonly string[]) {
  return statuses.length === 0 ? sql`false` : sql`locked.process_status in (${sql.join(statusLiterals(statuses))})`;
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
    ), logged as (${eventsInsert(
      db,
      { staffId: staff.id, staffName: staff.name, at },
      {
        each: { orderId: sql`id`, kind: sql`kind`, from: sql`from_value`, to: sql`to_value` },
        source: sql`from (
          select id, 1 as step, ${EVENT.status}::text as kind, previous as from_value, ${to}::text as to_value from moved
          union all
          select id, 2, ${EVENT.processedBy}::text, null, ${staff.name}::text from moved where attributed
        ) as logged_events
        -- ids follow this order: the status event, then the attribution (as the transaction logs them)
        order by step`,
      },
    )})
    select id, order_id, previous, attributed from moved`.execute(db);
  const row = rows[0];
  return row ? { id: Number(row.id), order_id: row.order_id, from: row.previous, attributed: row.attributed } : null;
}
