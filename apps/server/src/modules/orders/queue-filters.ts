import {
  ASSIGNEE_NONE,
  decodeId,
  FOLLOW_UP_STATUSES,
  type FolderDef,
  OPEN_STATUSES,
  type OrderStatus,
  type QueueFilters,
  SLA_DUE_SOON_HOURS,
  SLA_PAUSED_STATUSES,
  SLA_RUNNING_STATUSES,
  utcDay,
} from '@eta/shared';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';

type Eb = ExpressionBuilder<Database, 'orders'>;

const HOUR_MS = 3_600_000;
const NOTHING = sql<boolean>`1 = 0`;

/** The folder's statuses among `within` (Order History: all of them). */
function statusesIn(folder: FolderDef, within: readonly OrderStatus[]): OrderStatus[] {
  return folder.statuses === null ? [...within] : within.filter((s) => folder.statuses?.includes(s));
}

/**
 * Orders whose clock runs (New, Priority, Process March, Pending, Contact Customer, Customer
 * Called), unmet: written as migration 080's partial index `orders_overdue` says it, term for term
 * (the whole running list, `sla_met_at IS NULL`), so SQLite may read that index.
 */
function running(eb: Eb) {
  return eb.and([
    eb('orders.sla_met_at', 'is', null),
    eb('orders.process_status', 'in', statusLiterals(SLA_RUNNING_STATUSES)),
  ]);
}

/**
 * `sla=overdue` is what the badge says Overdue (shared serviceLevelBadge): an open order, unmet, due
 * before now; one waiting on the customer or the government counts when it was already late as
 * its wait began. `sla=due_soon`: running, due from now to SLA_DUE_SOON_HOURS on (a paused clock
 * is not coming due).
 */
function slaFilter(eb: Eb, folder: FolderDef, sla: NonNullable<QueueFilters['sla']>, now: string) {
  const runs = statusesIn(folder, SLA_RUNNING_STATUSES).length > 0;
  if (sla === 'due_soon') {
    if (!runs) return NOTHING;
    const until = new Date(Date.parse(now) + SLA_DUE_SOON_HOURS * HOUR_MS).toISOString();
    return eb.and([running(eb), eb('orders.sla_due_at', '>=', now), eb('orders.sla_due_at', '<=', until)]);
  }
  const parts = [];
  if (runs) parts.push(eb.and([running(eb), eb('orders.sla_due_at', '<', now)]));
  const paused = statusesIn(folder, SLA_PAUSED_STATUSES);
  if (paused.length > 0)
    parts.push(
      eb.and([
        eb('orders.process_status', 'in', statusLiterals(paused)),
        eb('orders.sla_met_at', 'is', null),
        eb('orders.sla_paused_at', 'is not', null),
        eb('orders.sla_due_at', '<', eb.ref('orders.sla_paused_at')),
      ]),
    );
  if (parts.length === 0) return NOTHING;
  return parts.length === 1 ? (parts[0] as ReturnType<typeof running>) : eb.or(parts);
}

/** Due follow-ups: the date has come (UTC) in a follow-up status, as the sidebar counts them (081's index). */
function followUpFilter(eb: Eb, folder: FolderDef, now: string) {
  const statuses = statusesIn(folder, FOLLOW_UP_STATUSES);
  if (statuses.length === 0) return NOTHING;
  return eb.and([
    eb('orders.process_status', 'in', statusLiterals(statuses)),
    eb('orders.follow_up_on', '<=', utcDay(Date.parse(now))),
  ]);
}

/** The day after a YYYY-MM-DD, as YYYY-MM-DD: toDate takes the whole of its day. */
function dayAfter(day: string): string {
  return utcDay(Date.parse(`${day}T00:00:00.000Z`) + 24 * HOUR_MS);
}

/**
 * A queue's filters (DESIGN §23) on top of its folder's (folder-filter.ts), for the list and the
 * count alike. The small vocabularies (domain, processor) are written in as the statuses are, so
 * PostgreSQL plans each value once; a member, a nationality and dates are bound. Each filter has an
 * index that leads with the folder's status (migration 093), or with itself for Order History.
 */
export function applyQueueFilters<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  folder: FolderDef,
  filters: QueueFilters,
  now: string,
): SelectQueryBuilder<Database, 'orders', O> {
  let q = query;
  if (filters.assignee === ASSIGNEE_NONE) q = q.where('orders.assigned_to', 'is', null);
  else if (filters.assignee !== undefined) q = q.where('orders.assigned_to', '=', decodeId(filters.assignee) ?? -1);
  const { sla } = filters;
  if (sla !== undefined) {
    const open = statusesIn(folder, OPEN_STATUSES).length > 0;
    q = q.where((eb) => (open ? slaFilter(eb, folder, sla, now) : NOTHING));
  }
  if (filters.followUpDue) q = q.where((eb) => followUpFilter(eb, folder, now));
  if (filters.domain) q = q.where('orders.domain', '=', sql.lit(filters.domain));
  if (filters.processor) q = q.where('orders.payment_processor', '=', sql.lit(filters.processor));
  if (filters.nationality) q = q.where('orders.nationality', '=', filters.nationality);
  if (filters.fromDate) q = q.where('orders.created_at', '>=', filters.fromDate);
  if (filters.toDate) q = q.where('orders.created_at', '<', dayAfter(filters.toDate));
  return q;
}
