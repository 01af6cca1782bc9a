import { AWAITING_REPLIED_COUNT, type FolderDef, formatUtcDateTime, INBOX_MSG, STATUS } from '@eta/shared';
import { useAppSelector } from '../../../store/index.ts';
import { selectCount } from '../../../store/orderSlice.ts';
import { INBOX_TEXT } from './texts.ts';
import './inbox.css';

/** "Customer replied" on a queue row whose order the customer answered while it awaited them. */
export function CustomerRepliedBadge({ order }: { order: { customer_replied_at: string | null } }) {
  if (!order.customer_replied_at) return null;
  return (
    <span className="badge customer-replied" title={formatUtcDateTime(order.customer_replied_at) ?? undefined}>
      {INBOX_MSG.customerReplied}
    </span>
  );
}

/** Beside Awaiting Customer in the sidebar: how many of its orders the customer has replied to; nothing when none. */
export function AwaitingRepliedBadge({ folder }: { folder: FolderDef }) {
  const awaiting =
    !folder.mine && !folder.overdue && folder.statuses?.length === 1 && folder.statuses[0] === STATUS.Awaiting;
  const value = useAppSelector((state) => (awaiting ? selectCount(state)[AWAITING_REPLIED_COUNT] : undefined));
  if (!value) return null;
  return (
    <span
      className="badge rounded-pill awaiting-replied-count"
      title={INBOX_TEXT.repliedCount(value)}
      data-testid="awaiting-replied-count"
    >
      {value}
      <span className="visually-hidden"> {INBOX_TEXT.repliedCount(value)}</span>
    </span>
  );
}
