/**
 * Disputes (DESIGN §14): a chargeback as a case with a deadline and an outcome. The vocabulary both
 * sides share: processors, reason categories, stages, states, and the one rule for "days left".
 */

export const DISPUTE_PROCESSORS = ['stripe', 'adyen', 'checkout', 'paypal', 'solidgate', 'other'] as const;
export type DisputeProcessor = (typeof DISPUTE_PROCESSORS)[number];

export const REASON_CATEGORIES = [
  'fraud',
  'not_received',
  'not_as_described',
  'duplicate',
  'credit_not_processed',
  'cancelled',
  'general',
] as const;
export type ReasonCategory = (typeof REASON_CATEGORIES)[number];

export const DISPUTE_STAGES = ['inquiry', 'chargeback', 'pre_arbitration', 'arbitration'] as const;
export type DisputeStage = (typeof DISPUTE_STAGES)[number];

export const DISPUTE_STATES = ['needs_response', 'under_review', 'won', 'lost', 'accepted'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/**
 * The one state in which the merchant owes the processor an answer by `respond_by`: it alone gives
 * `days_left`, the order's queue deadline, and the "due" counts.
 */
export const RESPONSE_DUE_STATE = 'needs_response' satisfies DisputeState;

/** A dispute still running: it has not been won, lost or accepted. */
export const OPEN_DISPUTE_STATES: readonly DisputeState[] = ['needs_response', 'under_review'];
export const isOpenDispute = (state: string): boolean => (OPEN_DISPUTE_STATES as readonly string[]).includes(state);

/** Where a dispute came from: a member's form, Stripe's webhook, or the signed relay of any other processor. */
export const DISPUTE_SOURCES = ['staff', 'stripe', 'relay'] as const;
export type DisputeSource = (typeof DISPUTE_SOURCES)[number];

/** What people read for each value (screens, CSV, the Activity section). */
export const DISPUTE_LABEL: Record<DisputeProcessor | ReasonCategory | DisputeStage | DisputeState, string> = {
  stripe: 'Stripe',
  adyen: 'Adyen',
  checkout: 'Checkout.com',
  paypal: 'PayPal',
  solidgate: 'Solidgate',
  other: 'Other',
  fraud: 'Fraud',
  not_received: 'Not received',
  not_as_described: 'Not as described',
  duplicate: 'Duplicate',
  credit_not_processed: 'Credit not processed',
  cancelled: 'Cancelled',
  general: 'General',
  inquiry: 'Inquiry',
  chargeback: 'Chargeback',
  pre_arbitration: 'Pre-arbitration',
  arbitration: 'Arbitration',
  needs_response: 'Needs response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  accepted: 'Accepted',
};
export const disputeLabel = (value: string): string =>
  (DISPUTE_LABEL as Record<string, string | undefined>)[value] ?? value;

/** The ChargeBack queue and the dashboard warn about a deadline this many days away or nearer. */
export const DUE_SOON_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * Whole days until `respondBy`, counted away from it: due in 5 hours is 1 day left, passed 5 hours
 * ago is -1, so 0 or less always means the deadline has passed ("Overdue"). One rule for the
 * server's `days_left` and the queue's column.
 */
export function daysLeft(respondBy: string, now: number): number {
  const days = (Date.parse(respondBy) - now) / DAY_MS;
  return days > 0 ? Math.ceil(days) : Math.floor(days);
}

/** "Overdue", "1 day left", "12 days left". */
export function daysLeftLabel(days: number): string {
  if (days <= 0) return 'Overdue';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** A deadline to show in red: overdue, or DUE_SOON_DAYS days away or nearer. */
export const isDueSoon = (days: number): boolean => days <= DUE_SOON_DAYS;

/** The last instant by which a dispute must be answered to be "due within `days`" of `now`. */
export const dueBeforeIso = (now: number, days = DUE_SOON_DAYS): string => new Date(now + days * DAY_MS).toISOString();

export const DISPUTE_MSG = {
  opened: 'Dispute opened',
  updated: 'Dispute updated',
  listed: 'Disputes fetched successfully',
  fetched: 'Dispute fetched successfully',
  reported: 'Dispute report fetched successfully',
  notFound: 'Dispute not found.',
  orderNotFound: 'Order not found.',
  duplicate: 'This processor already has a dispute with that id.',
  nothingToChange: 'Give at least one of stage, state, respondBy, note, evidenceSubmittedAt or orderId.',
  alreadyLinked: 'This dispute is already linked to an order.',
  candidates: 'Orders that may be this dispute’s',
  received: 'Dispute event received',
  replayed: 'Event already received',
  ignored: 'Event type ignored',
  unmatched: 'Dispute kept unmatched: no order found',
  badSignature: 'Signature verification failed.',
  notConfigured: 'Dispute intake is not configured.',
} as const;

/** Why an order is suggested for an unmatched dispute (DESIGN §23). */
export const CANDIDATE_MATCHES = ['payment_reference', 'transaction_id', 'amount', 'date'] as const;
export type CandidateMatch = (typeof CANDIDATE_MATCHES)[number];
export const CANDIDATE_MATCH_LABEL: Record<CandidateMatch, string> = {
  payment_reference: 'Payment reference',
  transaction_id: 'Transaction id',
  amount: 'Amount',
  date: 'Date',
};
/** Orders bought this many days or fewer before the dispute opened are near enough in date (decision 0278). */
export const CANDIDATE_WINDOW_DAYS = 120;
/** At most this many suggestions. */
export const CANDIDATES_MAX = 10;
