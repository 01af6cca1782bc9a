import { type ServiceLevelFields, type ServiceLevelTone, SLA_TEXT, serviceLevelBadge } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';

/** Red past due, amber close to it, quiet while there is time or the clock stands still. */
const LOOK: Readonly<Record<ServiceLevelTone, { bg: string; text?: 'dark' }>> = {
  overdue: { bg: 'danger' },
  soon: { bg: 'warning', text: 'dark' },
  due: { bg: 'light', text: 'dark' },
  paused: { bg: 'secondary' },
};

interface ServiceLevelBadgeProps {
  order: ServiceLevelFields;
  /** ms since the epoch; the time of this render unless a test fixes it */
  now?: number;
}

/**
 * An order's service level as DESIGN §18 shows it, on queue rows and the detail header: "Due in 3 h"
 * or "Overdue" (shared serviceLevelBadge decides, as the Overdue folder does); nothing once met, for
 * a closed order, or for one never measured. Counted at render: the list and the detail refetch.
 */
export function ServiceLevelBadge({ order, now = Date.now() }: ServiceLevelBadgeProps) {
  const badge = serviceLevelBadge(order, now);
  if (!badge) return null;
  const look = LOOK[badge.tone];
  const title = badge.tone === 'paused' ? SLA_TEXT.pausedTitle : SLA_TEXT.dueTitle(order.sla_due_at ?? '');
  return (
    <Badge
      bg={look.bg}
      text={look.text}
      className={`sla-badge${look.bg === 'light' ? ' border' : ''}`}
      title={title}
      data-testid="sla-badge"
      data-tone={badge.tone}
    >
      {badge.text}
    </Badge>
  );
}
