import { z } from 'zod';
import { DISPUTE_PROCESSORS } from '../disputes.ts';
import { DOMAINS } from '../domains.ts';
import { decodeId } from '../ids.ts';
import { ASSIGNEE_NONE, QUEUE_FILTER_MSG as MSG, SLA_FILTERS } from '../queue-filters.ts';
import { isIsoDay } from '../reports.ts';
import { text } from './fields.ts';

/** A query value that may come as '' from a form: '' is no filter. */
const blankIsAbsent = (schema: z.ZodType) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const day = (message: string) => text({ error: message }).refine(isIsoDay, { error: message });

/**
 * The filters of a queue (DESIGN §23), as query parameters of get-orders-list and get-folder-count
 * and as a saved view's `filters`. Each value is the text the URL carries, so a view's filters are
 * its queue's query string.
 */
export const queueFilterShape = {
  /** an encoded member id (as team member ids travel), or `none` for orders nobody holds */
  assignee: blankIsAbsent(
    text({ error: MSG.assignee }).refine((v) => v === ASSIGNEE_NONE || decodeId(v) !== null, {
      error: MSG.assignee,
    }),
  ),
  sla: blankIsAbsent(z.enum(SLA_FILTERS, { error: MSG.sla })),
  followUpDue: blankIsAbsent(z.literal('1', { error: MSG.followUpDue })),
  domain: blankIsAbsent(z.enum(DOMAINS as ['primary', 'secondary'], { error: MSG.domain })),
  processor: blankIsAbsent(z.enum(DISPUTE_PROCESSORS, { error: MSG.processor })),
  nationality: blankIsAbsent(text({ error: MSG.nationality }).trim().max(100, { error: MSG.nationality })),
  fromDate: blankIsAbsent(day(MSG.fromDate)),
  toDate: blankIsAbsent(day(MSG.toDate)),
};

/** fromDate after toDate is refused, naming toDate. */
export function refineRange<T extends { fromDate?: unknown; toDate?: unknown }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  const { fromDate, toDate } = value;
  if (typeof fromDate === 'string' && typeof toDate === 'string' && toDate < fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: MSG.range });
}

/** A saved view's filters: the same fields, as a JSON object (unknown keys refused). */
export const queueFiltersSchema = z.strictObject(queueFilterShape).superRefine(refineRange);
export type QueueFilters = {
  assignee?: string;
  sla?: (typeof SLA_FILTERS)[number];
  followUpDue?: '1';
  domain?: 'primary' | 'secondary';
  processor?: (typeof DISPUTE_PROCESSORS)[number];
  nationality?: string;
  fromDate?: string;
  toDate?: string;
};

/** The filters set in a parsed query (blank ones dropped). */
export function filtersOf(query: Partial<Record<keyof QueueFilters, unknown>>): QueueFilters {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(queueFilterShape) as (keyof QueueFilters)[])
    if (query[key] !== undefined && query[key] !== '') filters[key] = query[key];
  return filters as QueueFilters;
}

export const hasFilters = (filters: QueueFilters): boolean => Object.keys(filters).length > 0;
