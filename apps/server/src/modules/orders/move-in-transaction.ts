import { moveRefusal, moveRefusalMessage, ORDER_EVENT, type OrderStatus, STATUS } from '@eta/shared';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction, type Transactions } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite, setProcessedBy, type Writer } from '../order-changes/index.ts';
import { setStatus } from './orders.repository.ts';

/**
 * A detail move as a transaction of plain statements (OrderWrites.moveOne): SQLite's way, and
 * PostgreSQL's when its one statement moved nothing, to find out why (or to move the order, if it
 * changed in between) and answer exactly as the rules say.
 */
export function moveInTransaction(
  transactions: Transactions,
  staff: Writer,
  orderId: string,
  to: OrderStatus,
  at: string,
): Promise<{ order_id: string; from: string }> {
  return inTransaction(transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, orderId);
    const refusal = moveRefusal(order.process_status, to, staff.type);
    if (refusal) {
      const message = moveRefusalMessage(refusal, order.process_status, to);
      if (refusal === 'forbidden') throw AppError.forbidden(message);
      if (refusal === 'noMove' || refusal === 'refundCall') throw AppError.badRequest(message);
      throw AppError.conflict(message, { process_status: order.process_status });
    }
    await setStatus(trx, [order.id], to, at);
    await appendEvents(
      tx,
      staff,
      [{ orderId: order.id, kind: ORDER_EVENT.status, from: order.process_status, to }],
      at,
    );
    // Who moved it to Completed processed it, unless the first uploader of its document already did.
    if (to === STATUS.Completed && (await setProcessedBy(trx, order.id, staff.id, true, at))) {
      await appendEvents(
        tx,
        staff,
        [{ orderId: order.id, kind: ORDER_EVENT.processedBy, from: null, to: staff.name }],
        at,
      );
    }
    return { order_id: order.order_id, from: order.process_status };
  });
}
