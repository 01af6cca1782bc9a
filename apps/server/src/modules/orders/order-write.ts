import {
  DETAIL_MSG,
  heldMessage,
  holdBlocks,
  moveRefusal,
  moveRefusalMessage,
  type OrderStatus,
  STATUS,
} from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, EVENT } from './events.repository.ts';
import type { Writer } from './order-writes.ts';
import { setStatus, staffNames } from './orders.repository.ts';

/** What a change to one order needs to know about it. */
export interface WritableOrder {
  id: number;
  order_id: string;
  domain: string;
  process_status: string;
  assigned_to: number | null;
  processed_by: number | null;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  amount_minor: number | null;
  currency: string | null;
  refund_date: string | null;
}

const lockOneQuery = compiledOnce((db, orderId: string) => {
  const query = db
    .selectFrom('orders')
    .select([
      'id',
      'order_id',
      'domain',
      'process_status',
      'assigned_to',
      'processed_by',
      'first_name',
      'sur_name',
      'contact_email_address',
      'amount_minor',
      'currency',
      'refund_date',
    ])
    .where('order_id', '=', orderId);
  return lockForUpdate(db, query);
});

/**
 * Every change to one order from the detail screen starts here: the order is locked until the
 * transaction ends (FOR UPDATE on PostgreSQL; SQLite's transaction holds the write lock), 404 when
 * it does not exist, and 409 naming the holder when the hold rule stops this member (DESIGN §6).
 */
export async function lockOrderForWrite(
  trx: Transaction<Database>,
  staff: Writer,
  orderId: string,
): Promise<WritableOrder> {
  const [row] = await lockOneQuery(trx, orderId);
  if (!row) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  const order: WritableOrder = {
    ...row,
    id: Number(row.id),
    assigned_to: row.assigned_to === null ? null : Number(row.assigned_to),
    processed_by: row.processed_by === null ? null : Number(row.processed_by),
    amount_minor: row.amount_minor === null ? null : Number(row.amount_minor),
  };
  const held = holdBlocks(staff.type, {
    process_status: order.process_status,
    held: order.assigned_to !== null,
    heldByMe: order.assigned_to === staff.id,
  });
  if (held) {
    const names = await staffNames(trx, [order.assigned_to as number]);
    const holder = names.get(order.assigned_to as number) ?? 'another member';
    throw AppError.conflict(heldMessage(holder), { order_id: order.order_id, assign_to: holder });
  }
  return order;
}

/** processed_by := `staffId` (DESIGN §6); `onlyIfEmpty` keeps an earlier attribution. True when set. */
export async function setProcessedBy(
  trx: Transaction<Database>,
  orderDbId: number,
  staffId: number,
  onlyIfEmpty: boolean,
  at: string,
): Promise<boolean> {
  let query = trx
    .updateTable('orders')
    .set({ processed_by: staffId, updated_at: at })
    .where('id', '=', orderDbId)
    .where((eb) => eb.or([eb('processed_by', 'is', null), eb('processed_by', '<>', staffId)]));
  if (onlyIfEmpty) query = query.where('processed_by', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A detail move as a transaction of plain statements (OrderWrites.moveOne): SQLite's way, and
 * PostgreSQL's when its one statement moved nothing, to find out why (or to move the order, if it
 * changed in between) and answer exactly as the rules say.
 */
export function moveInTransaction(
  db: Kysely<Database>,
  staff: Writer,
  orderId: string,
  to: OrderStatus,
  at: string,
): Promise<{ order_id: string; from: string }> {
  return inTransaction(db, async (trx) => {
    const order = await lockOrderForWrite(trx, staff, orderId);
    const refusal = moveRefusal(order.process_status, to, staff.type);
    if (refusal) {
      const message = moveRefusalMessage(refusal, order.process_status, to);
      if (refusal === 'forbidden') throw AppError.forbidden(message);
      if (refusal === 'noMove' || refusal === 'refundCall') throw AppError.badRequest(message);
      throw AppError.conflict(message, { process_status: order.process_status });
    }
    await setStatus(trx, [order.id], to, at);
    await appendEvents(trx, staff, [{ orderId: order.id, kind: EVENT.status, from: order.process_status, to }], at);
    // Who moved it to Completed processed it, unless the first uploader of its document already did.
    if (to === STATUS.Completed && (await setProcessedBy(trx, order.id, staff.id, true, at))) {
      await appendEvents(trx, staff, [{ orderId: order.id, kind: EVENT.processedBy, from: null, to: staff.name }], at);
    }
    return { order_id: order.order_id, from: order.process_status };
  });
}
