import type { IntakeResult } from '@eta/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { applyFraudWarning, FRAUD_WARNING_EVENTS, fraudWarningSchema } from './fraud-warnings.ts';
import { applyRefundNews, refundStateOf } from './refund-outcome.ts';
import * as repo from './refunds.repository.ts';

/** The refund events DESIGN §26 reconciles, on the same Stripe webhook as the disputes. */
const REFUND_EVENTS = ['refund.updated', 'charge.refund.updated', 'refund.created', 'refund.failed'];

const id = z.string().min(1).max(255);
const refundSchema = z.object({
  id,
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']),
  failure_reason: z.string().max(200).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const eventOf = <T extends z.ZodType>(object: T) =>
  z.object({ id, type: z.string(), created: z.number().int().min(0), data: z.object({ object }) });

const IGNORED: IntakeResult = { outcome: 'ignored', dispute_id: null, matched: false };

/**
 * The Stripe webhook's events that are not disputes (disputes/intake.routes.ts hands them here): a
 * refund's news reconciles its row (found by Stripe's id, or by our id in its metadata when the
 * webhook beat the worker's commit); an early fraud warning fills `fraud_warnings`. Null: not ours.
 */
export function processorStripeEvents(ctx: AppContext) {
  return async (verified: unknown): Promise<IntakeResult | null> => {
    const type = (verified as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') return null;
    if (REFUND_EVENTS.includes(type)) {
      const refund = parseInput(eventOf(refundSchema), verified).data.object;
      const matched = await inTransaction(ctx.transactions, async (trx, tx) => {
        let row = await repo.lockRefundByProcessorId(trx, refund.id);
        const ours = Number(refund.metadata?.refund_id);
        if (!row && Number.isInteger(ours) && ours > 0) {
          const candidate = await repo.lockRefund(trx, ours);
          // ours only if Stripe has not tied another refund to it
          if (candidate && candidate.processor_refund_id === null) row = candidate;
        }
        if (!row) return false;
        const news = {
          state: refundStateOf(refund.status),
          processorRefundId: refund.id,
          failureReason: refund.failure_reason ?? null,
        };
        await applyRefundNews(ctx, trx, tx, row, news, nowIso(ctx.clock));
        return true;
      });
      return matched ? { outcome: 'updated', dispute_id: null, matched: true } : IGNORED;
    }
    if ((FRAUD_WARNING_EVENTS as readonly string[]).includes(type)) {
      const event = parseInput(eventOf(fraudWarningSchema), verified);
      return applyFraudWarning(ctx, event.data.object, new Date(event.created * 1000).toISOString());
    }
    return null;
  };
}
