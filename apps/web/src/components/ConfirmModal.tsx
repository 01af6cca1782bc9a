import { MSG } from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from './AppModal.tsx';

interface ConfirmModalProps {
  show: boolean;
  /** SPEC §8: the default confirm text is 'Are you sure you want to delete?'. */
  message?: string;
  /** what exactly will happen ("Delete 300 orders."), in bold above SPEC's question */
  detail?: string;
  confirmLabel?: string;
  /** red for what cannot be undone (the default), blue for everyday actions such as assigning */
  variant?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The small confirm dialog of SPEC §9 (confirm size sm). */
export function ConfirmModal({
  show,
  message = MSG.confirmDelete,
  detail,
  confirmLabel = 'Yes',
  variant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <AppModal show={show} onHide={onCancel} size="sm" centered aria-labelledby="confirm-modal-text">
      <Modal.Body id="confirm-modal-text">
        {detail && <p className="fw-semibold mb-2">{detail}</p>}
        <p className="mb-0">{message}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </AppModal>
  );
}
