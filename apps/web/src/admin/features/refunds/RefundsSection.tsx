import { formatMoney, formatUtcDateTime, REFUND_STATE_LABEL, type RefundRecord, refundFailureText } from '@eta/shared';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DetailSection } from '../../../components/DetailSection.tsx';
import { useFeatureOn } from '../../../store/features.ts';
import { useOrderRefundsQuery, useRetryRefundMutation } from './api.ts';
import { RefundPart } from './RefundPart.tsx';
import { REFUNDS_TEXT } from './texts.ts';

const BADGE: Record<RefundRecord['state'], string> = {
  requested: 'text-bg-secondary',
  pending: 'text-bg-info',
  succeeded: 'text-bg-success',
  failed: 'text-bg-danger',
  canceled: 'text-bg-warning',
};

/** How often an order's refunds on their way are asked for again: the refund worker answers in about a second. */
export const REFUND_POLL_MS = 2000;

/**
 * The order's refunds through Stripe (DESIGN §26): each with its state, and a Retry when it failed
 * (while Stripe is connected: nothing would send it otherwise); for an order paid elsewhere, or with
 * Stripe not connected, where its refund is to be made (the server's note, in staff's terms). With
 * something left to refund through Stripe, part of it can be refunded here.
 */
export function RefundsSection({ orderId, locked }: { orderId: string; locked: boolean }) {
  // A refund on its way (sent, or pending at Stripe) settles within seconds, by the worker or a
  // webhook, with nothing on this screen to refetch it: asked again until it has, so "Sent to Stripe"
  // never stays on screen after Stripe has answered.
  const [pollMs, setPollMs] = useState(0);
  const { data } = useOrderRefundsQuery(orderId, { pollingInterval: pollMs, skipPollingIfUnfocused: true });
  const settling = data?.data?.refunds.some((r) => r.state === 'requested' || r.state === 'pending') ?? false;
  useEffect(() => setPollMs(settling ? REFUND_POLL_MS : 0), [settling]);
  const [retry, retrying] = useRetryRefundMutation();
  const stripe = useFeatureOn('stripe');
  const refunds = data?.data;
  if (!refunds) return null;
  const remaining = refunds.remaining_minor === null ? null : formatMoney(refunds.remaining_minor, refunds.currency);
  return (
    <DetailSection
      id="refunds"
      title="Refunds"
      flush
      aside={remaining && <span className="small text-secondary">{remaining} left to refund</span>}
    >
      {refunds.note && <p className="small mb-0 px-3 py-2">{refunds.note}</p>}
      {refunds.through === 'stripe' && stripe && refunds.currency && (refunds.remaining_minor ?? 0) > 0 && (
        <RefundPart
          orderId={orderId}
          remainingMinor={refunds.remaining_minor ?? 0}
          currency={refunds.currency}
          locked={locked}
        />
      )}
      {refunds.refunds.length > 0 && (
        <ul className="list-unstyled mb-0">
          {refunds.refunds.map((refund) => (
            // wraps as a whole (why it failed, then Retry, on the next line) rather than squeezing each part
            <li
              key={refund.id}
              className="d-flex flex-wrap align-items-center column-gap-2 row-gap-1 px-3 py-2 border-top"
            >
              <span className={`badge ${BADGE[refund.state]}`}>{REFUND_STATE_LABEL[refund.state]}</span>
              <span>{formatMoney(refund.amount_minor, refund.currency)}</span>
              <span className="small text-secondary">
                {refund.requested_by_name ?? REFUNDS_TEXT.system} · {formatUtcDateTime(refund.requested_at)} UTC
                {refund.processor_refund_id ? ` · ${refund.processor_refund_id}` : ''}
              </span>
              {refund.failure_reason && refund.state === 'failed' && (
                <span className="small text-danger">{refundFailureText(refund.failure_reason)}</span>
              )}
              {refund.state === 'failed' && stripe && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="ms-auto text-nowrap"
                  disabled={locked || retrying.isLoading}
                  onClick={() => void retry(refund.id)}
                >
                  {REFUNDS_TEXT.retry}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
