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
  notConfigured: 'Refunds through Stripe are off: STRIPE_SECRET_KEY is not set.',
  noCurrency: 'This order has no amount or currency to refund.',
  notRetriable: 'Only a failed refund can be retried.',
  notFound: 'Refund not found.',
  /** the order detail, for an order paid elsewhere */
  elsewhere: (gateway: string) => `Refunds for this order are made in its payment gateway (${gateway}).`,
  keyRefused: 'Stripe refused the secret key (401): refunds and evidence cannot reach Stripe until it is replaced.',
} as const;

export const FRAUD_MSG = {
  listed: 'Fraud warnings',
  notFound: 'Fraud warning not found.',
  decided: 'This warning has already been dealt with.',
  unmatched: 'No order has this charge: the warning is kept unmatched.',
  kept: 'Warning kept: no refund.',
  refunded: 'Refund sent to Stripe.',
  received: 'Fraud warning received.',
  noOrder: 'This warning has no order to refund.',
} as const;

/** What the dispute evidence and accept calls say (DESIGN §26), on the server and on the dispute card. */
export const EVIDENCE_MSG = {
  staged: 'Evidence staged at Stripe: review it, then send it.',
  submitted: 'Evidence submitted to Stripe.',
  accepted: 'Dispute accepted at Stripe: the money stays with the customer.',
  notStripe: 'This dispute is not a Stripe dispute: its evidence goes to its processor by hand.',
  notConfigured: 'Stripe is not set up here: STRIPE_SECRET_KEY is not set.',
  noOrder: 'This dispute has no order to build its evidence from.',
  pastDeadline: 'The deadline to respond to this dispute has passed.',
  alreadySubmitted: 'Evidence for this dispute has already been submitted.',
  alreadyAccepted: 'This dispute was accepted.',
  refused: (message: string) => `Stripe refused it: ${message}`,
  unreachable: 'Stripe did not answer: nothing was sent. Try again in a moment.',
  keyRefused: 'Stripe refused the secret key (401): nothing was sent.',
} as const;
