import { REFUND_HOLDING_STATES, type RefundRecord, type RefundState } from '@eta/shared';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database, RefundsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type RefundRow = Selectable<RefundsTable>;

/** What an order's refunds are weighed against: its amount and what is already on its way or done. */
export interface RefundableOrder {
  id: number;
  order_id: string;
  amount_minor: number | null;
  currency: string | null;
  payment_processor: string | null;
  payment_reference: string | null;
  gateway_name: string | null;
  /** the hold rule reads these (DESIGN §6): a held order's refunds are its holder's work */
  process_status: string;
  assigned_to: number | null;
}

const ORDER_COLUMNS = [
  'id',
  'order_id',
  'amount_minor',
  'currency',
  'payment_processor',
  'payment_reference',
  'gateway_name',
  'process_status',
  'assigned_to',
] as const;

export async function refundableOrder(db: Db, orderId: string): Promise<RefundableOrder | undefined> {
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
}

/** The same for orders by their database ids (the bulk refund move). */
export async function refundableOrders(db: Db, ids: readonly number[]): Promise<RefundableOrder[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('id', 'in', ids).execute();
}

/** Minor units held by the order's refunds that are on their way or done, per order. */
export async function heldByOrder(db: Db, orderDbIds: readonly number[]): Promise<Map<number, number>> {
  if (orderDbIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select(['order_key', sql<number>`sum(amount_minor)`.as('held')])
    .where('order_key', 'in', orderDbIds)
    .where('state', 'in', [...REFUND_HOLDING_STATES])
    .groupBy('order_key')
    .execute();
  return new Map(rows.map((r) => [r.order_key, Number(r.held)]));
}

export async function insertRefunds(db: Db, rows: Insertable<RefundsTable>[]): Promise<RefundRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('refunds').values(rows).returningAll().execute();
}

/** The refund, its row locked until the transaction ends (PostgreSQL; SQLite's writer holds it all). */
export async function lockRefund(trx: Transaction<Database>, id: number): Promise<RefundRow | undefined> {
  return lockForUpdate(trx, trx.selectFrom('refunds').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function lockRefundByProcessorId(
  trx: Transaction<Database>,
  processorRefundId: string,
): Promise<RefundRow | undefined> {
  return lockForUpdate(
    trx,
    trx.selectFrom('refunds').selectAll().where('processor_refund_id', '=', processorRefundId),
  ).executeTakeFirst();
}

/** Due refunds' ids, oldest first: `requested` ones whose time has come (new, backed off, or a lease run out). */
export async function dueRefundIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('refunds')
    .select('id')
    .where('state', '=', 'requested')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes one due refund for this worker until `leaseUntil`, counting a try: the condition is in the
 * UPDATE itself, so of two instances reaching for it, one gets it. The row as claimed, or undefined.
 */
export async function claimRefund(
  db: Db,
  id: number,
  token: string,
  now: string,
  leaseUntil: string,
): Promise<RefundRow | undefined> {
  return db
    .updateTable('refunds')
    .set((eb) => ({ claim_token: token, next_attempt_at: leaseUntil, tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('state', '=', 'requested')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** A transient failure: the same attempt again at `nextAt`, by whoever claims it then. */
export async function backOff(db: Db, id: number, token: string, reason: string, nextAt: string, at: string) {
  await db
    .updateTable('refunds')
    .set({ claim_token: null, next_attempt_at: nextAt, failure_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('state', '=', 'requested')
    .execute();
}

export async function updateRefund(db: Db, id: number, changes: Partial<Insertable<RefundsTable>>): Promise<void> {
  await db.updateTable('refunds').set(changes).where('id', '=', id).execute();
}

const RECORD_COLUMNS = [
  'refunds.id',
  'orders.order_id',
  'refunds.processor',
  'refunds.amount_minor',
  'refunds.currency',
  'refunds.state',
  'refunds.processor_refund_id',
  'refunds.failure_reason',
  'refunds.attempt',
  'refunds.requested_by_name',
  'refunds.requested_at',
  'refunds.settled_at',
  'refunds.updated_at',
] as const;

const records = (db: Db) =>
  db.selectFrom('refunds').innerJoin('orders', 'orders.id', 'refunds.order_key').select(RECORD_COLUMNS);

const toRecord = (r: Awaited<ReturnType<ReturnType<typeof records>['execute']>>[number]): RefundRecord => ({
  ...r,
  id: r.id,
  amount_minor: Number(r.amount_minor),
  attempt: Number(r.attempt),
  state: r.state as RefundState,
});

export async function refundRecord(db: Db, id: number): Promise<RefundRecord | undefined> {
  const row = await records(db).where('refunds.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function orderRefundRecords(db: Db, orderDbId: number): Promise<RefundRecord[]> {
  return (await records(db).where('refunds.order_key', '=', orderDbId).orderBy('refunds.id').execute()).map(toRecord);
}

/** One page of refunds, newest first, and how many there are in all (the dashboard's count is that total). */
export async function refundRecords(
  db: Db,
  state: RefundState | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: RefundRecord[]; total: number }> {
  let query = records(db).orderBy('refunds.id', 'desc').offset(page.offset).limit(page.limit);
  let count = db.selectFrom('refunds').select((eb) => eb.fn.countAll<number>().as('n'));
  if (state) {
    query = query.where('refunds.state', '=', state);
    count = count.where('state', '=', state);
  }
  const [rows, counted] = await Promise.all([query.execute(), count.executeTakeFirstOrThrow()]);
  return { rows: rows.map(toRecord), total: counted.n };
}

export async function countFailed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'failed')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The order, locked until the transaction ends: its refunds are weighed against its amount. */
export async function lockRefundableOrder(
  trx: Transaction<Database>,
  orderId: string,
): Promise<RefundableOrder | undefined> {
  return lockForUpdate(
    trx,
    trx.selectFrom('orders').select(ORDER_COLUMNS).where('order_id', '=', orderId),
  ).executeTakeFirst();
}

/** The same by the order's database id (a retry finds it from its refund). */
export async function lockRefundableOrderById(
  trx: Transaction<Database>,
  id: number,
): Promise<RefundableOrder | undefined> {
  return lockForUpdate(trx, trx.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', id)).executeTakeFirst();
}

export async function countOpenWarnings(db: Db): Promise<number> {
  const row = await db
    .selectFrom('fraud_warnings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return row.n;
}
