import type { FraudWarningRecord } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from '../../../components/AppModal.tsx';
import { type ApiError, shownRefusal } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useKeepWarningMutation } from './api.ts';

/** Said before sending: the server requires a reason too (keepWarningSchema) and says the same. */
const REASON_REQUIRED = 'reason is required.';

/**
 * "Keep" on a fraud warning (DESIGN §26): no refund, so the member says why; the reason stays on the
 * warning and in the order's Activity. A refusal (already decided, no reason) shows the API's message.
 */
export function KeepWarningModal({ warning, onClose }: { warning: FraudWarningRecord | null; onClose: () => void }) {
  const [keep, state] = useKeepWarningMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!warning) return;
    if (!reason.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    const result = await keep({ id: warning.id, reason: reason.trim() });
    if ('error' in result) setError(shownRefusal(result.error as ApiError));
    else {
      if (result.data) notify(result.data);
      close();
    }
  };
  return (
    <AppModal show={warning !== null} onHide={close} size="lg" aria-labelledby="keep-warning-title">
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="keep-warning-title">
            Keep the payment{warning?.order_id ? ` of ${warning.order_id}` : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="keep-warning-reason">
            <Form.Label>Why keep it (no refund)?</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={500}
              value={reason}
              isInvalid={error !== null}
              onChange={(event) => setReason(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={state.isLoading}>
            Keep, no refund
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
