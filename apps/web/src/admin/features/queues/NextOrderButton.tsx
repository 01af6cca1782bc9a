import { ADMIN_ROUTE, CLAIM_MSG, can, encodeOrderRef, type FolderDef, nextOrderFolder } from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../store/index.ts';
import { useShortcut } from '../keys/index.ts';
import { useClaimNextOrderMutation } from './nextOrderApi.ts';

/**
 * "Next order" (DESIGN §18) on New, Priority and Process 5th March: the server claims the folder's
 * oldest free order for the member and the screen opens it; none free is an error toast with the
 * server's message. Nothing on the other queues.
 */
export function NextOrderButton({ folder }: { folder: FolderDef }) {
  const role = useAppSelector((state) => state.auth.role);
  const navigate = useNavigate();
  const [claim, state] = useClaimNextOrderMutation();
  const offered = nextOrderFolder(folder.name) !== undefined && can(role, folder.capability);
  // DESIGN §23: `n` in the queue
  useShortcut('n', offered ? () => void onClick() : null);
  if (!offered) return null;

  async function onClick() {
    const envelope = await claim({ folder: folder.name }).unwrap().catch(refused);
    const orderId = envelope?.data?.orderId;
    if (!envelope || !notify(envelope) || !orderId) return;
    await navigate(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(orderId)}`);
  }

  return (
    // ms-auto: beside Refresh at the header's end, whatever else the header holds
    <Button variant="primary" size="sm" className="ms-auto" onClick={() => void onClick()} disabled={state.isLoading}>
      {state.isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {CLAIM_MSG.nextOrderButton}
    </Button>
  );
}
