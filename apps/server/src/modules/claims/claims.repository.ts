import type { OrderStatus } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { lockForUpdate } from '../../db/dialect.ts';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface HeldOrder {
  id: number;
  order_id: string;
  assigned_to: number;
}

const toHeld = (r: { id: number; order_id: string; assigned_to: number | null }): HeldOrder => ({
  id: r.id,
  order_id: r.order_id,
  assigned_to: Number(r.assigned_to),
});

/**
 * The members holding orders in `statuses`, from the counter table (migration 001, a row per status
 * and holder): no scan of orders. Each one's orders are then found on (assigned_to, process_status),
 * the My Orders index, so the lease reads only the orders that are held, never a folder's free ones
 * nor the many finished orders that keep their holder.
 */
export async function holdersIn(db: Db, statuses: readonly OrderStatus[]): Promise<number[]> {
  const rows = await db
    .selectFrom('order_counters')
    .select('assignee_id')
    .distinct()
    .where('process_status', 'in', statusLiterals(statuses))
    .where('assignee_id', '<>', 0)
    .where('n', '>', 0)
    .execute();
  return rows.map((r) => r.assignee_id);
}

/**
 * No event logged by the order's holder since `cutoff`: the claim (an assign or takeover event by
 * the holder) and every write of theirs renew it. One probe of the event log's (order_key,
 * created_at) index per held order.
 */
function idleSince(cutoff: string) {
  return sql<boolean>`not exists (
    select 1 from order_events e
    where e.order_key = orders.id and e.staff_id = orders.assigned_to and e.created_at >= ${cutoff}
  )`;
}

/** Up to `limit` orders in `statuses` held by one of `holders` and idle since `cutoff`, locked, by id. */
export async function lockIdleClaims(
  trx: Transaction<Database>,
  holders: readonly number[],
  statuses: readonly OrderStatus[],
  cutoff: string,
  limit: number,
): Promise<HeldOrder[]> {
  if (holders.length === 0) return [];
  const query = trx
    .selectFrom('orders')
    .select(['id', 'order_id', 'assigned_to'])
    .where('assigned_to', 'in', [...holders])
    .where('process_status', 'in', statusLiterals(statuses))
    .where(idleSince(cutoff))
    .orderBy('id')
    .limit(limit);
  return (await lockForUpdate(trx, query).execute()).map(toHeld);
}

/**
 * Frees those of `ids` that are still held, in `statuses` and idle since `cutoff`, asked again now
 * that they are locked: on PostgreSQL this statement reads afresh, so a write the holder committed
 * after the read above (which waited for it) keeps the claim. Returns the ids freed.
 */
export async function releaseIfIdle(
  trx: Transaction<Database>,
  ids: readonly number[],
  statuses: readonly OrderStatus[],
  cutoff: string,
  at: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('orders')
    .set({ assigned_to: null, updated_at: at })
    .where('id', 'in', [...ids])
    .where('assigned_to', 'is not', null)
    .where('process_status', 'in', statusLiterals(statuses))
    .where(idleSince(cutoff))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Up to `limit` orders in `statuses` that `memberId` holds, after id `afterId`, locked, by id. */
export async function lockMemberClaims(
  trx: Transaction<Database>,
  memberId: number,
  statuses: readonly OrderStatus[],
  afterId: number,
  limit: number,
): Promise<HeldOrder[]> {
  const query = trx
    .selectFrom('orders')
    .select(['id', 'order_id', 'assigned_to'])
    .where('assigned_to', '=', memberId)
    .where('process_status', 'in', statusLiterals(statuses))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit);
  return (await lockForUpdate(trx, query).execute()).map(toHeld);
}

/** Frees those of `ids` still held by `memberId`; returns the ids freed. */
export async function releaseFrom(
  trx: Transaction<Database>,
  ids: readonly number[],
  memberId: number,
  at: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('orders')
    .set({ assigned_to: null, updated_at: at })
    .where('id', 'in', [...ids])
    .where('assigned_to', '=', memberId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
