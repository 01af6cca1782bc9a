import { type DisputeState, OPEN_DISPUTE_STATES, RESPONSE_DUE_STATE, STATUS } from '@eta/shared';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database, DisputesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A dispute row with its order's public id (null while unmatched). */
export type DisputeRow = Selectable<DisputesTable> & { public_order_id: string | null };

/** Every column of a dispute, for the list, the detail and the writes' replies. */
export const DISPUTE_COLUMNS = [
  'disputes.id',
  'disputes.order_key',
  'disputes.processor',
  'disputes.processor_dispute_id',
  'disputes.reason_code',
  'disputes.reason_category',
  'disputes.amount_minor',
  'disputes.currency',
  'disputes.opened_at',
  'disputes.respond_by',
  'disputes.respond_by_estimated',
  'disputes.stage',
  'disputes.state',
  'disputes.evidence_submitted_at',
  'disputes.evidence_staged_at',
  'disputes.accepted_at',
  'disputes.note',
  'disputes.source',
  'disputes.payment_reference',
  'disputes.transaction_id',
  'disputes.order_ref',
  'disputes.processor_event_at',
  'disputes.closed_at',
  'disputes.created_at',
  'disputes.updated_at',
] as const;

const withOrderId = (db: Db) =>
  db
    .selectFrom('disputes')
    .leftJoin('orders', 'orders.id', 'disputes.order_key')
    .select([...DISPUTE_COLUMNS, 'orders.order_id as public_order_id']);

