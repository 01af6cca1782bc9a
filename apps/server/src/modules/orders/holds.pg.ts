import { ORDER_EVENT, type TokenUser } from '@eta/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { eventsInsertSelected } from '../order-changes/index.ts';
import type { HoldChange } from './bulk.ts';

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
  for (const r of rows) if (r.assigned_to !== null && r.holder !== null) names.set(r.assigned_to, r.holder);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      order_id: r.order_id,
      process_status: r.process_status,
      assigned_to: r.assigned_to,
    })),
    changed: rows.filter((r) => r.changed).map((r) => r.id),
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

/** How an assign or an unassign changes the holder, as SQL pieces of the one statement below. */
interface HoldRule {
  /** the new assigned_to */
  holder: RawBuilder<unknown>;
  /** which locked orders change (reads `locked`, never `orders`: see above) */
  allowed: RawBuilder<unknown>;
  /** the event's kind and to_value (may read `changed.previous`, the holder before) */
  kind: RawBuilder<unknown>;
  to: RawBuilder<unknown>;
}

async function changeHolds(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name'>,
  orderIds: readonly string[],
  rule: HoldRule,
  at: string,
): Promise<HoldChange> {
  const logged = { staffId: staff.id, staffName: staff.name, at };
  const { rows } = await sql<Row>`
    with locked as materialized (
      select id, order_id, process_status, assigned_to from orders
      where ${named(orderIds)} order by id for update
    ), changed as (
      update orders set assigned_to = ${rule.holder}, updated_at = ${at}::text
      from locked
      where orders.id = locked.id and ${rule.allowed}
      returning orders.id, locked.assigned_to as previous
    ), logged as (${eventsInsertSelected(logged, {
      each: {
        orderId: sql`changed.id`,
        kind: rule.kind,
        from: sql`(select name from staff where staff.id = changed.previous)`,
        to: rule.to,
      },
      source: sql`from changed order by changed.id`,
    })})
    select locked.id, locked.order_id, locked.process_status, locked.assigned_to,
      changed.id is not null as changed, holder.name as holder
    from locked
    left join changed on changed.id = locked.id
    left join staff holder on holder.id = locked.assigned_to
    order by locked.id`.execute(db);
  return toChange(rows);
}

/** Assign to `staff` the named orders that are free, or held by another when `takeover` is allowed. */
export function assignInOneStatement(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name'>,
  orderIds: readonly string[],
  takeover: boolean,
  at: string,
): Promise<HoldChange> {
  return changeHolds(
    db,
    staff,
    orderIds,
    {
      holder: sql`${staff.id}::integer`,
      allowed: sql`(locked.assigned_to is null or (${sql.lit(takeover)} and locked.assigned_to <> ${staff.id}::integer))`,
      kind: sql`case when changed.previous is null then ${ORDER_EVENT.assign}::text else ${ORDER_EVENT.takeover}::text end`,
      to: sql`${staff.name}::text`,
    },
    at,
  );
}

/** Free the named orders held by `staff`, or by anyone when `anyHolder` (Admin, Manager). */
export function unassignInOneStatement(
  db: Kysely<Database>,
  staff: Pick<TokenUser, 'id' | 'name'>,
  orderIds: readonly string[],
  anyHolder: boolean,
  at: string,
): Promise<HoldChange> {
  return changeHolds(
    db,
    staff,
    orderIds,
    {
      holder: sql`null`,
      allowed: sql`locked.assigned_to is not null and (${sql.lit(anyHolder)} or locked.assigned_to = ${staff.id}::integer)`,
      kind: sql`${ORDER_EVENT.unassign}::text`,
      to: sql`null`,
    },
    at,
  );
}
