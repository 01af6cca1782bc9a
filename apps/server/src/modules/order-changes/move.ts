import { type MoveRefusal, moveRefusal, moveRefusalMessage, ORDER_EVENT, type OrderStatus, STATUS } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { appendEvents } from './events.repository.ts';
import { setProcessedBy, type Writer } from './lock.ts';

/**
 * A refused move as the detail's move answers it (DESIGN §5): 403 when the member may not, 400 for a
 * status no move leads to, 409 with the order's status for a move its status does not allow.
 */
export function moveRefusalError(refusal: MoveRefusal, from: string, to: OrderStatus): AppError {
  const message = moveRefusalMessage(refusal, from, to);
  if (refusal === 'forbidden') return AppError.forbidden(message);
  if (refusal === 'noMove' || refusal === 'refundCall') return AppError.badRequest(message);
  return AppError.conflict(message, { process_status: from });
}

/** Throws the move's refusal (moveRefusal, shared transitions) unless `staff` may move `from` to `to`. */
export function assertMovable(staff: Writer, from: string, to: OrderStatus): void {
  const refusal = moveRefusal(from, to, staff.type);
  if (refusal) throw moveRefusalError(refusal, from, to);
}

/**
 * Moves an order the caller has locked (lockOrderForWrite, which applied the hold rule) to `to`, the
 * rules checked first: the status event, and on Completed processed_by for the member unless someone
 * already is (DESIGN §6). Every move of one order in a transaction goes through here: the detail's
 * move (SQLite, and PostgreSQL's fallback), a bulk move, and Upload & complete.
 */
export async function moveLockedOrder(
  trx: Transaction<Database>,
  tx: TxContext,
  staff: Writer,
  order: { id: number; process_status: string },
  to: OrderStatus,
  at: string,
): Promise<void> {
  assertMovable(staff, order.process_status, to);
  await trx
    .updateTable('orders')
    .set({ process_status: to, updated_at: at })
    .where('id', '=', order.id)
    .where('process_status', '<>', to)
    .execute();
  await appendEvents(tx, staff, [{ orderId: order.id, kind: ORDER_EVENT.status, from: order.process_status, to }], at);
  // Who moved it to Completed processed it, unless the first uploader of its document already did.
  if (to === STATUS.Completed && (await setProcessedBy(trx, order.id, staff.id, true, at))) {
    await appendEvents(
      tx,
      staff,
      [{ orderId: order.id, kind: ORDER_EVENT.processedBy, from: null, to: staff.name }],
      at,
    );
  }
}
