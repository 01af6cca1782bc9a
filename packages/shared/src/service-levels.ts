import { OPEN_STATUSES, type OrderStatus, STATUS } from './statuses.ts';

/**
 * Service levels (DESIGN §18): an order is promised its approved document within a number of hours
 * of its arrival (`created_at`), by processing type. The clock stops at the first document upload
 * (`sla_met_at`) and stands still while the order waits on the customer or the government
 * (`sla_paused_at`); the time spent waiting is added to `sla_due_at` when the order moves on.
 * The database keeps those three columns by triggers (migration 080), whatever path writes.
 */

/** SLA_PRIORITY_HOURS and SLA_STANDARD_HOURS when unset. */
export const SERVICE_LEVEL_DEFAULT_HOURS = { priority: 24, standard: 72 } as const;

export interface ServiceLevelHours {
  priority: number;
  standard: number;
}

/** Awaiting Customer and Awaiting Govt: the order waits on someone else, so its clock stands still. */
export const SLA_PAUSED_STATUSES: readonly OrderStatus[] = [STATUS.Awaiting, STATUS.AwaitingGovt];

/**
 * Open statuses in which the clock runs: the statuses the Overdue folder spans. Kept in this order,
 * which migration 080's partial index writes out: SQLite uses a partial index only for a query whose
 * IN list is the same, item for item (test/service-levels.test.ts checks the plan).
 */
export const SLA_RUNNING_STATUSES: readonly OrderStatus[] = OPEN_STATUSES.filter(
  (status) => !SLA_PAUSED_STATUSES.includes(status),
);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The priority processing type (ingestion's `processing_type`) gets the shorter promise; anything else the standard one. */
export function serviceLevelHoursOf(processingType: string, hours: ServiceLevelHours): number {
  return processingType === 'priority' ? hours.priority : hours.standard;
}

/** What an arriving order's service level starts as. */
export interface ServiceLevelStart {
  sla_due_at: string;
  /** an order that arrives already waiting (an import) is paused from its creation */
  sla_paused_at: string | null;
}

export function serviceLevelOnArrival(
  order: { created_at: string; processing_type: string; process_status: string },
  hours: ServiceLevelHours,
): ServiceLevelStart {
  const created = Date.parse(order.created_at);
  const due = new Date(created + serviceLevelHoursOf(order.processing_type, hours) * HOUR).toISOString();
  const waiting = (SLA_PAUSED_STATUSES as readonly string[]).includes(order.process_status);
  return { sla_due_at: due, sla_paused_at: waiting ? new Date(created).toISOString() : null };
}

/**
 * Time left as a badge says it, rounded down so it never promises more than there is: minutes
 * under an hour (at least 1), hours under two days, then days.
 */
export function formatTimeLeft(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
  if (ms < 2 * DAY) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / DAY)} d`;
}

/** Amber from this much time left. */
export const SLA_SOON_MS = 4 * HOUR;

export const SLA_TEXT = {
  overdue: 'Overdue',
  dueIn: (left: string) => `Due in ${left}`,
  paused: (left: string) => `Paused, ${left} left`,
  pausedTitle: 'Waiting on the customer or the government: the clock resumes when the order moves on.',
  dueTitle: (dueAt: string) => `Service level due ${dueAt.slice(0, 16).replace('T', ' ')} UTC`,
} as const;

/** What a list row and the order detail carry of the service level. */
export interface ServiceLevelFields {
  process_status: string;
  sla_due_at: string | null;
  sla_met_at: string | null;
  sla_paused_at: string | null;
}

export type ServiceLevelTone = 'overdue' | 'soon' | 'due' | 'paused';

export interface ServiceLevelBadge {
  tone: ServiceLevelTone;
  text: string;
}

/**
 * The badge of an order at `now` (ms): none once met, for a closed order or one never measured
 * (closed before service levels began, migration 080). Overdue exactly when the Overdue folder would
 * hold it, due time strictly before now; while paused, the time left is what it was when the pause
 * began (an order already late when it went to wait stays Overdue).
 */
export function serviceLevelBadge(order: ServiceLevelFields, now: number): ServiceLevelBadge | null {
  if (!order.sla_due_at || order.sla_met_at) return null;
  if (!(OPEN_STATUSES as readonly string[]).includes(order.process_status)) return null;
  const due = Date.parse(order.sla_due_at);
  const at = order.sla_paused_at ? Date.parse(order.sla_paused_at) : now;
  if (Number.isNaN(due) || Number.isNaN(at)) return null;
  const left = due - at;
  if (left < 0) return { tone: 'overdue', text: SLA_TEXT.overdue };
  if (order.sla_paused_at) return { tone: 'paused', text: SLA_TEXT.paused(formatTimeLeft(left)) };
  return { tone: left <= SLA_SOON_MS ? 'soon' : 'due', text: SLA_TEXT.dueIn(formatTimeLeft(left)) };
}

/**
 * The processed-by report's share of orders whose service level was met (DESIGN §18): whole
 * percent, rounded down so 99.6% never shows as 100 while one order was late; null when none of the
 * processed orders had a service level to meet.
 */
export function slaMetPercent(met: number, measured: number): number | null {
  if (measured <= 0) return null;
  return Math.floor((100 * Math.min(met, measured)) / measured);
}
