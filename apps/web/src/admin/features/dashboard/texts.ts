import { DUE_SOON_DAYS } from '@eta/shared';

/** The dashboard's own texts (its folder tiles are labelled from FOLDERS). */
export const DASHBOARD_TEXT = {
  disputesDue: `Disputes due in ${DUE_SOON_DAYS} days`,
  /** beside the due count: those whose deadline has passed, which the link lists first */
  disputesOverdue: (n: number) => `${n} overdue`,
  viewDisputes: 'View disputes →',
  /** DESIGN §26: refunds Stripe refused, to retry */
  refundsFailed: 'Refund failed',
  viewFailedRefunds: 'Retry them →',
  /** DESIGN §26: early fraud warnings still to decide */
  fraudWarnings: 'Fraud warnings open',
  viewFraudWarnings: 'Decide them →',
} as const;
