/** Kinds of the order event log (DESIGN §6), shown in the detail screen's Activity section. */
export const ORDER_EVENT = {
  created: 'created',
  assign: 'assign',
  takeover: 'takeover',
  unassign: 'unassign',
  status: 'status',
  refund: 'refund',
  remark: 'remark',
  /** an approved document uploaded */
  document: 'document',
  /** the latest document marked rejected */
  rejection: 'rejection',
  /** processed_by set (DESIGN §6) */
  processedBy: 'processed_by',
  /** a mail queued; its outcome follows as mail_sent or mail_failed (by the system) */
  mail: 'mail',
  mailSent: 'mail_sent',
  mailFailed: 'mail_failed',
  mailRetry: 'mail_retry',
  /** transaction id and merchant name entered (from "old / old" to "new / new") */
  transaction: 'transaction',
  /** a defence pack made (to: its type); who read the order's evidence */
  defencePack: 'defence_pack',
  /** an invoice made and queued to be mailed (to: its number) */
  invoice: 'invoice',
  /** a dispute opened (to: its processor and id) or changed (from/to: the field's old and new value; detail: which) */
  disputeOpened: 'dispute_opened',
  disputeChanged: 'dispute_changed',
  /** a follow-up date set, changed or cleared (from/to: the days, YYYY-MM-DD, or null) (DESIGN §18) */
  followUp: 'follow_up',
  /** a refund asked of the processor (to: the amount; detail: its reference) and what became of it (DESIGN §26) */
  refundRequested: 'refund_requested',
  refundSucceeded: 'refund_succeeded',
  refundFailed: 'refund_failed',
  /** an early fraud warning on the order's charge (to: its type), and what was decided (from: open; to: refunded or kept) */
  fraudWarning: 'fraud_warning',
  /** the dispute's evidence staged or submitted at the processor, or the dispute conceded (to: which) */
  disputeEvidence: 'dispute_evidence',
  /** a customer's mail read from the mailbox onto the order (to: its subject) (DESIGN §25) */
  customerReply: 'customer_reply',
  /** a mail of ours bounced or was complained of (to: bounced | complained; detail: the diagnostic) */
  mailBounced: 'mail_bounced',
  /** personal data removed (DESIGN §16): detail says what, under which rule or at whose request */
  dataRemoved: 'data_removed',
} as const;
export type OrderEventKind = (typeof ORDER_EVENT)[keyof typeof ORDER_EVENT];

/**
 * What the mail worker records about a queued mail (by the system): an open order detail reads itself
 * again on these rather than asking the member to reload, since nothing the member may be editing
 * changed (DESIGN §18).
 */
export const MAIL_OUTCOME_EVENTS: ReadonlySet<string> = new Set([
  ORDER_EVENT.mailSent,
  ORDER_EVENT.mailFailed,
  ORDER_EVENT.mailRetry,
]);
