import { type OrderStatus, STATUS } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import { compiledPerLength } from '../../db/compiled.ts';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface LockedOrder {
  id: number;
  order_id: string;
  process_status: string;
  assigned_to: number | null;
}

/** A locked order as the bulk actions read it: a refund also asks whether it is refunded yet. */
export interface LockedRow extends LockedOrder {
  refund_date: string | null;
}

/*
 * The writes of assign, unassign and a move, built once per number of orders (db/compiled.ts): one
 * order is the usual case. A list of ids and holders is one list, the ids first, so the shape names
 * how many of each.
 */

const lockQuery = compiledPerLength(
  () => '',
  (db, _shape: null, orderIds: readonly string[]) => {
    const query = db
      .selectFrom('orders')
      .select(['id', 'order_id', 'process_status', 'assigned_to', 'refund_date'])
      .where('order_id', 'in', [...orderIds])
      .orderBy('id');
    return lockForUpdate(db, query);
  },
);

const assignQuery = compiledPerLength(
  (shape: { ids: number }) => String(shape.ids),
  (db, shape, idsThenHolders: readonly number[], values: { assignee: number; at: string }) => {
    const holders = idsThenHolders.slice(shape.ids);
    return db
      .updateTable('orders')
      .set({ assigned_to: values.assignee, updated_at: values.at })
      .where('id', 'in', idsThenHolders.slice(0, shape.ids))
      .where((eb) =>
        holders.length > 0
          ? eb.or([eb('assigned_to', 'is', null), eb('assigned_to', 'in', holders)])
          : eb('assigned_to', 'is', null),
      )
      .returning('id');
  },
);

const unassignQuery = compiledPerLength(
  (shape: { ids: number }) => String(shape.ids),
  (db, shape, idsThenHolders: readonly number[], values: { at: string }) =>
    db
      .updateTable('orders')
      .set({ assigned_to: null, updated_at: values.at })
      .where('id', 'in', idsThenHolders.slice(0, shape.ids))
      .where('assigned_to', 'in', idsThenHolders.slice(shape.ids))
      .returning('id'),
);

const setStatusQuery = compiledPerLength(
  (shape: { refund: boolean }) => (shape.refund ? 'refund' : ''),
  (db, shape, ids: readonly number[], values: { status: string; at: string; refundDate?: string }) =>
    db
      .updateTable('orders')
      .set({
        process_status: values.status,
        updated_at: values.at,
        ...(shape.refund ? { refund_date: values.refundDate as string } : {}),
      })
      .where('id', 'in', [...ids])
      .where('process_status', '<>', values.status)
      .returning('id'),
);

/**
 * The orders a bulk action names, locked until the transaction ends: on PostgreSQL with FOR UPDATE,
 * taken in id order so two bulk actions over the same orders queue up instead of deadlocking; on
 * SQLite the transaction already holds the database's write lock (BEGIN IMMEDIATE).
 */
export async function lockByOrderIds(db: Transaction<Database>, orderIds: readonly string[]): Promise<LockedRow[]> {
  if (orderIds.length === 0) return [];
  return lockQuery(db, null, orderIds, {});
}

/**
 * Gives orders to `assignee`, but only those still free or held by one of `fromHolders`: the
 * condition is in the UPDATE itself, so no other writer's change is ever overwritten.
 */
export async function assignTo(
  db: Db,
  ids: readonly number[],
  assignee: number,
  fromHolders: readonly number[],
  at: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await assignQuery(db, { ids: ids.length }, [...ids, ...fromHolders], { assignee, at });
  return rows.map((r) => r.id);
}

/** Frees orders held by one of `holders` ("Move to Original Folder"). */
export async function unassignFrom(
  db: Db,
  ids: readonly number[],
  holders: readonly number[],
  at: string,
): Promise<number[]> {
  if (ids.length === 0 || holders.length === 0) return [];
  const rows = await unassignQuery(db, { ids: ids.length }, [...ids, ...holders], { at });
  return rows.map((r) => r.id);
}

/** Moves orders to `status` (and stamps refund_date for a refund); an order already there is left alone. */
export async function setStatus(
  db: Db,
  ids: readonly number[],
  status: OrderStatus,
  at: string,
  refundDate: string | null = null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const refund = Boolean(refundDate);
  const values = { status, at, ...(refund ? { refundDate: refundDate as string } : {}) };
  const rows = await setStatusQuery(db, { refund }, ids, values);
  return rows.map((r) => r.id);
}

/**
 * Stamps refund_date on orders that are in Refunds but not refunded yet (they arrived in that status
 * from a website or an import): "Refunded it" completes their refund. Any other order is left alone.
 */
export async function stampRefundDate(db: Db, ids: readonly number[], at: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('orders')
    .set({ refund_date: at, updated_at: at })
    .where('id', 'in', [...ids])
    .where('process_status', '=', STATUS.Refunds)
    .where('refund_date', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
