import { type DisputeRecord, disputeLabel, formatMoney, formatUtcDate } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FieldGrid } from '../../../components/DetailSection.tsx';
import { AcceptDispute, SubmitEvidence } from '../refunds/index.ts';
import { DisputeEditForm } from './DisputeEditForm.tsx';
import { DueDate } from './DueDate.tsx';
import { StateBadge } from './StateBadge.tsx';
import { DISPUTE_TEXT } from './texts.ts';

/** "Stripe · dp_123": how a dispute is named on screen. */
export const disputeName = (d: Pick<DisputeRecord, 'processor' | 'processor_dispute_id'>) =>
  `${disputeLabel(d.processor)} · ${d.processor_dispute_id}`;

/** "10.4 · Fraud" */
export const reasonText = (d: Pick<DisputeRecord, 'reason_code' | 'reason_category'>) =>
  `${d.reason_code} · ${disputeLabel(d.reason_category)}`;

interface DisputeCardProps {
  dispute: DisputeRecord;
  /** the order is held by another member: the server would refuse a change (DESIGN §6) */
  locked: boolean;
}

/** One dispute of the order: what it is, its deadline and outcome, and its change form on demand. */
export function DisputeCard({ dispute, locked }: DisputeCardProps) {
  const [editing, setEditing] = useState(false);
  const headingId = `dispute-${dispute.id}-title`;
  return (
    <article className="dispute-item" aria-labelledby={headingId} data-testid="dispute">
      <div className="dispute-item-head">
        <h3 id={headingId} className="h6 mb-0 text-break">
          {disputeName(dispute)}
        </h3>
        <StateBadge state={dispute.state} />
        <SubmitEvidence dispute={dispute} locked={locked} />
        <AcceptDispute dispute={dispute} locked={locked} />
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          disabled={locked}
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          {editing ? DISPUTE_TEXT.hideChange : DISPUTE_TEXT.change}
        </Button>
      </div>
      <FieldGrid
        fields={[
          { label: DISPUTE_TEXT.reason, value: reasonText(dispute) },
          { label: DISPUTE_TEXT.amount, value: formatMoney(dispute.amount_minor, dispute.currency) },
          { label: DISPUTE_TEXT.opened, value: formatUtcDate(dispute.opened_at) },
          {
            label: DISPUTE_TEXT.respondBy,
            value: (
              <DueDate
                respondBy={dispute.respond_by}
                days={dispute.days_left}
                estimated={dispute.respond_by_estimated}
              />
            ),
          },
          { label: DISPUTE_TEXT.stage, value: disputeLabel(dispute.stage) },
          { label: DISPUTE_TEXT.evidenceSubmitted, value: formatUtcDate(dispute.evidence_submitted_at) },
          { label: DISPUTE_TEXT.note, value: dispute.note, wide: true },
        ]}
      />
      {editing && <DisputeEditForm dispute={dispute} onDone={() => setEditing(false)} />}
    </article>
  );
}
