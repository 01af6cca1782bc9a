import { formatMoney, MAIL_KIND, ORDER_EVENT, REFUND_OPEN_STATES, type RefundState } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { queueOrderMail } from '../mail/index.ts';
import { appendEvents } from '../order-changes/index.ts';
import type { ProcessorRefundStatus } from './processor.ts';
import * as repo from './refunds.repository.ts';

/** Stripe's refund status as ours: `requires_action` waits on the customer's bank, so it is pending. */
export function refundStateOf(status: ProcessorRefundStatus): RefundState {
  return status === 'requires_action' ? 'pending' : status;
}

const settled = (state: RefundState) => !REFUND_OPEN_STATES.includes(state);

export interface RefundNews {
  state: RefundState;
  processorRefundId: string | null;
  failureReason: string | null;
}

/**
 * Applies what the processor says of a refund (its answer to the call, or a webhook), in the caller's
 * transaction on the refund's locked row. The same news twice changes nothing, and news older than
 * what is known (pending after succeeded) is ignored, so the worker and the webhooks may arrive in
 * any order. Reaching `succeeded` queues the refund mail (DESIGN §26: the customer hears of the
 * refund when it is made); reaching `failed` or `canceled` is an Activity event for someone to retry.
 */
export async function applyRefundNews(
  ctx: AppContext,
  trx: Transaction<Database>,
  tx: TxContext,
  row: repo.RefundRow,
  news: RefundNews,
  at: string,
): Promise<boolean> {
  const from = row.state as RefundState;
  const stale = settled(from) && !settled(news.state);
  const same = from === news.state && (news.processorRefundId ?? row.processor_refund_id) === row.processor_refund_id;
  if (stale || same) return false;
  const id = row.id;
  await repo.updateRefund(trx, id, {
    state: news.state,
    processor_refund_id: news.processorRefundId ?? row.processor_refund_id,
    failure_reason: news.state === 'failed' || news.state === 'canceled' ? news.failureReason : null,
    claim_token: null,
    settled_at: settled(news.state) ? at : null,
    updated_at: at,
  });
  if (from === news.state) return true;
  const orderId = row.order_key;
  const amount = formatMoney(Number(row.amount_minor), row.currency);
  const reference = news.processorRefundId ?? row.processor_refund_id ?? `refund ${id}`;
  if (news.state === 'succeeded') {
    await appendEvents(
      tx,
      null,
      [{ orderId, kind: ORDER_EVENT.refundSucceeded, from: from, to: amount, detail: `Stripe · ${reference}` }],
      at,
    );
    await queueOrderMail(ctx, trx, tx, null, {
      kind: MAIL_KIND.refund,
      orders: [orderId],
      at,
      skipErased: true,
      refundedMinor: Number(row.amount_minor),
    });
  } else if (news.state === 'failed' || news.state === 'canceled') {
    await appendEvents(
      tx,
      null,
      [
        {
          orderId,
          kind: ORDER_EVENT.refundFailed,
          from: from,
          to: amount,
          detail: `Stripe · ${reference}: ${news.failureReason ?? news.state}`,
        },
      ],
      at,
    );
  }
  return true;
}