export async function insertDispute(db: Db, row: Insertable<DisputesTable>): Promise<number> {
  const { id } = await db.insertInto('disputes').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateDispute(db: Db, id: number, changes: Updateable<DisputesTable>): Promise<void> {
  await db.updateTable('disputes').set(changes).where('id', '=', id).execute();
}

export function findDispute(db: Db, id: number): Promise<DisputeRow | undefined> {
  return withOrderId(db).where('disputes.id', '=', id).executeTakeFirst();
}

/**
 * The dispute, locked until the transaction ends (PostgreSQL; SQLite's writer holds the database),
 * then read with its order's id: FOR UPDATE cannot lock the nullable side of the outer join.
 */
async function lockThenRead(
  db: Transaction<Database>,
  where: (q: ReturnType<typeof lockable>) => ReturnType<typeof lockable>,
): Promise<DisputeRow | undefined> {
  const locked = await lockForUpdate(db, where(lockable(db))).executeTakeFirst();
  return locked ? findDispute(db, locked.id) : undefined;
}
const lockable = (db: Db) => db.selectFrom('disputes').select('disputes.id');

export function lockDispute(db: Transaction<Database>, id: number): Promise<DisputeRow | undefined> {
  return lockThenRead(db, (q) => q.where('disputes.id', '=', id));
}

export function lockDisputeOfProcessor(
  db: Transaction<Database>,
  processor: string,
  processorDisputeId: string,
): Promise<DisputeRow | undefined> {
  return lockThenRead(db, (q) =>
    q.where('disputes.processor', '=', processor).where('disputes.processor_dispute_id', '=', processorDisputeId),
  );
}

export function disputesOfOrder(db: Db, orderDbId: number): Promise<DisputeRow[]> {
  return withOrderId(db)
    .where('disputes.order_key', '=', orderDbId)
    .orderBy('disputes.opened_at', 'desc')
    .orderBy('disputes.id', 'desc')
    .execute();
}

export interface DisputeFilter {
  state?: DisputeState;
  processor?: string;
  dueBefore?: string;
  dueAfter?: string;
  unmatched?: boolean;
  orderId?: string;
}

function filtered(db: Db, filter: DisputeFilter) {
  let query = withOrderId(db);
  if (filter.state) query = query.where('disputes.state', '=', filter.state);
  if (filter.processor) query = query.where('disputes.processor', '=', filter.processor);
  if (filter.dueBefore) query = query.where('disputes.respond_by', '<=', filter.dueBefore);
  if (filter.dueAfter) query = query.where('disputes.respond_by', '>', filter.dueAfter);
  if (filter.unmatched === true) query = query.where('disputes.order_key', 'is', null);
  if (filter.unmatched === false) query = query.where('disputes.order_key', 'is not', null);
  if (filter.orderId) query = query.where('orders.order_id', '=', filter.orderId);
  return query;
}

/** Soonest deadline first, then those with none; newest opened first among equals. */
export async function listDisputes(
  db: Db,
  filter: DisputeFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: DisputeRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .orderBy(sql`disputes.respond_by is null`)
    .orderBy('disputes.respond_by', 'asc')
    .orderBy('disputes.opened_at', 'desc')
    .orderBy('disputes.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const { n } = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: n };
}

/** The order a processor's dispute is about: by our order id, else by its payment reference or transaction id. */
export async function findOrderForIntake(
  db: Db,
  refs: { orderRef: string | null; references: readonly string[] },
): Promise<{ id: number; order_id: string; process_status: string } | undefined> {
  const select = () => db.selectFrom('orders').select(['id', 'order_id', 'process_status']);
  if (refs.orderRef) {
    const byId = await select().where('order_id', '=', refs.orderRef).executeTakeFirst();
    if (byId) return byId;
  }
  if (refs.references.length === 0) return undefined;
  // Two indexed lookups rather than one OR over two columns, which neither database serves from both indexes.
  for (const column of ['payment_reference', 'transaction_id'] as const) {
    const found = await select()
      .where(column, 'in', [...refs.references])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (found) return found;
  }
  return undefined;
}

/** True when the event is new; false when this source sent that event id before (a replay). */
export async function recordIntakeEvent(
  db: Db,
  event: { source: string; event_id: string; event_type: string; received_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('dispute_intake_events')
    .values(event)
    .onConflict((oc) => oc.columns(['source', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function linkIntakeEvent(db: Db, source: string, eventId: string, disputeId: number): Promise<void> {
  await db
    .updateTable('dispute_intake_events')
    .set({ dispute_id: disputeId })
    .where('source', '=', source)
    .where('event_id', '=', eventId)
    .execute();
}

/**
 * orders.dispute_respond_by := the earliest deadline of the order's disputes that still need a
 * response. Touches no column the folder counters watch, so no count moves.
 */
export async function refreshOrderDeadline(db: Db, orderDbId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({
      dispute_respond_by: eb
        .selectFrom('disputes')
        .select((d) => d.fn.min<string | null>('disputes.respond_by').as('due'))
        .whereRef('disputes.order_key', '=', 'orders.id')
        .where('disputes.state', '=', RESPONSE_DUE_STATE),
    }))
    .where('id', '=', orderDbId)
    .execute();
}

/** Moves the order to ChargeBack unless it is there (the counters' triggers move its count). True when moved. */
export async function moveToChargeBack(db: Db, orderDbId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ process_status: STATUS.ChargeBack, updated_at: at })
    .where('id', '=', orderDbId)
    .where('process_status', '<>', STATUS.ChargeBack)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ReportTally {
  key: string;
  currency: string;
  state: string;
  n: number;
  amount: number;
}

/** Disputes opened in [from, to) per `column`, currency and state: count and amount. */
export async function reportTallies(
  db: Db,
  column: 'processor' | 'reason_category',
  range: { from: string | null; to: string | null },
): Promise<ReportTally[]> {
  let query = db
    .selectFrom('disputes')
    .select((eb) => [
      eb.ref(column).as('key'),
      'currency',
      'state',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount_minor').as('amount'),
    ])
    .groupBy([column, 'currency', 'state']);
  if (range.from) query = query.where('opened_at', '>=', range.from);
  if (range.to) query = query.where('opened_at', '<', range.to);
  const rows = await query.execute();
  return rows.map((r) => ({
    key: r.key,
    currency: r.currency,
    state: r.state,
    n: r.n,
    amount: r.amount,
  }));
}

/**
 * The order's newest dispute still open: who a defence pack answers (DESIGN §15) and what it argues
 * against (its category decides whether Visa CE 3.0 belongs in the pack, DESIGN §22).
 */
export async function openDisputeOf(
  db: Db,
  orderDbId: number,
): Promise<{ processor: string; reason_category: string } | null> {
  const row = await db
    .selectFrom('disputes')
    .select(['processor', 'reason_category'])
    .where('order_key', '=', orderDbId)
    .where('state', 'in', [...OPEN_DISPUTE_STATES])
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
