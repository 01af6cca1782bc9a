import {
  holdBlocks,
  MSG,
  movedMessage,
  moveRefusal,
  moveRefusalMessage,
  ORDER_MSG,
  type OrderStatus,
  partialOutcomeMessage,
  STATUS,
  type StatusChangeResult,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, retryingConflicts } from '../../lib/transaction.ts';
import { kickMail } from '../mail/mail.service.ts';
import { queueRefundMails } from '../mail/order-mails.ts';
import { type BulkOutcome, holders, missingIds, orderIdsOf } from './bulk.ts';
import { appendEvents, EVENT, type EventKind } from './events.repository.ts';
import { moveInOneStatement } from './order-write.pg.ts';
import { lockOrderForWrite, setProcessedBy } from './order-write.ts';
import * as repo from './orders.repository.ts';

interface Move {
  status: OrderStatus;
  kind: EventKind;
  /** the message when every order moved */
  success: string;
  /** stamp refund_date (move-to-complete-refund) */
  refund: boolean;
}

const DELETE: Move = { status: STATUS.Deleted, kind: EVENT.status, success: MSG.orderDeleted, refund: false };
const REFUND: Move = { status: STATUS.Refunds, kind: EVENT.refund, success: ORDER_MSG.refunded, refund: true };

/** Bulk status changes of the queue screens: Delete and Refunded it (SPEC §2, §4). */
export function createStatusService(ctx: AppContext) {
  /**
   * Moves every named order that is not already in the target status and not held against the
   * member (DESIGN §6 hold rule); the rest are reported. One transaction, one event per moved order.
   */
  async function move(staff: TokenUser, orderIds: string[], to: Move): Promise<BulkOutcome<StatusChangeResult>> {
    const outcome = await inTransaction(ctx.db, async (trx) => {
      const at = nowIso(ctx.clock);
      const rows = await repo.lockByOrderIds(trx, orderIds);
      const notFound = missingIds(orderIds, rows);
      const same = rows.filter((r) => r.process_status === to.status);
      const blocked = rows.filter(
        (r) =>
          r.process_status !== to.status &&
          holdBlocks(staff.type, {
            process_status: r.process_status,
            held: r.assigned_to !== null,
            heldByMe: r.assigned_to === staff.id,
          }),
      );
      const targets = rows.filter((r) => r.process_status !== to.status && !blocked.includes(r));
      const moved = new Set(
        await repo.setStatus(
          trx,
          targets.map((r) => r.id),
          to.status,
          at,
          to.refund ? at : null,
        ),
      );
      await appendEvents(
        trx,
        staff,
        targets
          .filter((r) => moved.has(r.id))
          .map((r) => ({ orderId: r.id, kind: to.kind, from: r.process_status, to: to.status })),
        at,
      );
      if (to.refund) await queueRefundMails(ctx, trx, staff, [...moved], at);
      const names = await repo.staffNames(
        trx,
        blocked.map((r) => r.assigned_to as number),
      );
      const updated = orderIdsOf(orderIds, rows, moved);
      const unchanged = orderIdsOf(
        orderIds,
        rows,
        same.map((r) => r.id),
      );
      const conflicts = holders(blocked, names);
      const message =
        updated.length === orderIds.length
          ? to.success
          : partialOutcomeMessage({
              done: updated.length,
              total: orderIds.length,
              verb: `moved to ${to.status}`,
              conflicts,
              unchanged: { ids: unchanged, reason: `Already ${to.status}` },
              notFound,
            });
      return {
        data: { updated, unchanged, conflicts, notFound },
        message,
        done: updated.length,
        allNotFound: notFound.length === orderIds.length,
      };
    });
    if (to.refund && outcome.done > 0) kickMail(ctx);
    return outcome;
  }

  /**
   * The order detail's move buttons (PUT /admin/move-order-status): one order, exactly the moves of
   * the shared table (transitions.ts), the hold rule, and processed_by on Completed (DESIGN §6).
   */
  async function moveOne(staff: TokenUser, orderId: string, to: OrderStatus) {
    if (ctx.dialect === 'postgres') {
      const at = nowIso(ctx.clock);
      const moved = await retryingConflicts(() => moveInOneStatement(ctx.db, staff, orderId, to, at));
      if (moved) return { message: movedMessage(to), data: { order_id: moved.order_id, from: moved.from, to } };
      // not moved: the transaction below finds out why (or moves it, if the order changed since)
    }
    return inTransaction(ctx.db, async (trx) => {
      const order = await lockOrderForWrite(trx, staff, orderId);
      const refusal = moveRefusal(order.process_status, to, staff.type);
      if (refusal) {
        const message = moveRefusalMessage(refusal, order.process_status, to);
        if (refusal === 'forbidden') throw AppError.forbidden(message);
        if (refusal === 'noMove' || refusal === 'refundCall') throw AppError.badRequest(message);
        throw AppError.conflict(message, { process_status: order.process_status });
      }
      const at = nowIso(ctx.clock);
      await repo.setStatus(trx, [order.id], to, at);
      await appendEvents(trx, staff, [{ orderId: order.id, kind: EVENT.status, from: order.process_status, to }], at);
      // Who moved it to Completed processed it, unless the first uploader of its document already did.
      if (to === STATUS.Completed && (await setProcessedBy(trx, order.id, staff.id, true, at))) {
        await appendEvents(
          trx,
          staff,
          [{ orderId: order.id, kind: EVENT.processedBy, from: null, to: staff.name }],
          at,
        );
      }
      return { message: movedMessage(to), data: { order_id: order.order_id, from: order.process_status, to } };
    });
  }

  return {
    moveOne,
    delete: (staff: TokenUser, orderIds: string[]) => move(staff, orderIds, DELETE),
    /** Status Refunds, refund_date now, and the refund mail queued in the same transaction. */
    refund: (staff: TokenUser, orderIds: string[]) => move(staff, orderIds, REFUND),
  };
}
