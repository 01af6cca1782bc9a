import { type DisputeRecord, daysLeft, RESPONSE_DUE_STATE } from '@eta/shared';
import type { DisputeRow } from './disputes.repository.ts';

/** A dispute as the wire carries it (disputeRecordSchema); `days_left` only while a response is due. */
export function toDisputeRecord(row: DisputeRow, now: number): DisputeRecord {
  const due = row.state === RESPONSE_DUE_STATE && row.respond_by !== null;
  return {
    id: row.id,
    order_id: row.public_order_id,
    processor: row.processor as DisputeRecord['processor'],
    processor_dispute_id: row.processor_dispute_id,
    reason_code: row.reason_code,
    reason_category: row.reason_category as DisputeRecord['reason_category'],
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    opened_at: row.opened_at,
    respond_by: row.respond_by,
    respond_by_estimated: Number(row.respond_by_estimated) === 1,
    days_left: due ? daysLeft(row.respond_by as string, now) : null,
    stage: row.stage as DisputeRecord['stage'],
    state: row.state as DisputeRecord['state'],
    evidence_submitted_at: row.evidence_submitted_at,
    evidence_staged_at: row.evidence_staged_at,
    accepted_at: row.accepted_at,
    note: row.note,
    source: row.source as DisputeRecord['source'],
    payment_reference: row.payment_reference,
    transaction_id: row.transaction_id,
    order_ref: row.order_ref,
    closed_at: row.closed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
