import {
  type DisputeProcessor,
  type DisputeState,
  type OpenDisputeInput,
  paymentProcessorOf,
  STATUS,
  type TokenUser,
  type UpdateDisputeInput,
} from '@eta/shared';
import type { AppContext } from '../context.ts';
import { createDisputeService, createIntakeService } from '../modules/disputes/index.ts';

const DAY = 24 * 3600 * 1000;

/**
 * [processor, reason code, days ago opened, days left to respond (null: estimated), where it stands].
 * The processor picks an order paid through it; the dispute is always opened with the processor of
 * the order it lands on (issue 31: a pack addressed to PayPal never says "Paid through: Checkout.com").
 */
type DemoDispute = [DisputeProcessor, string, number, number | null, DisputeState];

/**
 * A dispute desk with something in every state (issue 17): some due within three days (one
 * overdue), one with an estimated deadline, some under review, won, lost and accepted, on orders
 * the demo completed or charged back; and one a processor sent for an order it could not find.
 * Processors are those of the demo's gateways (PAYMENT_GATEWAYS: Stripe, PayPal, Worldpay as
 * "other", Checkout.com).
 */
const DEMO_DISPUTES: DemoDispute[] = [
  ['stripe', '10.4', 12, 1, 'needs_response'],
  ['stripe', '13.1', 20, 2, 'needs_response'],
  ['checkout', '4853', 8, 3, 'needs_response'],
  ['paypal', '13.3', 15, -1, 'needs_response'],
  ['other', '4837', 5, 16, 'needs_response'],
  ['stripe', 'C08', 3, null, 'needs_response'],
  ['checkout', '10.4', 25, 6, 'under_review'],
  ['stripe', '10.4', 70, 20, 'won'],
  ['checkout', '13.1', 55, 10, 'won'],
  ['stripe', '13.6', 60, 12, 'lost'],
  ['paypal', '13.2', 45, 9, 'accepted'],
];

export async function seedDemoDisputes(ctx: AppContext, staff: TokenUser): Promise<number> {
  const now = ctx.clock();
  const day = (offset: number) => new Date(now + offset * DAY).toISOString();
  const candidates = await ctx.db
    .selectFrom('orders')
    .select(['order_id', 'amount_minor', 'currency', 'payment_processor', 'gateway_name'])
    .where('process_status', 'in', [STATUS.ChargeBack, STATUS.Completed])
    .orderBy('process_status', 'asc')
    .orderBy('id')
    .execute();
  const paidThrough = (o: (typeof candidates)[number]): DisputeProcessor => paymentProcessorOf(o) ?? 'other';
  const disputes = createDisputeService(ctx);
  let opened = 0;
  for (const [i, [wanted, reasonCode, ago, left, state]] of DEMO_DISPUTES.entries()) {
    // an order paid through the wanted processor, else any left (other gateways configured)
    const at = candidates.findIndex((o) => paidThrough(o) === wanted);
    const [order] = candidates.splice(at >= 0 ? at : 0, 1);
    if (!order) break;
    const processor = paidThrough(order);
    opened += 1;
    const input: OpenDisputeInput = {
      orderId: order.order_id,
      processor,
      processorDisputeId: `demo_${processor}_${1001 + i}`,
      reasonCode,
      amount: Number(order.amount_minor ?? 3900),
      currency: order.currency ?? 'GBP',
      openedAt: day(-ago),
      respondBy: left === null ? null : day(left),
      stage: i === 1 ? 'inquiry' : 'chargeback',
    };
    const dispute = await disputes.open(staff, input);
    const change: UpdateDisputeInput =
      state === 'needs_response'
        ? {}
        : state === 'under_review'
          ? { evidenceSubmittedAt: day(-2), note: 'Defence pack 1 sent with the download log.' }
          : { evidenceSubmittedAt: day(-ago + 5), state };
    if (Object.keys(change).length > 0) await disputes.update(staff, dispute.id, change);
  }
  // A processor's dispute about a payment no order carries: it waits on the Disputes screen to be linked.
  await createIntakeService(ctx).apply({
    source: 'relay',
    eventId: 'demo-unmatched-1',
    eventType: 'relay',
    occurredAt: day(-1),
    processor: 'adyen',
    processorDisputeId: 'demo_adyen_unmatched',
    orderRef: 'WEB-PAY-88231',
    paymentReference: 'psp_8823190',
    transactionId: null,
    reasonCode: '4855',
    reasonCategory: null,
    amountMinor: 3900,
    currency: 'GBP',
    openedAt: day(-1),
    respondBy: day(9),
    stage: 'chargeback',
    state: null,
  });
  return opened + 1;
}
