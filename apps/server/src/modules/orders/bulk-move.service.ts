import {
  type BulkMoveResult,
  bulkMoveMessage,
  DETAIL_MSG,
  heldMessage,
  holdBlocks,
  moveRefusal,
  moveRefusalMessage,
  type OrderStatus,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { moveLockedOrder } from '../order-changes/index.ts';
import { staffNames } from '../staff/index.ts';
import type { BulkOutcome } from './bulk.ts';
import * as repo from './orders.repository.ts';

/**
 * "Move to…" on a queue's selected rows (DESIGN §23): PUT /admin/move-order-status with a list. Each
 * order is judged as the detail's move judges one (the hold rule, then moveRefusal of the shared
 * transitions) and moved through the same moveLockedOrder, in one transaction with the orders locked;
 * every refusal is reported with its order and the reason the detail would give.
 */
export async function moveMany(
  ctx: AppContext,
  staff: TokenUser,
  orderIds: readonly string[],
  to: OrderStatus,
): Promise<BulkOutcome<BulkMoveResult>> {
  return inTransaction(ctx.transactions, async (trx, tx) => {
    const at = nowIso(ctx.clock);
    const rows = await repo.lockByOrderIds(trx, orderIds);
    const byId = new Map(rows.map((r) => [r.order_id, r]));
    const held = rows.filter((r) =>
      holdBlocks(staff.type, {
        process_status: r.process_status,
        held: r.assigned_to !== null,
        heldByMe: r.assigned_to === staff.id,
      }),
    );
    const names = await staffNames(
      trx,
      held.map((r) => r.assigned_to as number),
    );
    const moved: string[] = [];
    const refused: BulkMoveResult['refused'] = [];
    for (const orderId of orderIds) {
      const row = byId.get(orderId);
      const reason = !row
        ? DETAIL_MSG.orderNotFound
        : held.includes(row)
          ? heldMessage(names.get(row.assigned_to as number) ?? 'another member')
          : refusalOf(staff, row.process_status, to);
      if (reason || !row) {
        refused.push({ orderId, reason: reason ?? DETAIL_MSG.orderNotFound });
        continue;
      }
      await moveLockedOrder(trx, tx, staff, row, to, at);
      moved.push(orderId);
    }
    return {
      data: { moved, refused },
      message: bulkMoveMessage(moved.length, refused, to),
      done: moved.length,
      allNotFound: rows.length === 0,
    };
  });
}

function refusalOf(staff: TokenUser, from: string, to: OrderStatus): string | null {
  const refusal = moveRefusal(from, to, staff.type);
  return refusal && moveRefusalMessage(refusal, from, to);
}
