import { DISPUTE_MSG, type DisputeStage, type DisputeState, PROCESSOR_REASONS, type ReasonCategory } from '@eta/shared';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { assertUtf8, inspectInput } from '../../lib/input-guard.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { IntakeEvent } from './intake.service.ts';

/** The dispute events of DESIGN §14; any other type a Stripe endpoint may be sent is acknowledged and ignored. */
export const STRIPE_DISPUTE_EVENTS = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;

/** DESIGN §22: 5 minutes either side of the app's clock, as the relay's (Stripe's own check looks back only). */
const TOLERANCE_SECONDS = 300;

/**
 * Whether every `t=` of a Stripe-Signature header (read as the package reads them; it signs with the
 * last) is within the tolerance of `now`: a second, older `t=` cannot carry a future-dated signature.
 */
function signedInWindow(header: string, now: number): boolean {
  const times = header
    .split(',')
    .filter((item) => item.split('=')[0] === 't')
    .map((item) => Number.parseInt(item.split('=')[1] ?? '', 10));
  const seconds = Math.floor(now / 1000);
  return times.length > 0 && times.every((t) => Number.isFinite(t) && Math.abs(seconds - t) <= TOLERANCE_SECONDS);
}

/**
 * The event, verified with the official package against STRIPE_WEBHOOK_SECRET (DESIGN §14) over the
 * raw bytes, before anything is read: 401 for a missing, tampered, foreign, stale or future-dated
 * signature. A verified event is then held to what every input is (DESIGN §22): UTF-8, no NUL, no
 * object of more than 1,000 keys, or 400 (PostgreSQL refused a NUL with a 500, which Stripe retries).
 */
export function verifyStripeEvent(raw: Buffer, header: string | undefined, secret: string | null, now: number) {
  if (!secret) throw AppError.unauthorized(DISPUTE_MSG.notConfigured);
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(raw, header ?? '', secret, TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw AppError.unauthorized(DISPUTE_MSG.badSignature);
    }
    // Signed by Stripe but not JSON: cannot happen from Stripe, still never a 500.
    throw AppError.badRequest(DISPUTE_MSG.badSignature);
  }
  if (!signedInWindow(header ?? '', now)) throw AppError.unauthorized(DISPUTE_MSG.badSignature);
  assertUtf8(raw);
  inspectInput(event);
  return event;
}

const id = z.string().min(1).max(255);
const idOrObject = z.union([id, z.object({ id })]).transform((v) => (typeof v === 'string' ? v : v.id));
const unix = z.number().int().min(0);

/** What we read of a Stripe dispute object; the rest of it is Stripe's. */
const stripeDisputeSchema = z.object({
  id,
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  charge: idOrObject.nullish(),
  payment_intent: idOrObject.nullish(),
  reason: z.string().min(1).max(100),
  status: z.string().min(1).max(100),
  created: unix,
  evidence_details: z.object({ due_by: unix.nullish() }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_method_details: z
    .object({ card: z.object({ network_reason_code: z.string().max(40).nullish() }).nullish() })
    .nullish(),
});

const eventSchema = z.object({
  id,
  type: z.string(),
  created: unix,
  data: z.object({ object: stripeDisputeSchema }),
});

/** Stripe's dispute status as our stage and state; `warning_*` are inquiries (early fraud warnings). */
const STATUS_MAP: Record<string, { stage: DisputeStage | null; state: DisputeState }> = {
  warning_needs_response: { stage: 'inquiry', state: 'needs_response' },
  warning_under_review: { stage: 'inquiry', state: 'under_review' },
  // An inquiry closed without becoming a chargeback: the money stayed.
  warning_closed: { stage: 'inquiry', state: 'won' },
  needs_response: { stage: 'chargeback', state: 'needs_response' },
  under_review: { stage: 'chargeback', state: 'under_review' },
  won: { stage: null, state: 'won' },
  lost: { stage: null, state: 'lost' },
  prevented: { stage: null, state: 'won' },
};

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** The order id the shop put on the payment, under the names shops use. */
const orderRefOf = (metadata: Record<string, string> | null | undefined) =>
  metadata?.order_id ?? metadata?.orderId ?? metadata?.order ?? null;

/** A verified Stripe event as an intake event; null for an event type the desk does not handle. */
export function intakeOfStripe(verified: unknown): IntakeEvent | null {
  const type = (verified as { type?: unknown } | null)?.type;
  if (!(STRIPE_DISPUTE_EVENTS as readonly unknown[]).includes(type)) return null;
  const event = parseInput(eventSchema, verified);
  const dispute = event.data.object;
  const mapped = STATUS_MAP[dispute.status] ?? { stage: null, state: null };
  const reasonCode = dispute.payment_method_details?.card?.network_reason_code || dispute.reason;
  const dueBy = dispute.evidence_details?.due_by;
  return {
    source: 'stripe',
    eventId: event.id,
    eventType: event.type,
    occurredAt: iso(event.created),
    processor: 'stripe',
    processorDisputeId: dispute.id,
    orderRef: orderRefOf(dispute.metadata),
    paymentReference: dispute.payment_intent ?? null,
    transactionId: dispute.charge ?? null,
    reasonCode,
    // Stripe's reason says what the customer claims more plainly than a network code.
    reasonCategory: (PROCESSOR_REASONS[dispute.reason] as ReasonCategory | undefined) ?? null,
    amountMinor: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    openedAt: iso(dispute.created),
    respondBy: dueBy ? iso(dueBy) : null,
    stage: mapped.stage,
    state: mapped.state,
  };
}
