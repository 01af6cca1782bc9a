import {
  holdBlocks,
  MAIL_KIND,
  MSG,
  movedMessage,
  ORDER_EVENT,
  ORDER_MSG,
  type OrderEventKind,
  type OrderStatus,
  partialOutcomeMessage,
  STATUS,
  type StatusChangeResult,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { queueOrderMail } from '../mail/index.ts';
import { appendEvents } from '../order-changes/index.ts';
import { refundWithMove } from '../processor/index.ts';
import { staffNames } from '../staff/index.ts';
import { type BulkOutcome, holders, missingIds, orderIdsOf } from './bulk.ts';
import type { LockedRow } from './orders.repository.ts';
import * as repo from './orders.repository.ts';

interface Move {
  status: OrderStatus;
  kind: OrderEventKind;
  /** the message when every order moved */
  success: string;
  /** "3 of 5 orders …" when some did not */
  done: string;
  /** why an order was left as it was */
  already: string;
  /** stamp refund_date and queue the refund mail (move-to-complete-refund) */
  refund: boolean;
}

const DELETE: Move = {
  status: STATUS.Deleted,
  kind: ORDER_EVENT.status,
  success: MSG.orderDeleted,
  done: `moved to ${STATUS.Deleted}`,
  already: `Already ${STATUS.Deleted}`,
  refund: false,
};
const REFUND: Move = {
  status: STATUS.Refunds,
  kind: ORDER_EVENT.refund,
  success: ORDER_MSG.refunded,
  done: 'marked as refunded',
  already: 'Already refunded',
  refund: true,
};

/**
 * Nothing left to do for this order: it is in the target status and, for a refund, refunded. An
 * order in Refunds with no refund_date (it arrived so from a website or an import) is waiting for
 * "Refunded it" on the Refunds queue, which stamps the date and mails the applicant.
 */
function alreadyDone(row: LockedRow, to: Move): boolean {
  return row.process_status === to.status && (!to.refund || row.refund_date !== null);
}

/** Bulk status changes of the queue screens: Delete and Refunded it (SPEC §2, §4). */
export function createStatusService(ctx: AppContext) {
  /**
   * Moves every named order that is not already done (alreadyDone) and not held against the member
   * (DESIGN §6 hold rule); a refund of an order already in Refunds only stamps its date. The rest
   * are reported. One transaction, one event per order changed.
   */
  async function move(staff: TokenUser, orderIds: string[], to: Move): Promise<BulkOutcome<StatusChangeResult>> {
    const outcome = await inTransaction(ctx.transactions, async (trx, tx) => {
      const at = nowIso(ctx.clock);
      const rows = await repo.lockByOrderIds(trx, orderIds);
      const notFound = missingIds(orderIds, rows);
      const same = rows.filter((r) => alreadyDone(r, to));
      const blocked = rows.filter(
        (r) =>
          !alreadyDone(r, to) &&
          holdBlocks(staff.type, {
            process_status: r.process_status,
            held: r.assigned_to !== null,
            heldByMe: r.assigned_to === staff.id,
          }),
      );
      const targets = rows.filter((r) => !alreadyDone(r, to) && !blocked.includes(r));
      const toMove = targets.filter((r) => r.process_status !== to.status);
      const toStamp = targets.filter((r) => r.process_status === to.status);
      const moved = new Set([
        ...(await repo.setStatus(
          trx,
          toMove.map((r) => r.id),
          to.status,
          at,
          to.refund ? at : null,
        )),
        ...(await repo.stampRefundDate(
          trx,
          toStamp.map((r) => r.id),
          at,
        )),
      ]);
      await appendEvents(
        tx,
        staff,
        targets
          .filter((r) => moved.has(r.id))
          .map((r) => ({ orderId: r.id, kind: to.kind, from: r.process_status, to: to.status })),
        at,
      );
      if (to.refund) {
        // Paid through Stripe (with STRIPE_SECRET_KEY): the refund is asked of Stripe with the move,
        // and its mail goes when Stripe says it succeeded (DESIGN §26).
        const throughProcessor = await refundWithMove(ctx, trx, tx, staff, [...moved], at);
        const mailNow = [...moved].filter((id) => !throughProcessor.has(id));
        // an erased order is still refunded (the money and the reports need it), but gets no mail (DESIGN §22)
        if (mailNow.length > 0)
          await queueOrderMail(ctx, trx, tx, staff, { kind: MAIL_KIND.refund, orders: mailNow, at, skipErased: true });
      }
      const names = await staffNames(
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
              verb: to.done,
              conflicts,
              unchanged: { ids: unchanged, reason: to.already },
              notFound,
            });
      return {
        data: { updated, unchanged, conflicts, notFound },
        message,
        done: updated.length,
        allNotFound: notFound.length === orderIds.length,
      };
    });
    return outcome;
  }

  /**
   * The order detail's move buttons (PUT /admin/move-order-status): one order, exactly the moves of
   * the shared table (transitions.ts), the hold rule, and processed_by on Completed (DESIGN §6).
   */
  async function moveOne(staff: TokenUser, orderId: string, to: OrderStatus) {
    const moved = await ctx.strategies.orderWrites.moveOne(staff, orderId, to, nowIso(ctx.clock));
    return { message: movedMessage(to), data: { order_id: moved.order_id, from: moved.from, to } };
  }

  return {
    moveOne,
    delete: (staff: TokenUser, orderIds: string[]) => move(staff, orderIds, DELETE),
    /** Status Refunds, refund_date now, and the refund mail queued in the same transaction. */
    refund: (staff: TokenUser, orderIds: string[]) => move(staff, orderIds, REFUND),
  };
}
