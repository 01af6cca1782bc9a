import {
  DETAIL_MSG,
  formatMoney,
  ORDER_EVENT,
  type OrderRefunds,
  REFUND_MSG,
  type RefundListQuery,
  type RefundRecord,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, refuseIfHeld } from '../order-changes/index.ts';
import { keyRefusedAt } from './processor-status.ts';
import { refundElsewhere, refundsThroughStripe, writeRefunds } from './refund-requests.ts';
import * as repo from './refunds.repository.ts';

/** Refunds through the processor, as staff see and ask for them (DESIGN §26). */
export function createRefundService(ctx: AppContext) {
  async function orderOf(orderId: string) {
    const order = await repo.refundableOrder(ctx.db, orderId);
    if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
    return order;
  }

  const elsewhere = (order: repo.RefundableOrder) => refundElsewhere(ctx, order);

  async function forOrder(orderId: string): Promise<OrderRefunds> {
    const order = await orderOf(orderId);
    const refunds = await repo.orderRefundRecords(ctx.db, order.id);
    const held = (await repo.heldByOrder(ctx.db, [order.id])).get(order.id) ?? 0;
    const note = elsewhere(order);
    return {
      through: note === null ? 'stripe' : null,
      note,
      amount_minor: order.amount_minor,
      currency: order.currency,
      remaining_minor: order.amount_minor === null ? null : Math.max(0, order.amount_minor - held),
      refunds,
    };
  }

  /**
   * A refund of `amountMinor` (omitted: what remains) of a Stripe-paid order. What remains is read
   * with the order locked, so two members asking at once cannot refund more than was paid.
   */
  async function create(staff: TokenUser, orderId: string, amountMinor: number | undefined): Promise<RefundRecord> {
    const id = await inTransaction(ctx.transactions, async (trx, tx) => {
      const order = await repo.lockRefundableOrder(trx, orderId);
      if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
      await refuseIfHeld(trx, staff, order);
      const why = elsewhere(order);
      if (why) throw AppError.conflict(why);
      const held = (await repo.heldByOrder(trx, [order.id])).get(order.id) ?? 0;
      const remaining = (order.amount_minor as number) - held;
      if (remaining <= 0) throw AppError.conflict(REFUND_MSG.nothingRemains);
      const amount = amountMinor ?? remaining;
      if (amount > remaining) {
        const message = REFUND_MSG.overRemaining(formatMoney(remaining, order.currency));
        throw AppError.badRequest(message, { amount: message });
      }
      const [row] = await writeRefunds(ctx, trx, tx, staff, [{ order, amountMinor: amount }], nowIso(ctx.clock));
      return Number(row?.id);
    });
    return (await repo.refundRecord(ctx.db, id)) as RefundRecord;
  }

  /** A failed refund asked again: the next attempt, so the next idempotency key (a new refund at Stripe). */
  async function retry(staff: TokenUser, refundId: number): Promise<RefundRecord> {
    // With Stripe off no worker would ever send it: say where the refund is made instead.
    if (!refundsThroughStripe(ctx)) throw AppError.conflict(REFUND_MSG.retryOff);
    await inTransaction(ctx.transactions, async (trx, tx) => {
      const row = await repo.lockRefund(trx, refundId);
      if (!row) throw AppError.notFound(REFUND_MSG.notFound);
      if (row.state !== 'failed' && row.state !== 'canceled') throw AppError.conflict(REFUND_MSG.notRetriable);
      // Then its order, locked as a new refund locks it, so what remains is weighed with no refund
      // written beside this retry (one made meanwhile for the same money leaves nothing for this one).
      // The refund before the order, as the worker and the webhooks hold a refund while they write
      // the order's Activity: never the other way round, so the two never wait on each other.
      const order = await repo.lockRefundableOrderById(trx, row.order_key);
      if (!order) throw AppError.notFound(REFUND_MSG.notFound);
      // A held order's refunds are its holder's work, as on the order page (DESIGN §6): the Failed
      // Refunds list offers Retry for every row, so the server is where the rule holds.
      await refuseIfHeld(trx, staff, order);
      const held = (await repo.heldByOrder(trx, [order.id])).get(order.id) ?? 0;
      const remaining = (order.amount_minor ?? 0) - held;
      if (Number(row.amount_minor) > remaining) {
        throw AppError.conflict(
          remaining <= 0
            ? REFUND_MSG.nothingRemains
            : REFUND_MSG.retryOverRemaining(formatMoney(remaining, order.currency)),
        );
      }
      const at = nowIso(ctx.clock);
      const attempt = Number(row.attempt) + 1;
      await repo.updateRefund(trx, refundId, {
        state: 'requested',
        attempt,
        tries: 0,
        next_attempt_at: at,
        claim_token: null,
        failure_reason: null,
        settled_at: null,
        updated_at: at,
      });
      await appendEvents(
        tx,
        staff,
        [
          {
            orderId: row.order_key,
            kind: ORDER_EVENT.refundRequested,
            from: row.state,
            to: formatMoney(Number(row.amount_minor), row.currency),
            detail: `Stripe · refund ${refundId}, attempt ${attempt}`,
          },
        ],
        at,
      );
      tx.afterCommit(() => ctx.events.publish('refunds.requested', { refundIds: [refundId] }));
    });
    return (await repo.refundRecord(ctx.db, refundId)) as RefundRecord;
  }

  return {
    forOrder,
    create,
    retry,
    async list(query: RefundListQuery): Promise<{ data: RefundRecord[]; total: number }> {
      const { page, limit } = query;
      const { rows, total } = await repo.refundRecords(ctx.db, query.state, { offset: (page - 1) * limit, limit });
      return { data: rows, total };
    },
    async summary() {
      const [failed, warnings, refused] = await Promise.all([
        repo.countFailed(ctx.db),
        repo.countOpenWarnings(ctx.db),
        keyRefusedAt(ctx.db),
      ]);
      return {
        enabled: refundsThroughStripe(ctx),
        refunds_failed: failed,
        fraud_warnings_open: warnings,
        key_refused_at: refused,
      };
    },
  };
}
