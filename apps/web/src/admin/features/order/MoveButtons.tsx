import { can, FLOW_MSG, type MoveRule, MSG, movesFrom, type Role, STATUS } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useCompleteRefundMutation, useMoveOrderStatusMutation, useRestoreOrderMutation } from './api.ts';
import { statusText } from './format.ts';
import { ORDER_TEXT } from './texts.ts';

interface MoveButtonsProps {
  orderId: string;
  status: string;
  role: Role;
  locked: boolean;
  /** the order's latest document is there and not rejected: completing it needs no warning */
  hasApprovedEta: boolean;
}

/** A move button, or Restore (DESIGN §23) on a Deleted order. */
type Pending = MoveRule | 'restore';

interface Question {
  message: string;
  detail?: string;
}

function questionOf(pending: Pending, orderId: string, status: string, hasApprovedEta: boolean): Question {
  if (pending === 'restore') return { message: FLOW_MSG.restoreConfirm };
  if (pending.to === STATUS.Deleted) return { message: MSG.confirmDelete };
  if (pending.call === 'refund') return { message: ORDER_TEXT.confirmRefund };
  // issue 33: completing an order the customer has nothing to download for asks in so many words
  if (pending.to === STATUS.Completed && !hasApprovedEta)
    return { message: FLOW_MSG.completeWithoutEta, detail: FLOW_MSG.completeWithoutEtaDetail };
  return { message: ORDER_TEXT.confirmMove(orderId, statusText(status), statusText(pending.to)) };
}

/**
 * SPEC §4's move buttons: exactly the moves the shared table allows from this status for this role
 * (the server enforces the same table), each asked first. On a Deleted order, Restore first for whoever
 * may delete. Tags refetch counts, queues and the order.
 */
export function MoveButtons({ orderId, status, role, locked, hasApprovedEta }: MoveButtonsProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [move, moveState] = useMoveOrderStatusMutation();
  const [refund, refundState] = useCompleteRefundMutation();
  const [restore, restoreState] = useRestoreOrderMutation();
  const busy = moveState.isLoading || refundState.isLoading || restoreState.isLoading;
  const rules = movesFrom(status, role);
  const restorable = status === STATUS.Deleted && can(role, 'orders.delete');

  const confirm = async () => {
    if (!pending) return;
    if (pending === 'restore') {
      const envelope = await restore({ orderId }).unwrap().catch(refused);
      setOpen(false);
      if (envelope) notify(envelope);
      return;
    }
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
  const ask = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };

  if (rules.length === 0 && !restorable) return <p className="text-secondary small mb-0">{ORDER_TEXT.noMoves}</p>;
  const question = pending ? questionOf(pending, orderId, status, hasApprovedEta) : undefined;
  return (
    <>
      <div className="move-buttons">
        {restorable && (
          <Button
            variant="success"
            size="sm"
            disabled={busy || locked}
            title={FLOW_MSG.restoreHint}
            onClick={() => ask('restore')}
          >
            {FLOW_MSG.restoreButton}
          </Button>
        )}
        {rules.map((rule) => (
          <Button
            key={rule.to}
            variant={rule.to === STATUS.Deleted ? 'outline-danger' : 'outline-primary'}
            size="sm"
            disabled={busy || locked}
            onClick={() => ask(rule)}
          >
            {rule.label}
          </Button>
        ))}
      </div>
      <ConfirmModal
        show={open}
        message={question?.message}
        detail={question?.detail}
        variant={pending !== 'restore' && pending?.to === STATUS.Deleted ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
