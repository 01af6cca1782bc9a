/** Refunds made through the processor (DESIGN §26). */

export const REFUND_STATES = ['requested', 'pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE = {
  requested: 'requested',
  pending: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
} as const satisfies Record<RefundState, RefundState>;

/** A refund still on its way: it counts against what remains to refund. */
export const REFUND_OPEN_STATES: readonly RefundState[] = ['requested', 'pending'];
/** Refunds that hold money back from the order: on their way or done. */
export const REFUND_HOLDING_STATES: readonly RefundState[] = ['requested', 'pending', 'succeeded'];

/** What staff read of each state, on the order and in Refunds. */
export const REFUND_STATE_LABEL: Record<RefundState, string> = {
  requested: 'Sent to Stripe',
  pending: 'Pending at Stripe',
  succeeded: 'Refunded',
  failed: 'Refund failed',
  canceled: 'Canceled',
};

export const FRAUD_WARNING_STATES = ['open', 'refunded', 'kept'] as const;
export type FraudWarningState = (typeof FRAUD_WARNING_STATES)[number];

export const REFUND_MSG = {
  listed: 'Refunds',
  requested: 'Refund sent to Stripe.',
  retried: 'Refund sent to Stripe again.',
  overRemaining: (remaining: string) => `amount is more than what remains to refund (${remaining}).`,
  nothingRemains: 'Nothing remains to refund on this order.',
  notStripe: 'This order was not paid through Stripe: make the refund in its payment gateway.',
  noCurrency: 'This order has no amount or currency to refund.',
  notRetriable: 'Only a failed refund can be retried.',
  /** a failed refund asked again after other refunds took what it was for */
  retryOverRemaining: (remaining: string) =>
    `This refund is more than what remains to refund (${remaining}): the order has been refunded since.`,
  /** a retry with Stripe no longer connected: nothing would send it */
  retryOff: 'Stripe is not connected here, so this refund cannot be sent again: make it in the payment gateway.',
  notFound: 'Refund not found.',
  /**
   * the order detail, for an order paid elsewhere or while Stripe is not connected: where staff make
   * the refund, in their terms (settings' names are for operators: docs/operations/, the logs)
   */
  elsewhere: (gateway: string) => `Refunds for this order are made in its payment gateway (${gateway}).`,
  /** the gateway of an order whose data names none */
  unknownGateway: 'the gateway it was paid through',
  /** the dashboard, while Stripe refuses the key: what staff can do is ask for it to be replaced */
  keyRefused:
    'Stripe is refusing this desk’s key: refunds and dispute evidence cannot reach Stripe until an administrator replaces it.',
} as const;

export const FRAUD_MSG = {
  listed: 'Fraud warnings',
  notFound: 'Fraud warning not found.',
  decided: 'This warning has already been dealt with.',
  unmatched: 'No order has this charge: the warning is kept unmatched.',
  kept: 'Warning kept: no refund.',
  refunded: 'Refund sent to Stripe.',
  /** Refund now when the order's money is already refunded or on its way back (by another member) */
  nothingLeft: 'Nothing remained to refund: the order was refunded already. The warning is marked refunded.',
  received: 'Fraud warning received.',
  noOrder: 'This warning has no order to refund.',
} as const;

/** What the dispute evidence and accept calls say (DESIGN §26), on the server and on the dispute card. */
export const EVIDENCE_MSG = {
  staged: 'Evidence staged at Stripe: review it, then send it.',
  submitted: 'Evidence submitted to Stripe.',
  accepted: 'Dispute accepted at Stripe: the money stays with the customer.',
  notStripe: 'This dispute is not a Stripe dispute: its evidence goes to its processor by hand.',
  notConfigured: 'Stripe is not connected here: send this dispute’s evidence from the Stripe dashboard.',
  noOrder: 'This dispute has no order to build its evidence from.',
  pastDeadline: 'The deadline to respond to this dispute has passed.',
  alreadySubmitted: 'Evidence for this dispute has already been submitted.',
  alreadyAccepted: 'This dispute was accepted.',
  refused: (message: string) => `Stripe refused it: ${message}`,
  unreachable: 'Stripe did not answer: nothing was sent. Try again in a moment.',
  keyRefused: 'Stripe is refusing this desk’s key: nothing was sent. An administrator must replace it.',
} as const;

/**
 * Stripe's refund `failure_reason` codes (what its webhooks carry) as sentences staff can act on;
 * anything else (a sentence the refund call answered, e.g. "Your card was declined.") as it is.
 */
const REFUND_FAILURE_TEXT: Readonly<Record<string, string>> = {
  lost_or_stolen_card: 'The card was reported lost or stolen.',
  expired_or_canceled_card: 'The card has expired or was cancelled.',
  charge_for_pending_refund_disputed: 'The customer disputed the charge while the refund was on its way.',
  insufficient_funds: 'The Stripe balance was too low to pay the refund.',
  declined: 'The card’s bank declined the refund.',
  merchant_request: 'The refund was cancelled in the Stripe dashboard.',
  unknown: 'Stripe gave no reason.',
};

export const refundFailureText = (reason: string): string => REFUND_FAILURE_TEXT[reason] ?? reason;

/** Stripe's evidence field names (DESIGN §26) as staff read them when reviewing what is sent. */
const EVIDENCE_FIELD_LABEL: Readonly<Record<string, string>> = {
  product_description: 'Product description',
  customer_name: 'Customer name',
  customer_email_address: 'Customer email',
  customer_purchase_ip: 'Purchase IP address',
  billing_address: 'Billing address',
  service_date: 'Service date',
  access_activity_log: 'Download log',
  refund_policy: 'Refund policy',
  refund_policy_disclosure: 'Refund policy disclosure',
  customer_communication: 'Approval mail',
  uncategorized_file: 'Defence pack',
  uncategorized_text: 'Other information',
};

/** A field Stripe has no label for here reads as words ("cancellation_policy" → "Cancellation policy"). */
export function evidenceFieldLabel(field: string): string {
  const known = EVIDENCE_FIELD_LABEL[field];
  if (known) return known;
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The toast once the evidence is sent: what Stripe now has, in the review's words. */
export const evidenceSentText = (fields: readonly string[], files: readonly string[]): string =>
  `Evidence sent to Stripe: ${[...fields, ...files].map(evidenceFieldLabel).join(', ')}.`;
