import { FOLLOW_UP_COUNT_FIELD, FOLLOW_UP_MSG, type FolderDef, isFollowUpDue, isFollowUpStatus } from '@eta/shared';
import { useAppSelector } from '../../../store/index.ts';
import { selectCount } from '../../../store/orderSlice.ts';
import { FOLLOW_UP_TEXT } from './texts.ts';
import './follow-ups.css';

/** "Follow-up due" on an order whose day has come (UTC), in a queue row or on the detail. */
export function FollowUpDueBadge({ order }: { order: { process_status: string; follow_up_on: string | null } }) {
  if (!isFollowUpDue(order, Date.now())) return null;
  return <span className="badge follow-up-due">{FOLLOW_UP_MSG.due}</span>;
}

/** The due follow-ups beside Awaiting Customer and Awaiting Govt in the sidebar; nothing when none. */
export function FollowUpCountBadge({ folder }: { folder: FolderDef }) {
  const [status] = folder.statuses ?? [];
  const field = status && isFollowUpStatus(status) && !folder.mine ? FOLLOW_UP_COUNT_FIELD[status] : null;
  const value = useAppSelector((state) => (field ? selectCount(state)[field] : undefined));
  if (!value) return null;
  const label = FOLLOW_UP_TEXT.dueCount(value);
  return (
    <span className="badge rounded-pill follow-up-count" title={label} data-testid={`follow-ups-due-${folder.name}`}>
      {value}
      <span className="visually-hidden"> {FOLLOW_UP_TEXT.dueSuffix(value)}</span>
    </span>
  );
}
