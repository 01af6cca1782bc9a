import { type MoveRule, MSG, movesFrom, type Role, STATUS } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useCompleteRefundMutation, useMoveOrderStatusMutation } from './api.ts';
import { statusText } from './format.ts';
import { ORDER_TEXT } from './texts.ts';

interface MoveButtonsProps {
  orderId: string;
  status: string;
  role: Role;
  locked: boolean;
}

const confirmText = (rule: MoveRule, orderId: string, status: string) => {
  if (rule.to === STATUS.Deleted) return MSG.confirmDelete;
  if (rule.call === 'refund') return ORDER_TEXT.confirmRefund;
  return ORDER_TEXT.confirmMove(orderId, statusText(status), statusText(rule.to));
};

/**
 * SPEC §4's move buttons: exactly the moves the shared table allows from this status for this role
 * (the server enforces the same table), each asked first. Tags refetch counts, queues and the order.
 */
export function MoveButtons({ orderId, status, role, locked }: MoveButtonsProps) {
  const [pending, setPending] = useState<MoveRule | null>(null);
  const [open, setOpen] = useState(false);
  const [move, moveState] = useMoveOrderStatusMutation();
  const [refund, refundState] = useCompleteRefundMutation();
  const busy = moveState.isLoading || refundState.isLoading;
  const rules = movesFrom(status, role);

  const confirm = async () => {
    if (!pending) return;
    if (pending.call === 'refund') {
      // a refusal is toasted by the base query
      const envelope = await refund({ orderId: [orderId] })
        .unwrap()
        .catch(refused);
      setOpen(false);
      // One order through the bulk call: "status 1 but not moved" (held, already there) is a warning.
      if (envelope && !envelope.data?.updated.length) toast.warning(envelope.message);
      else if (envelope) notify(envelope);
      return;
    }
    const envelope = await move({ orderId, updatingStatus: pending.to }).unwrap().catch(refused);
    setOpen(false);
    if (envelope) notify(envelope);
  };

  if (rules.length === 0) return <p className="text-secondary small mb-0">{ORDER_TEXT.noMoves}</p>;
  return (
    <>
      <div className="move-buttons">
        {rules.map((rule) => (
          <Button
            key={rule.to}
            variant={rule.to === STATUS.Deleted ? 'outline-danger' : 'outline-primary'}
            size="sm"
            disabled={busy || locked}
            onClick={() => {
              setPending(rule);
              setOpen(true);
            }}
          >
            {rule.label}
          </Button>
        ))}
      </div>
      <ConfirmModal
        show={open}
        message={pending ? confirmText(pending, orderId, status) : undefined}
        variant={pending?.to === STATUS.Deleted ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
