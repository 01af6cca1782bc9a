import type { OrderEventKind, TokenUser } from '@eta/shared';
import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { compiledPerLength } from '../../db/compiled.ts';
import type { Database, OrderEventsTable } from '../../db/schema.ts';
import type { EventActor } from '../../lib/domain-events.ts';
import type { TxContext } from '../../lib/transaction.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderEvent {
  orderId: number;
  kind: OrderEventKind;
  from: string | null;
  to: string | null;
  detail?: string | null;
}

/** rows per insert: 8 parameters each, well under SQLite's bound per statement */
const BATCH = 500;

/** Who logged a write's events, and when: the same for each of them. */
type LoggedBy = {
  staffId: unknown;
  staffName: unknown;
  at: unknown;
};

/** An event's own fields: values, or SQL over the rows a statement selects its events from. */
interface EventFields {
  orderId: unknown;
  kind: unknown;
  from: unknown;
  to: unknown;
  detail?: unknown;
}

/** Events one statement makes of its own rows: `each` over the rows of `source` (FROM …, ORDER BY …). */
export interface EventsSelected {
  each: EventFields;
  source: RawBuilder<unknown>;
}

/** the log's columns in the order every insert names them */
const COLUMNS = [
  'order_key',
  'staff_id',
  'staff_name',
  'kind',
  'from_value',
  'to_value',
  'detail',
  'created_at',
] as const;

function columnsOf(by: LoggedBy, e: EventFields): Record<(typeof COLUMNS)[number], unknown> {
  return {
    order_key: e.orderId,
    staff_id: by.staffId,
    staff_name: by.staffName,
    kind: e.kind,
    from_value: e.from,
    to_value: e.to,
    detail: e.detail ?? null,
    created_at: by.at,
  };
}

/**
 * The one INSERT into the event log (DESIGN §6), whoever writes: events given as values
 * (appendEvents), or selected inside a PostgreSQL statement from its own rows (the one-statement
 * writes: holds.pg.ts, move-in-one-statement.pg.ts, remarks). Both name COLUMNS and fill them with columnsOf.
 */
export function eventsInsert(db: Db, by: LoggedBy, events: readonly EventFields[]) {
  return db.insertInto('order_events').values(events.map((e) => columnsOf(by, e) as Insertable<OrderEventsTable>));
}

/** `insert into order_events (…)`, as the SQL of the statements that select their events */
const INSERT_SELECTED = sql.raw(`insert into order_events (${COLUMNS.join(', ')}) `);

/**
 * The same INSERT as SQL to embed in a statement that selects its events from its own rows. Raw SQL,
 * not a Kysely builder: these statements are built on every call, and building an insert through
 * Kysely cost a third of a remark's server time (issue 16's bench). There a bound value has no type
 * of its own, so the writer's and the time are cast to their columns' types.
 */
export function eventsInsertSelected(by: LoggedBy, events: EventsSelected): RawBuilder<unknown> {
  const typed = {
    staffId: sql`cast(${by.staffId} as integer)`,
    staffName: sql`cast(${by.staffName} as text)`,
    at: sql`cast(${by.at} as text)`,
  };
  const row = columnsOf(typed, { detail: sql`null`, ...events.each });
  return sql`${INSERT_SELECTED}select ${sql.join(COLUMNS.map((c) => row[c]))} ${events.source}`;
}

/** Built once per number of events, up to FEW (db/compiled.ts): most changes log one. */
const insertEvents = compiledPerLength(
  () => '',
  (db, _shape: null, events: readonly Required<OrderEvent>[], by: LoggedBy) => eventsInsert(db, by, events),
);

/** Appends events; `actor` null means the system (an integration, the import, the demo). */
export async function appendEvents(
  tx: TxContext,
  actor: Pick<TokenUser, 'id' | 'name'> | null,
  events: readonly OrderEvent[],
  at: string,
): Promise<void> {
  const shared = { staffId: actor?.id ?? null, staffName: actor?.name ?? null, at };
  for (let i = 0; i < events.length; i += BATCH) {
    // the same fields in every event, so one number of events is one shape
    const batch = events
      .slice(i, i + BATCH)
      .map((e) => ({ orderId: e.orderId, kind: e.kind, from: e.from, to: e.to, detail: e.detail ?? null }));
    await insertEvents(tx.trx, null, batch, shared);
  }
  announceOrderEvents(tx, actor, events);
}

/**
 * Every row appended is published as `order.changed` once it is committed (DESIGN §13): the one
 * place the log is written from JS is the one place that announces it. Nobody listening: nothing
 * kept. A write that logs its events in SQL itself (a *.pg.ts statement) announces them through here.
 */
export function announceOrderEvents(
  tx: TxContext,
  actor: EventActor,
  /** the rows, or how to make them: nothing is built while nobody listens */
  events: readonly OrderEvent[] | (() => readonly OrderEvent[]),
): void {
  const bus = tx.events;
  if (!bus.has('order.changed')) return;
  const rows = typeof events === 'function' ? events() : events;
  if (rows.length === 0) return;
  const by = actor ? { id: actor.id, name: actor.name } : null;
  tx.afterCommit(() => {
    for (const e of rows) {
      bus.publish('order.changed', {
        orderDbId: e.orderId,
        orderId: null,
        kind: e.kind,
        from: e.from,
        to: e.to,
        actor: by,
      });
    }
  });
}
