import type { OrderStatus } from '@eta/shared';
import { inTransaction, type Transactions } from '../../lib/transaction.ts';
import { lockOrderForWrite, moveLockedOrder, type Writer } from '../order-changes/index.ts';

/**
 * A detail move as a transaction of plain statements (OrderWrites.moveOne): SQLite's way, and
 * PostgreSQL's when its one statement moved nothing, to find out why (or to move the order, if it
 * changed in between) and answer exactly as the rules say (moveLockedOrder).
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
    await moveLockedOrder(trx, tx, staff, order, to, at);
    return { order_id: order.order_id, from: order.process_status };
  });
}
