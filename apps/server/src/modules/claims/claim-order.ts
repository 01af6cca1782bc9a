import type { NextOrderPick } from '@eta/shared';
import { type RawBuilder, sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';

/*
 * The free orders one PostgreSQL Next order reads, and in which order, as SQL text
 * (claim-writes.pg.ts; SQLite's builder says the same, claim-writes.sqlite.ts). The statuses are written in (db/literals.ts): a
 * folder's one status as an equality, so the (process_status, created_at) index gives the oldest; the
 * three of `urgent` as the very IN list of migration 090's partial index, whose key is the order.
 */

type ClaimPick = Pick<NextOrderPick, 'statuses' | 'soonestDue'>;

/** `process_status = 'New'`, or `process_status in ('New', 'Priority Processing', 'moveToProcessMarch')` */
export function pickedStatuses(pick: ClaimPick): RawBuilder<boolean> {
  const [only] = pick.statuses;
  if (pick.statuses.length === 1 && only) return sql<boolean>`process_status = ${sql.lit(only)}`;
  return sql<boolean>`process_status in (${sql.join(statusLiterals(pick.statuses))})`;
}

/**
 * The oldest first, or the soonest due: `nulls last` is written out, as SQLite sorts a null first
 * and PostgreSQL last (an order with no due date is the least urgent on both).
 */
export function pickedOrder(pick: ClaimPick): RawBuilder<unknown> {
  return pick.soonestDue ? sql`sla_due_at nulls last, created_at, id` : sql`created_at, id`;
}
