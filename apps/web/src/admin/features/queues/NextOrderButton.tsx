import {
  CLAIM_MSG,
  can,
  type FolderDef,
  mayPick,
  nextOrderFolder,
  nextOrderPick,
  URGENT_NEXT_ORDER,
} from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import SplitButton from 'react-bootstrap/SplitButton';
import { useAppSelector } from '../../../store/index.ts';
import { useShortcut } from '../keys/index.ts';
import { useNextOrder } from './useNextOrder.ts';

const urgent = nextOrderPick(URGENT_NEXT_ORDER);

/**
 * "Next order" (DESIGN §18) on New, Priority and Process 5th March: the server claims the folder's
 * oldest free order for the member and the screen opens it; none free is an error toast with the
 * server's message. Its menu offers the most urgent across the three folders (§23). Nothing on the
 * other queues.
 */
export function NextOrderButton({ folder }: { folder: FolderDef }) {
  const role = useAppSelector((state) => state.auth.role);
  const { next, claiming } = useNextOrder();
  const offered = nextOrderFolder(folder.name) !== undefined && can(role, folder.capability);
  // DESIGN §23: `n` in the queue
  useShortcut('n', offered ? () => void next(folder.name) : null);
  if (!offered) return null;
  const title = (
    <>
      {claiming && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {CLAIM_MSG.nextOrderButton}
    </>
  );

  return (
    // ms-auto: beside Refresh at the header's end, whatever else the header holds
    <SplitButton
      id="next-order"
      className="ms-auto"
      size="sm"
      variant="primary"
      title={title}
      toggleLabel="Choose which order comes next"
      disabled={claiming}
      onClick={() => void next(folder.name)}
    >
      <Dropdown.Item as="button" type="button" onClick={() => void next(folder.name)}>
        {CLAIM_MSG.nextFolderChoice}
      </Dropdown.Item>
      {urgent && mayPick(role, urgent) && (
        <Dropdown.Item as="button" type="button" onClick={() => void next(URGENT_NEXT_ORDER)}>
          {CLAIM_MSG.nextUrgentChoice}
        </Dropdown.Item>
      )}
    </SplitButton>
  );
}

/** The dashboard's Next order: the most urgent free order across the three folders (DESIGN §23). */
export function NextUrgentOrderButton() {
  const role = useAppSelector((state) => state.auth.role);
  const { next, claiming } = useNextOrder();
  if (!urgent || !mayPick(role, urgent)) return null;
  return (
    <Button
      variant="primary"
      size="sm"
      className="ms-auto"
      title={CLAIM_MSG.nextUrgentChoice}
      onClick={() => void next(URGENT_NEXT_ORDER)}
      disabled={claiming}
    >
      {claiming && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {CLAIM_MSG.nextOrderButton}
    </Button>
  );
}
