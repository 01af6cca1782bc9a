import { daysLeftLabel, formatUtcDate, isDueSoon } from '@eta/shared';
import { DISPUTE_TEXT } from './texts.ts';
import './disputes.css';

interface DueDateProps {
  /** the deadline (ISO); null: none */
  respondBy: string | null;
  /** whole days left (shared `daysLeft`); null: not counted (no deadline, or the dispute is no longer waiting on us) */
  days: number | null;
  /** the deadline was estimated from the reason code, not given by the processor or a member */
  estimated?: boolean;
}

/**
 * A dispute's deadline as DESIGN §14 shows it: the day, then the days left, in red at DUE_SOON_DAYS
 * or fewer and "Overdue" past it; '-' when there is none.
 */
export function DueDate({ respondBy, days, estimated = false }: DueDateProps) {
  const day = formatUtcDate(respondBy);
  if (!day) return <span>-</span>;
  const soon = days !== null && isDueSoon(days);
  return (
    <span className="due-date">
      <span className="text-nowrap">{day}</span>
      {days !== null && (
        <span
          className={`due-left text-nowrap${soon ? ' due-soon text-danger fw-semibold' : ' text-secondary'}`}
          data-testid="days-left"
        >
          {daysLeftLabel(days)}
        </span>
      )}
      {estimated && (
        <span className="due-estimated small text-secondary fst-italic" title={DISPUTE_TEXT.estimatedTitle}>
          {DISPUTE_TEXT.estimated}
        </span>
      )}
    </span>
  );
}
