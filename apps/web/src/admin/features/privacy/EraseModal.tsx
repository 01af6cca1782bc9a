import { PRIVACY_MSG } from '@eta/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify, notifyRefusal } from '../../../lib/notify.ts';
import { useEraseOrderMutation } from './api.ts';

/**
 * Erasure on request (DESIGN §16): says exactly what goes and what stays, asks why, and under legal
 * hold shows the server's refusal with the one way on (the law requires it), which is logged.
 */
export function EraseModal({
  orderId,
  onClose,
  onErased,
}: {
  orderId: string;
  onClose: () => void;
  onErased: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [held, setHeld] = useState<string | null>(null);
  const [erase, erasing] = useEraseOrderMutation();

  const submit = async (override: boolean) => {
    if (reason.trim() === '') return setError(PRIVACY_MSG.reasonRequired);
    try {
      notify(await erase({ orderId, reason, override }).unwrap());
      onErased();
    } catch (caught) {
      const refusal = refusalOf(caught);
      const data = refusal.data as { legalHold?: boolean } | undefined;
      if (data?.legalHold) return setHeld(refusal.message);
      const reasonError = fieldErrors(refusal).reason;
      if (reasonError) return setError(reasonError);
      notifyRefusal(refusal);
    }
    onClose();
  };

  return (
    <AppModal show onHide={onClose} centered aria-labelledby="erase-title">
      <Modal.Header closeButton>
        <Modal.Title id="erase-title" className="h5">
          Erase personal data of {orderId}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small mb-2">This cannot be undone. At once:</p>
        <ul className="small">
          <li>names become &ldquo;Erased&rdquo;; email, phone, address, date of birth and every answer are removed;</li>
          <li>the passport and selfie images, the eTA documents and invoice PDFs are deleted;</li>
          <li>mail bodies, download IPs and remark texts are cleared.</li>
        </ul>
        <p className="small text-secondary">
          Kept: order id, dates, status, amount, nationality and processing type, so reports and invoices still add up.
        </p>
        <FormField id="erase-reason" label="Reason (kept in the audit log)" error={error ?? undefined}>
          <Form.Control
            id="erase-reason"
            as="textarea"
            rows={2}
            value={reason}
            isInvalid={!!error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </FormField>
        {held && (
          <Alert variant="warning" className="small mb-0">
            {held}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        {held ? (
          <Button variant="danger" disabled={erasing.isLoading} onClick={() => void submit(true)}>
            Erase anyway (the law requires it)
          </Button>
        ) : (
          <Button variant="danger" disabled={erasing.isLoading} onClick={() => void submit(false)}>
            Erase personal data
          </Button>
        )}
      </Modal.Footer>
    </AppModal>
  );
}
