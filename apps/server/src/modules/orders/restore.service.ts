import { FLOW_MSG, ORDER_EVENT, type OrderStatus, parseStatus, STATUS, type TokenUser } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite } from '../order-changes/index.ts';

/**
 * The status an order had before its latest deletion: the `from` of the status event that moved it
 * to Deleted (every path into Deleted logs one: the detail's move, a bulk delete, a bulk move). An
 * order that arrived Deleted has none and goes where it would have arrived: Priority Processing for
 * a priority order, else New (docs/decisions/0266-restore-reads-the-status-before-deletion-from-activity.md).
 */
async function statusBeforeDeletion(trx: Transaction<Database>, orderDbId: number): Promise<OrderStatus> {
  const event = await trx
    .selectFrom('order_events')
    .select('from_value')
    .where('order_key', '=', orderDbId)
    .where('kind', '=', ORDER_EVENT.status)
    .where('to_value', '=', STATUS.Deleted)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before = event?.from_value ? parseStatus(event.from_value) : null;
  if (before && before !== STATUS.Deleted) return before;
  const { processing_type } = await trx
    .selectFrom('orders')
    .select('processing_type')
    .where('id', '=', orderDbId)
    .executeTakeFirstOrThrow();
  return processing_type === 'priority' ? STATUS.Priority : STATUS.New;
}

/**
 * POST /admin/restore-order (DESIGN §23): a Deleted order back to the status it had before, logged
 * as a status event noted "Restored from Deleted". Refused (409) for an order that is not Deleted.
 */
export function restoreOrder(ctx: AppContext, staff: TokenUser, orderId: string) {
  return inTransaction(ctx.transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, orderId);
    if (order.process_status !== STATUS.Deleted) {
      throw AppError.conflict(FLOW_MSG.notDeleted(order.process_status), { process_status: order.process_status });
    }
    const to = await statusBeforeDeletion(trx, order.id);
    const at = nowIso(ctx.clock);
    await trx
      .updateTable('orders')
      .set({ process_status: to, updated_at: at })
      .where('id', '=', order.id)
      .where('process_status', '=', STATUS.Deleted)
      .execute();
    await appendEvents(
      tx,
      staff,
      [{ orderId: order.id, kind: ORDER_EVENT.status, from: STATUS.Deleted, to, detail: FLOW_MSG.restoredNote }],
      at,
    );
    return { order_id: order.order_id, from: STATUS.Deleted as string, to: to as string };
  });
}
