import { FLOW_MSG, moveRefusal, type OrderDetail, STATUS, statusLabel } from '@eta/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../store/index.ts';
import { useMoveOutOfChargeBackMutation } from './api.ts';

/**
 * Issue 33: a won dispute leaves its order in Charge Back until a member moves it. When one of the
 * order's disputes is won and the order is still there, the section offers the move back to
 * Completed (the order was paid for and delivered), as the detail's own button would make it.
 */
export function WonDisputeOffer({ order, locked }: { order: OrderDetail; locked: boolean }) {
  const role = useAppSelector((state) => state.auth.role);
  const [move, state] = useMoveOutOfChargeBackMutation();
  const won = order.disputes.some((dispute) => dispute.state === 'won');
  const to = STATUS.Completed;
  if (!won || order.process_status !== STATUS.ChargeBack || !role || moveRefusal(order.process_status, to, role))
    return null;
  const onMove = async () => {
    const envelope = await move({ orderId: order.order_id, updatingStatus: to }).unwrap().catch(refused);
    if (envelope) notify(envelope);
  };
  return (
    <Alert variant="success" className="m-3 d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{FLOW_MSG.wonDisputeHint}</span>
      <Button size="sm" variant="success" disabled={locked || state.isLoading} onClick={() => void onMove()}>
        Move to {statusLabel(to)}
      </Button>
    </Alert>
  );
}
