import type { TokenUser } from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { EVENT } from './events.repository.ts';
import type { LockedOrder } from './orders.repository.ts';

/** What one assign or unassign statement did: every named order found, which changed, their holders. */
export interface HoldChange {
  rows: LockedOrder[];
  /** ids of the orders this statement gave or took away */
  changed: number[];
  /** the holders' names of the found orders, as they were before */
  names: Map<number, string>;
}

interface Row {
  id: number;
  order_id: string;
  process_status: string;
  assigned_to: number | null;
  changed: boolean;
  holder: string | null;
}

function toChange(rows: readonly Row[]): HoldChange {
  const names = new Map<number, string>();
  for (const r of rows) if (r.assigned_to !== null && r.holder !== null) names.set(Number(r.assigned_to), r.holder);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      order_id: r.order_id,
      process_status: r.process_status,
      assigned_to: r.assigned_to === null ? null : Number(r.assigned_to),
    })),
    changed: rows.filter((r) => r.changed).map((r) => Number(r.id)),
    names,
  };
}

/*
 * On PostgreSQL each statement costs a round trip (about 150 µs of CPU between node-pg and the
 * server, issue 8), and assigning in a transaction took five: BEGIN, lock, update, log, COMMIT.
 * Here the same work is one statement, so it is its own transaction: the named orders are locked in
 * id order (FOR UPDATE in a materialized CTE, so two bulk assignments queue instead of
 * deadlocking), updated only where the rule allows, and one event is logged per changed order, all
 * with the same time. The rule reads the locked row (`locked.assigned_to`), never the UPDATE's own
 * scan of `orders`: that scan sees the statement's snapshot, and a holder who changed since then
 * would be tested as it was (read committed re-checks a row only once it tries to update it). The caller
 * decides nothing the database could see differently: only whether the member may take over.
 */

/**
 * The orders named. One order, the usual case, is `= $1`: PostgreSQL then plans the prepared
 * statement once for good, where `= any($1)` (any number of rows) and a flag as a parameter had it
 * planned again on every run (0.4 ms). The flags are written in for the same reason.
 */
function named(orderIds: readonly string[]) {
  return orderIds.length === 1 ? sql`order_id = ${orderIds[0]}::text` : sql`order_id = any(${[...orderIds]}::text[])`;
}

/** Assign to `staff` the named orders that are free, or held by another when `takeover` is allowed. */
export async function assignInOneStatement(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name'>,
  orderIds: readonly string[],
  takeover: boolean,
  at: string,
): Promise<HoldChange> {
  const { rows } = await sql<Row>`
    with locked as materialized (
      select id, order_id, process_status, assigned_to from orders
      where ${named(orderIds)} order by id for update
    ), taken as (
      update orders set assigned_to = ${staff.id}::integer, updated_at = ${at}::text
      from locked
      where orders.id = locked.id
        and (locked.assigned_to is null or (${sql.lit(takeover)} and locked.assigned_to <> ${staff.id}::integer))
      returning orders.id, locked.assigned_to as previous
    ), logged as (
      insert into order_events (order_id, staff_id, staff_name, kind, from_value, to_value, detail, created_at)
      select taken.id, ${staff.id}::integer, ${staff.name}::text,
        case when taken.previous is null then ${EVENT.assign}::text else ${EVENT.takeover}::text end,
        (select name from staff where staff.id = taken.previous), ${staff.name}::text, null, ${at}::text
      from taken order by taken.id
    )
    select locked.id, locked.order_id, locked.process_status, locked.assigned_to,
      taken.id is not null as changed, holder.name as holder
    from locked
    left join taken on taken.id = locked.id
    left join staff holder on holder.id = locked.assigned_to
    order by locked.id`.execute(db);
  return toChange(rows);
}

/** Free the named orders held by `staff`, or by anyone when `anyHolder` (Admin, Manager). */
export async function unassignInOneStatement(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name'>,
  orderIds: readonly string[],
  anyHolder: boolean,
  at: string,
): Promise<HoldChange> {
  const { rows } = await sql<Row>`
    with locked as materialized (
      select id, order_id, process_status, assigned_to from orders
      where ${named(orderIds)} order by id for update
    ), cleared as (
      update orders set assigned_to = null, updated_at = ${at}::text
      from locked
      where orders.id = locked.id and locked.assigned_to is not null
        and (${sql.lit(anyHolder)} or locked.assigned_to = ${staff.id}::integer)
      returning orders.id, locked.assigned_to as previous
    ), logged as (
      insert into order_events (order_id, staff_id, staff_name, kind, from_value, to_value, detail, created_at)
      select cleared.id, ${staff.id}::integer, ${staff.name}::text, ${EVENT.unassign}::text,
        (select name from staff where staff.id = cleared.previous), null, null, ${at}::text
      from cleared order by cleared.id
    )
    select locked.id, locked.order_id, locked.process_status, locked.assigned_to,
      cleared.id is not null as changed, holder.name as holder
    from locked
    left join cleared on cleared.id = locked.id
    left join staff holder on holder.id = locked.assigned_to
    order by locked.id`.execute(db);
  return toChange(rows);
}
