/** Texts of the refund screens that DESIGN §26 leaves open (states and server messages: @eta/shared refunds.ts). */
export const REFUNDS_TEXT = {
  retry: 'Retry refund',
  /** the Failed Refunds screen */
  intro:
    'Refunds Stripe refused. Retry one once its cause is dealt with (a new attempt at Stripe), or open its order to refund it another way.',
  none: 'No refund has failed.',
  order: 'Order',
  amount: 'Amount',
  reason: 'Why it failed',
  attempt: 'Attempt',
  asked: 'Asked by',
  failedAt: 'Failed',
  action: 'Action',
  system: 'System',
  /** the order's Refunds section: part of what remains, through Stripe */
  partLabel: (currency: string) => `Amount to refund (${currency})`,
  partHelp: (remaining: string) => `Up to ${remaining}. The customer is mailed once Stripe has made the refund.`,
  partSubmit: 'Refund through Stripe',
} as const;
