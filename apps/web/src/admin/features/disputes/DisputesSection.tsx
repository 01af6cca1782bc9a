import type { OrderDetail } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DetailSection } from '../../../components/DetailSection.tsx';
import { DisputeCard } from './DisputeCard.tsx';
import { OpenDisputeModal } from './OpenDisputeModal.tsx';
import { DISPUTE_TEXT } from './texts.ts';
import { WonDisputeOffer } from './WonDisputeOffer.tsx';
import './disputes.css';

/**
 * The order's disputes (DESIGN §14), placed on the detail right after Payment Details: a dispute is
 * about that payment, and the member reads the two together.
 */
export function DisputesSection({ order, locked }: { order: OrderDetail; locked: boolean }) {
  const [opening, setOpening] = useState(false);
  const { disputes } = order;
  return (
    <DetailSection
      id="disputes"
      title={DISPUTE_TEXT.sectionTitle}
      flush
      aside={
        <div className="d-flex align-items-center gap-2">
          <span className="text-secondary small">{disputes.length}</span>
          <Button size="sm" variant="outline-danger" disabled={locked} onClick={() => setOpening(true)}>
            {DISPUTE_TEXT.openDispute}
          </Button>
        </div>
      }
    >
      <WonDisputeOffer order={order} locked={locked} />
      {disputes.length === 0 ? (
        <p className="text-secondary small mb-0 px-3 py-3">{DISPUTE_TEXT.noDisputes}</p>
      ) : (
        <div className="dispute-list">
          {disputes.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} locked={locked} />
          ))}
        </div>
      )}
      <OpenDisputeModal show={opening} order={order} onHide={() => setOpening(false)} />
    </DetailSection>
  );
}
