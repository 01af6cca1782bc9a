import {
  categoryOfReason,
  type DisputeProcessor,
  type DisputeSource,
  type DisputeStage,
  type DisputeState,
  estimateRespondBy,
  type IntakeResult,
  isOpenDispute,
  RESPONSE_DUE_STATE,
  type ReasonCategory,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, retryingConflicts } from '../../lib/transaction.ts';
import { applyDisputeChanges, attachToOrder } from './dispute-writes.ts';
import * as repo from './disputes.repository.ts';
import { isUniqueViolation } from './disputes.service.ts';

/** One processor event about one dispute, whichever way it came (Stripe's webhook, the relay). */
export interface IntakeEvent {
  source: Exclude<DisputeSource, 'staff'>;
  eventId: string;
  eventType: string;
  /** when the processor made the event: an older event than the last applied changes nothing */
  occurredAt: string;
  processor: DisputeProcessor;
  processorDisputeId: string;
  orderRef: string | null;
  paymentReference: string | null;
  transactionId: string | null;
  reasonCode: string;
  reasonCategory: ReasonCategory | null;
  amountMinor: number;
  currency: string;
  openedAt: string;
  respondBy: string | null;
  /** null: the event does not say (a new dispute is then a chargeback) */
  stage: DisputeStage | null;
  /** null: the event does not say (a new dispute then needs a response) */
  state: DisputeState | null;
}

/**
 * Applies processor events (DESIGN §14) in one transaction each: the event id is recorded first, so a
 * replay finds it and changes nothing; a new dispute finds its order by our order id, else by payment
 * reference or transaction id, and is kept unmatched when none is found (staff link it later).
 */
export function createIntakeService(ctx: AppContext) {
  async function applyOnce(event: IntakeEvent): Promise<IntakeResult> {
    return inTransaction(ctx.transactions, async (trx, tx) => {
      const at = nowIso(ctx.clock);
      const fresh = await repo.recordIntakeEvent(trx, {
        source: event.source,
        event_id: event.eventId,
        event_type: event.eventType,
        received_at: at,
      });
      if (!fresh) return { outcome: 'replayed', dispute_id: null, matched: false };

      const existing = await repo.lockDisputeOfProcessor(trx, event.processor, event.processorDisputeId);
      const references = [event.paymentReference, event.transactionId].filter((r): r is string => Boolean(r));
      if (!existing) {
        const order = await repo.findOrderForIntake(trx, { orderRef: event.orderRef, references });
        const id = await repo.insertDispute(trx, {
          order_key: order?.id ?? null,
          processor: event.processor,
          processor_dispute_id: event.processorDisputeId,
          reason_code: event.reasonCode,
          reason_category: event.reasonCategory ?? categoryOfReason(event.reasonCode),
          amount_minor: event.amountMinor,
          currency: event.currency,
          opened_at: event.openedAt,
          respond_by: event.respondBy ?? estimateRespondBy(event.reasonCode, event.openedAt),
          respond_by_estimated: event.respondBy ? 0 : 1,
          stage: event.stage ?? 'chargeback',
          state: event.state ?? RESPONSE_DUE_STATE,
          source: event.source,
          payment_reference: event.paymentReference,
          transaction_id: event.transactionId,
          order_ref: event.orderRef,
          processor_event_at: event.occurredAt,
          closed_at: event.state && !isOpenDispute(event.state) ? at : null,
          created_at: at,
          updated_at: at,
        });
        await repo.linkIntakeEvent(trx, event.source, event.eventId, id);
        if (order) await attachToOrder(trx, tx, (await repo.findDispute(trx, id)) as repo.DisputeRow, order, null, at);
        return { outcome: 'created', dispute_id: id, matched: Boolean(order) };
      }

      const id = existing.id;
      await repo.linkIntakeEvent(trx, event.source, event.eventId, id);
      // Processors may deliver out of order: a closed dispute is not reopened by an older update.
      if (existing.processor_event_at && event.occurredAt < existing.processor_event_at) {
        return { outcome: 'stale', dispute_id: id, matched: existing.order_key !== null };
      }
      let row = existing;
      let linkTo: { id: number; process_status: string } | null = null;
      if (row.order_key === null) {
        // The order may have arrived since the dispute did.
        const order = await repo.findOrderForIntake(trx, { orderRef: event.orderRef ?? row.order_ref, references });
        if (order) {
          linkTo = order;
          row = { ...row, order_key: order.id, public_order_id: order.order_id };
        }
      }
      await applyDisputeChanges(
        trx,
        tx,
        row,
        {
          stage: event.stage ?? undefined,
          state: event.state ?? undefined,
          amountMinor: event.amountMinor,
          // A processor's date replaces an estimate or an older date; an estimate never replaces a date.
          respondBy: event.respondBy ? { at: event.respondBy, estimated: false } : undefined,
        },
        null,
        at,
        { processor_event_at: event.occurredAt, ...(linkTo ? { order_key: linkTo.id } : {}) },
      );
      if (linkTo) await attachToOrder(trx, tx, (await repo.findDispute(trx, id)) as repo.DisputeRow, linkTo, null, at);
      return { outcome: 'updated', dispute_id: id, matched: row.order_key !== null };
    });
  }

  return {
    /** Two deliveries of one new dispute at once: the loser of the unique index runs again and updates. */
    async apply(event: IntakeEvent): Promise<IntakeResult> {
      try {
        return await retryingConflicts(() => applyOnce(event));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return applyOnce(event);
      }
    },
  };
}
