import Stripe from 'stripe';
import type {
  EvidenceFile,
  EvidenceRequest,
  PaymentProcessor,
  ProcessorRefund,
  ProcessorRefundStatus,
  RefundRequest,
} from './processor.ts';
import { ProcessorError } from './processor.ts';

export interface StripeProcessorOptions {
  secretKey: string;
  /** STRIPE_API_URL: every call goes there, file uploads included; null: Stripe's own hosts */
  apiUrl: string | null;
  /** a call with no answer after this long is a time-out (transient) */
  timeoutMs: number;
}

/** The stripe package pointed at STRIPE_API_URL: its `host` also replaces files.stripe.com. */
function clientOf(options: StripeProcessorOptions): Stripe {
  const base = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    // Retries are the worker's (the same key, with backoff, and recorded): the package makes one call.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    appInfo: { name: 'eTA Desk' },
  });
}

/** A Stripe error as one of the three kinds the callers act on (processor.ts FailureKind). */
export function processorErrorOf(error: unknown): ProcessorError {
  if (error instanceof ProcessorError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? null;
    const message = error.message || error.type;
    if (error instanceof Stripe.errors.StripeConnectionError || status === null)
      return new ProcessorError('transient', `no answer from Stripe: ${message}`, status, error.code ?? null);
    if (status === 401) return new ProcessorError('key', message, status, error.code ?? null);
    if (status === 429 || status >= 500) return new ProcessorError('transient', message, status, error.code ?? null);
    return new ProcessorError('definite', message, status, error.code ?? null);
  }
  return new ProcessorError('transient', error instanceof Error ? error.message : String(error));
}

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw processorErrorOf(error);
  }
}

const STATUSES: readonly ProcessorRefundStatus[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];

export function refundOfStripe(refund: Stripe.Refund): ProcessorRefund {
  const status = STATUSES.includes(refund.status as ProcessorRefundStatus)
    ? (refund.status as ProcessorRefundStatus)
    : 'pending';
  return { id: refund.id, status, amountMinor: refund.amount, failureReason: refund.failure_reason ?? null };
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = clientOf(options);
  return {
    name: 'stripe',
    refund: (request: RefundRequest) =>
      calling(async () => {
        const target = request.chargeRef.startsWith('pi_')
          ? { payment_intent: request.chargeRef }
          : { charge: request.chargeRef };
        const refund = await stripe.refunds.create(
          { ...target, amount: request.amountMinor, metadata: request.metadata, reason: 'requested_by_customer' },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundOfStripe(refund);
      }),
    uploadEvidenceFile: (file: EvidenceFile, idempotencyKey: string) =>
      calling(async () => {
        const uploaded = await stripe.files.create(
          {
            purpose: 'dispute_evidence',
            file: { data: file.bytes, name: file.filename, type: file.contentType },
          },
          { idempotencyKey },
        );
        return { id: uploaded.id };
      }),
    submitEvidence: (request: EvidenceRequest) =>
      calling(async () => {
        const evidence: Stripe.DisputeUpdateParams.Evidence = { ...request.evidence };
        if (request.enhanced) {
          evidence.enhanced_evidence = {
            visa_compelling_evidence_3: {
              prior_undisputed_transactions: request.enhanced.priorTransactions,
            },
          } as Stripe.DisputeUpdateParams.Evidence.EnhancedEvidence;
        }
        const dispute = await stripe.disputes.update(
          request.disputeId,
          { evidence, submit: request.submit },
          { idempotencyKey: request.idempotencyKey },
        );
        return { status: dispute.status };
      }),
    acceptDispute: (disputeId: string, idempotencyKey: string) =>
      calling(async () => {
        const dispute = await stripe.disputes.close(disputeId, {}, { idempotencyKey });
        return { status: dispute.status };
      }),
  };
}
