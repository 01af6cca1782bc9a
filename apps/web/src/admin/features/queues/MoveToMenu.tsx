import {
  bulkMoveMessage,
  FLOW_MSG,
  MOVE_RULES,
  type MoveRule,
  moveRefusal,
  type Role,
  STATUS,
  statusLabel,
} from '@eta/shared';
import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { useAppDispatch } from '../../../store/index.ts';
import { setSelectedData } from '../../../store/orderSlice.ts';
import { useMoveOrdersMutation } from './api.ts';

interface Selected {
  id: string;
  status: string;
}

/**
 * The targets "Move to…" offers for these rows: a move-order-status move (Refunds keeps its own
 * call) the shared rules allow from the status of at least one selected order, for this member.
 */
export function bulkTargets(selected: readonly Selected[], role: Role | null): MoveRule[] {
  if (!role) return [];
  return MOVE_RULES.filter(
    (rule) => rule.call === 'move' && selected.some((row) => moveRefusal(row.status, rule.to, role) === null),
  );
}

interface Refusals {
  moved?: string[];
  refused?: { orderId: string; reason: string }[];
}

/**
 * DESIGN §23 bulk moves: "Move to…" on the selected rows, within the move rules. The server judges
 * each order; the toast names what it refused (a warning), or says all moved.
 */
export function MoveToMenu({ selected, role }: { selected: readonly Selected[]; role: Role | null }) {
  const dispatch = useAppDispatch();
  const [move, state] = useMoveOrdersMutation();
  const [target, setTarget] = useState<MoveRule | null>(null);
  const [open, setOpen] = useState(false);
  const targets = bulkTargets(selected, role);

  const confirm = async () => {
    if (!target) return;
    const ids = selected.map((row) => row.id);
    // A refusal of every order is a 409 with the same data: toasted by the base query, with its message.
    const envelope = await move({ orderId: ids, updatingStatus: target.to }).unwrap().catch(refused);
    setOpen(false);
    dispatch(setSelectedData([]));
    if (!envelope) return;
    const data = envelope.data as Refusals | undefined;
    const refusals = data?.refused ?? [];
    if (refusals.length > 0) toast.warning(bulkMoveMessage(data?.moved?.length ?? 0, refusals, target.to));
    else toast.success(envelope.message);
  };

  return (
    <>
      <Dropdown>
        <Dropdown.Toggle
          size="sm"
          variant="outline-primary"
          id="move-to"
          disabled={selected.length === 0 || state.isLoading}
        >
          {FLOW_MSG.moveToButton}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {targets.map((rule) => (
            <Dropdown.Item
              key={rule.to}
              as="button"
              type="button"
              onClick={() => {
                setTarget(rule);
                setOpen(true);
              }}
            >
              {statusLabel(rule.to)}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <ConfirmModal
        show={open}
        message={target ? FLOW_MSG.bulkMoveConfirm(selected.length, target.to) : undefined}
        variant={target?.to === STATUS.Deleted ? 'danger' : 'primary'}
        busy={state.isLoading}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
