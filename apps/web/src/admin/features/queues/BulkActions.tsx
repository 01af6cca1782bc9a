import Button from 'react-bootstrap/Button';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import type { BulkAction } from './views.ts';

/** SPEC §2 button labels, written once. */
export const BULK_LABEL: Record<BulkAction, string> = {
  assign: 'Assign to me',
  unassign: 'Move to Original Folder',
  refund: 'Refunded it',
  delete: 'Delete Order',
};

const VARIANT: Record<BulkAction, string> = {
  assign: 'primary',
  unassign: 'outline-primary',
  refund: 'success',
  delete: 'outline-danger',
};

interface BulkActionsProps {
  actions: readonly BulkAction[];
  selected: number;
  busy: boolean;
  onAction: (action: BulkAction) => void;
}

/**
 * SPEC §2 bulk area on the selected rows. The buttons stay in place and are disabled while nothing
 * is selected, so the layout does not jump and staff can see what the queue offers.
 */
export function BulkActions({ actions, selected, busy, onAction }: BulkActionsProps) {
  const count = selected === 0 ? WEB_TEXT.noneSelected : `${selected} selected`;
  // the shell's one live region reads the count out (DESIGN §24)
  useAnnounce(actions.length > 0 ? count : null);
  if (actions.length === 0) return null;
  return (
    <fieldset className="bulk-actions">
      <legend className="visually-hidden">{WEB_TEXT.bulkLegend}</legend>
      <span className="bulk-count small text-secondary">{count}</span>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={VARIANT[action]}
          disabled={selected === 0 || busy}
          onClick={() => onAction(action)}
        >
          {BULK_LABEL[action]}
        </Button>
      ))}
    </fieldset>
  );
}
