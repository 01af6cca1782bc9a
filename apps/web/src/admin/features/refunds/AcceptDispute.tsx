import { type DisputeRecord, formatMoney } from '@eta/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from '../../../components/AppModal.tsx';
import { type ApiError, shownRefusal } from '../../../lib/apiError.ts';
import { useFeatureOn } from '../../../store/features.ts';
import { useAcceptDisputeMutation } from './api.ts';

/**
 * "Accept" on a Stripe dispute (DESIGN §26): concedes it at Stripe, which cannot be undone, so it
 * asks first. Hidden while Stripe is not connected here, once evidence is submitted or the dispute
 * accepted; past the deadline the server refuses (409) and its message is shown in the dialog.
 */
export function AcceptDispute({ dispute, locked }: { dispute: DisputeRecord; locked: boolean }) {
  const [accept, state] = useAcceptDisputeMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // with Stripe not connected here the concession is made in Stripe's dashboard
  const stripe = useFeatureOn('stripe');
  if (!stripe || dispute.processor !== 'stripe' || dispute.evidence_submitted_at || dispute.accepted_at) return null;

  const close = () => {
    setAsking(false);
    setError(null);
  };
  const confirm = async () => {
    setError(null);
    const result = await accept(dispute.id);
    if ('error' in result) setError(shownRefusal(result.error as ApiError));
    else close();
  };

  return (
    <>
      <Button size="sm" variant="outline-danger" disabled={locked} onClick={() => setAsking(true)}>
        Accept
      </Button>
      <AppModal show={asking} onHide={close} size="lg" aria-labelledby="accept-dispute-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="accept-dispute-title">
            Accept this dispute?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            Stripe closes the dispute as lost: the {formatMoney(dispute.amount_minor, dispute.currency)} stays with the
            customer and no evidence can be sent afterwards.
          </p>
          {error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" disabled={state.isLoading} onClick={() => void confirm()}>
            Accept the dispute
          </Button>
        </Modal.Footer>
      </AppModal>
    </>
  );
}
