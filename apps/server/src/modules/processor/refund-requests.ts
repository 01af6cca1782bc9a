import { disputeLabel, formatMoney, ORDER_EVENT, REFUND_MSG, type TokenUser } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import * as repo from './refunds.repository.ts';

type Actor = Pick<TokenUser, 'id' | 'name'> | null;

/** Refunds go through Stripe when its key is set (DESIGN §26); otherwise every order is marked as before. */
export const refundsThroughStripe = (ctx: AppContext) => ctx.config.stripe.secretKey !== null;

/** Paid through Stripe, with the charge to refund and an amount to refund from. */
export function paidThroughStripe(order: repo.RefundableOrder): boolean {
  return (
    order.payment_processor === 'stripe' &&
    !!order.payment_reference &&
    order.amount_minor !== null &&
    order.currency !== null
  );
}

/**
 * Where this order's refund is made, when Stripe does not make it: not paid through Stripe, or
 * Stripe not connected here (DESIGN §26: "the refund is to be made in their gateway"). Named from
 * the order's own data, in staff's terms: the setting's name is the operators' business. Null: Stripe
 * makes it.
 */
export function refundElsewhere(ctx: AppContext, order: repo.RefundableOrder): string | null {
  if (paidThroughStripe(order) && refundsThroughStripe(ctx)) return null;
  // 'other' names no gateway staff could open
  const named = order.payment_processor && order.payment_processor !== 'other' ? order.payment_processor : null;
  const processor = named ? disputeLabel(named) : null;
  return REFUND_MSG.elsewhere(order.gateway_name?.trim() || processor || REFUND_MSG.unknownGateway);
}

export interface RefundAsk {
  order: repo.RefundableOrder;
  amountMinor: number;
  fraudWarningId?: number | null;
}

/**
 * Writes refund rows in the caller's transaction, each with its Activity event, and wakes a refund
 * worker once they are committed: the change that asked and the request to the processor commit
 * together, or neither does.
 */
export async function writeRefunds(
  ctx: AppContext,
  trx: Transaction<Database>,
  tx: TxContext,
  actor: Actor,
  asks: readonly RefundAsk[],
  at: string,
): Promise<repo.RefundRow[]> {
  const rows = await repo.insertRefunds(
    trx,
    asks.map((a) => ({
      order_key: a.order.id,
      processor: 'stripe',
      charge_ref: a.order.payment_reference as string,
      amount_minor: a.amountMinor,
      currency: (a.order.currency as string).toUpperCase(),
      state: 'requested',
      next_attempt_at: at,
      fraud_warning_id: a.fraudWarningId ?? null,
      requested_by: actor?.id ?? null,
      requested_by_name: actor?.name ?? null,
      requested_at: at,
      updated_at: at,
    })),
  );
  await appendEvents(
    tx,
    actor,
    rows.map((r) => ({
      orderId: r.order_key,
      kind: ORDER_EVENT.refundRequested,
      from: null,
      to: formatMoney(Number(r.amount_minor), r.currency),
      detail: `Stripe · refund ${r.id}`,
    })),
    at,
  );
  const refundIds = rows.map((r) => r.id);
  if (refundIds.length > 0) tx.afterCommit(() => ctx.events.publish('refunds.requested', { refundIds }));
  return rows;
}

/**
 * "Refunded it" and Completed Refunds (DESIGN §26): for each order paid through Stripe, a refund of
 * what remains is written with the move. Returns the orders the processor now refunds: their refund
 * mail waits for the refund to succeed. Other orders (or every order, without STRIPE_SECRET_KEY)
 * are refunded in their own gateway and mailed with the move, as before.
 */
export async function refundWithMove(
  ctx: AppContext,
  trx: Transaction<Database>,
  tx: TxContext,
  actor: Actor,
  orderDbIds: readonly number[],
  at: string,
): Promise<Set<number>> {
  if (!refundsThroughStripe(ctx) || orderDbIds.length === 0) return new Set();
  const orders = (await repo.refundableOrders(trx, orderDbIds)).filter(paidThroughStripe);
  const held = await repo.heldByOrder(
    trx,
    orders.map((o) => o.id),
  );
  const asks = orders
    .map((order) => ({ order, amountMinor: (order.amount_minor as number) - (held.get(order.id) ?? 0) }))
    .filter((a) => a.amountMinor > 0);
  await writeRefunds(ctx, trx, tx, actor, asks, at);
  // An order already refunded in full through the API had its mail with that refund.
  return new Set(orders.map((o) => o.id));
}
