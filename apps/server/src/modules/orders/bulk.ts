import { type OrderHolder, partialOutcomeMessage } from '@eta/shared';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import type { LockedOrder } from './orders.repository.ts';

/** What a bulk action (assign, unassign, delete, refund) did, and what the member is told. */
export interface BulkOutcome<T> {
  data: T;
  message: string;
  /** how many orders the action went through for (taken, already mine, moved …) */
  done: number;
  /** every named order was unknown */
  allNotFound: boolean;
}

/**
 * Status 1 when at least one order went through (the others are listed in `data` and named in the
 * message); otherwise 404 when none exist, else 409 with the same `data` (DESIGN §5, §6).
 */
export function bulkReply<T>(outcome: BulkOutcome<T>) {
  if (outcome.done > 0) return ok(outcome.message, outcome.data);
  if (outcome.allNotFound) throw AppError.notFound(outcome.message);
  throw AppError.conflict(outcome.message, outcome.data);
}

/** The requested ids no row was found for, in the order they were sent. */
export function missingIds(requested: readonly string[], rows: readonly LockedOrder[]): string[] {
  const found = new Set(rows.map((r) => r.order_id));
  return requested.filter((id) => !found.has(id));
}

/** `rows` whose id is in `ids`, as order ids in the order they were sent. */
export function orderIdsOf(
  requested: readonly string[],
  rows: readonly LockedOrder[],
  ids: Iterable<number>,
): string[] {
  const wanted = new Set(ids);
  const chosen = new Set(rows.filter((r) => wanted.has(r.id)).map((r) => r.order_id));
  return requested.filter((id) => chosen.has(id));
}

export function holders(rows: readonly LockedOrder[], names: Map<number, string>): OrderHolder[] {
  return rows.map((r) => ({
    order_id: r.order_id,
    assign_to: r.assigned_to === null ? '' : (names.get(r.assigned_to) ?? ''),
  }));
}

/** What an assign or unassign did: every named order found, which changed, their holders' names. */
export interface HoldChange {
  rows: LockedOrder[];
  /** ids of the orders this change gave or took away */
  changed: number[];
  /** the holders' names of the found orders, as they were before */
  names: Map<number, string>;
}

/**
 * Assign and unassign answer alike: the orders done (changed now, or `alreadyDone` as they were),
 * in the order sent, every other found order as a conflict naming its holder, the unknown ids, and
 * the message — `allDone` when everything went through, otherwise a count that names the holders
 * and the unknown ids.
 */
export function settleHolds(input: {
  requested: readonly string[];
  change: HoldChange;
  alreadyDone: (row: LockedOrder) => boolean;
  allDone: string;
  verb: string;
}): { doneIds: string[]; conflicts: OrderHolder[]; notFound: string[]; message: string; allNotFound: boolean } {
  const { rows, names } = input.change;
  const notFound = missingIds(input.requested, rows);
  const done = new Set([...input.change.changed, ...rows.filter(input.alreadyDone).map((r) => r.id)]);
  const doneIds = orderIdsOf(input.requested, rows, done);
  const conflicts = holders(
    rows.filter((r) => !done.has(r.id)),
    names,
  );
  const message =
    doneIds.length === input.requested.length
      ? input.allDone
      : partialOutcomeMessage({
          done: doneIds.length,
          total: input.requested.length,
          verb: input.verb,
          conflicts,
          notFound,
        });
  return { doneIds, conflicts, notFound, message, allNotFound: notFound.length === input.requested.length };
}
