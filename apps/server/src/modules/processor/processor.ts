/**
 * What the desk asks of a payment processor (DESIGN §26): a refund, a dispute's evidence, a
 * concession. Stripe is the first behind it (stripe-processor.ts); another processor implements the
 * same interface. Every call carries an idempotency key, so a call repeated after a crash or a lost
 * answer gets the first call's answer instead of doing it twice.
 */

/** A refund's state as the processor reports it (Stripe's own words). */
export type ProcessorRefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface ProcessorRefund {
  id: string;
  status: ProcessorRefundStatus;
  amountMinor: number;
  failureReason: string | null;
}

export interface RefundRequest {
  /** the order's payment_reference: a charge (`ch_…`) or a payment intent (`pi_…`) */
  chargeRef: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface EvidenceFile {
  filename: string;
  contentType: 'application/pdf' | 'text/plain' | 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface EvidenceRequest {
  disputeId: string;
  /** Stripe's evidence fields: text, or a file id uploaded before */
  evidence: Record<string, string>;
  /** Visa Compelling Evidence 3.0's prior transactions, when it qualifies */
  enhanced: { priorTransactions: { charge: string }[] } | null;
  submit: boolean;
  idempotencyKey: string;
}

export interface PaymentProcessor {
  readonly name: 'stripe';
  refund(request: RefundRequest): Promise<ProcessorRefund>;
  uploadEvidenceFile(file: EvidenceFile, idempotencyKey: string): Promise<{ id: string }>;
  submitEvidence(request: EvidenceRequest): Promise<{ status: string }>;
  acceptDispute(disputeId: string, idempotencyKey: string): Promise<{ status: string }>;
}

/**
 * How a failed call is taken. `transient`: the request may not have reached the processor or it could
 * not answer (a dropped connection, a time-out, a 5xx, a 429): the same call is made again later with
 * the same key. `definite`: the processor answered no (a 4xx, 402 included: Stripe replays a refused
 * request's answer for its key, so repeating it cannot help). `key`: the key was refused (401): nothing
 * reaches the processor until it is replaced, and readiness says so.
 */
export type FailureKind = 'transient' | 'definite' | 'key';

export class ProcessorError extends Error {
  readonly kind: FailureKind;
  readonly status: number | null;
  readonly code: string | null;
  constructor(kind: FailureKind, message: string, status: number | null = null, code: string | null = null) {
    super(message);
    this.name = 'ProcessorError';
    this.kind = kind;
    this.status = status;
    this.code = code;
  }
}
