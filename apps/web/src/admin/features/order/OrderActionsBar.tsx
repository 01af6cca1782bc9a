import { DEFENCE_STATUSES, type DefencePackType, type OrderStatus } from '@eta/shared';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { ORDER_TEXT } from './texts.ts';

export interface OrderActionsBarProps {
  /** process_status of the order: the defence buttons work only in DEFENCE_STATUSES (SPEC §4) */
  status: string;
  onViewEmailContent: () => void;
  /** Defence Pack 1 or 2: the defence feature (features/defence) builds and opens the PDF */
  onDefencePack: (type: DefencePackType) => void;
  /** Enter Transaction Details: the defence feature's transaction modal */
  onTransactionDetails: () => void;
  /** true while a defence action is running, so it is not started twice */
  busy?: boolean;
  /** actions of other features started from the order (DESIGN §23: Send Invoice), at the row's end */
  children?: ReactNode;
}

/** True when the defence packs and transaction details apply to an order in `status` (SPEC §4). */
export const defenceEnabled = (status: string): boolean => DEFENCE_STATUSES.includes(status as OrderStatus);

/**
 * The bottom button row of SPEC §2. It only raises events: what each defence button does belongs to
 * the defence feature, which the page wires through these props.
 */
export function OrderActionsBar({
  status,
  onViewEmailContent,
  onDefencePack,
  onTransactionDetails,
  busy = false,
  children,
}: OrderActionsBarProps) {
  const enabled = defenceEnabled(status) && !busy;
  // A disabled button shows no tooltip: the hint sits under the row instead, where it can be read.
  return (
    <div className="order-actions-bar">
      <div className="order-actions">
        <Button variant="primary" onClick={onViewEmailContent}>
          View Email Content
        </Button>
        <Button
          variant="outline-primary"
          data-testid="defence-pack-1"
          disabled={!enabled}
          onClick={() => onDefencePack(1)}
        >
          Defence Pack 1
        </Button>
        <Button
          variant="outline-primary"
          data-testid="defence-pack-2"
          disabled={!enabled}
          onClick={() => onDefencePack(2)}
        >
          Defence Pack 2
        </Button>
        <Button
          variant="outline-primary"
          data-testid="transaction-details"
          disabled={!enabled}
          onClick={onTransactionDetails}
        >
          Enter Transaction Details
        </Button>
        {children}
      </div>
      {!defenceEnabled(status) && <p className="small text-secondary mb-0 mt-2">{ORDER_TEXT.defenceHint}</p>}
    </div>
  );
}
