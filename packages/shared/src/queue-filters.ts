/**
 * Filters on a queue (DESIGN §23): the list and the counts take them as query parameters, a saved
 * view keeps them. The vocabulary both sides read; the zod schema is in schemas/queue-filters.ts.
 */

/** The query parameters, in the order the filter bar shows them. */
export const QUEUE_FILTER_KEYS = [
  'assignee',
  'sla',
  'followUpDue',
  'domain',
  'processor',
  'nationality',
  'fromDate',
  'toDate',
] as const;
export type QueueFilterKey = (typeof QUEUE_FILTER_KEYS)[number];

/** `assignee=none`: orders nobody holds. */
export const ASSIGNEE_NONE = 'none';

export const SLA_FILTERS = ['overdue', 'due_soon'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** "Due soon": the service level falls due within this many hours from now (DESIGN §23). */
export const SLA_DUE_SOON_HOURS = 3;

/**
 * A filtered count is counted up to this many orders, then stops: an exact count of a filter that
 * matches half a million orders would read half a million index entries on every sidebar refresh
 * (decision 0275). The web shows a count at the cap as "10,000+"; a filtered list's total stops there too.
 */
export const FILTERED_COUNT_CAP = 10_000;

/** How a count is read: "10,000+" at the cap. */
export function formatFilteredCount(n: number): string {
  return n >= FILTERED_COUNT_CAP ? `${FILTERED_COUNT_CAP.toLocaleString('en-GB')}+` : n.toLocaleString('en-GB');
}

export const QUEUE_FILTER_MSG = {
  assignee: 'assignee must be a team member id or none.',
  sla: `sla must be one of ${SLA_FILTERS.join(', ')}.`,
  followUpDue: 'followUpDue must be 1.',
  domain: 'domain must be primary or secondary.',
  processor: 'processor must be one of stripe, adyen, checkout, paypal, solidgate, other.',
  nationality: 'nationality must be at most 100 characters.',
  fromDate: 'fromDate must be a date written YYYY-MM-DD.',
  toDate: 'toDate must be a date written YYYY-MM-DD.',
  range: 'toDate must not be before fromDate.',
  folder: 'folder must name a folder.',
} as const;

/** What people read for each filter (the filter bar, a view's summary). */
export const QUEUE_FILTER_LABEL: Record<QueueFilterKey, string> = {
  assignee: 'Holder',
  sla: 'Due',
  followUpDue: 'Follow-up due',
  domain: 'Domain',
  processor: 'Processor',
  nationality: 'Nationality',
  fromDate: 'From',
  toDate: 'To',
};

export const SLA_FILTER_LABEL: Record<SlaFilter, string> = {
  overdue: 'Overdue',
  due_soon: `Due within ${SLA_DUE_SOON_HOURS} h`,
};
