import { type AssignResult, MSG, mayOverrideHold, ORDER_MSG, type TokenUser, type UnassignResult } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, retryingConflicts } from '../../lib/transaction.ts';
import { type BulkOutcome, type HoldChange, settleHolds } from './bulk.ts';
import { appendEvents, EVENT, type OrderEvent } from './events.repository.ts';
import { assignInOneStatement, unassignInOneStatement } from './holds.pg.ts';
import * as repo from './orders.repository.ts';

/** "Assign to me" and "Move to Original Folder" (SPEC §4, DESIGN §6). */
export function createAssignService(ctx: AppContext) {
  return {
    /**
     * Takes the orders that are free or already mine; Admin and Manager also take over another's
     * (logged as a takeover). Everything else is reported back, never silently skipped.
     */
    async assign(staff: TokenUser, orderIds: string[], assignto?: string): Promise<BulkOutcome<AssignResult>> {
      // The member is always the token's: `assignto` is kept for the screens' payload and must agree
      // (a blank one is a clear, bulk.routes.ts).
      if (assignto !== undefined && assignto.trim() !== staff.name) {
        throw AppError.badRequest(ORDER_MSG.assignToSelfOnly, { assignto: ORDER_MSG.assignToSelfOnly });
      }
      const at = nowIso(ctx.clock);
      const takeover = mayOverrideHold(staff.type);
      const change =
        ctx.dialect === 'postgres'
          ? await retryingConflicts(() => assignInOneStatement(ctx.db, staff, orderIds, takeover, at))
          : await inTransaction(ctx.db, (trx) => assignInTransaction(trx, staff, orderIds, takeover, at));
      const outcome = settleHolds({
        requested: orderIds,
        change,
        alreadyDone: (r) => r.assigned_to === staff.id,
        allDone: MSG.orderAssigned,
        verb: 'assigned',
      });
      return {
        data: { assigned: outcome.doneIds, conflicts: outcome.conflicts, notFound: outcome.notFound },
        message: outcome.message,
        done: outcome.doneIds.length,
        allNotFound: outcome.allNotFound,
      };
    },

    /** Clears my assignment; Admin and Manager may clear anyone's. A free order counts as done. */
    async unassign(staff: TokenUser, orderIds: string[]): Promise<BulkOutcome<UnassignResult>> {
      const at = nowIso(ctx.clock);
      const anyHolder = mayOverrideHold(staff.type);
      const change =
        ctx.dialect === 'postgres'
          ? await retryingConflicts(() => unassignInOneStatement(ctx.db, staff, orderIds, anyHolder, at))
          : await inTransaction(ctx.db, (trx) => unassignInTransaction(trx, staff, orderIds, anyHolder, at));
      const outcome = settleHolds({
        requested: orderIds,
        change,
        alreadyDone: (r) => r.assigned_to === null,
        allDone: ORDER_MSG.unassigned,
        verb: 'moved to their original folder',
      });
      return {
        data: { unassigned: outcome.doneIds, conflicts: outcome.conflicts, notFound: outcome.notFound },
        message: outcome.message,
        done: outcome.doneIds.length,
        allNotFound: outcome.allNotFound,
      };
    },
  };
}

/** SQLite's assign: the transaction holds the write lock, so the same steps as separate statements. */
async function assignInTransaction(
  trx: Transaction<Database>,
  staff: TokenUser,
  orderIds: string[],
  takeover: boolean,
  at: string,
): Promise<HoldChange> {
  const rows = await repo.lockByOrderIds(trx, orderIds);
  const free = rows.filter((r) => r.assigned_to === null);
  const others = rows.filter((r) => r.assigned_to !== null && r.assigned_to !== staff.id);
  const targets = [...free, ...(takeover ? others : [])];
  const changed = await repo.assignTo(
    trx,
    targets.map((r) => r.id),
    staff.id,
    takeover ? others.map((r) => r.assigned_to as number) : [],
    at,
  );
  const names = await repo.staffNames(
    trx,
    others.map((r) => r.assigned_to as number),
  );
  const taken = new Set(changed);
  const events: OrderEvent[] = targets
    .filter((r) => taken.has(r.id))
    .map((r) =>
      r.assigned_to === null
        ? { orderId: r.id, kind: EVENT.assign, from: null, to: staff.name }
        : { orderId: r.id, kind: EVENT.takeover, from: names.get(r.assigned_to) ?? null, to: staff.name },
    );
  await appendEvents(trx, staff, events, at);
  return { rows, changed, names };
}

/** SQLite's unassign, as assignInTransaction. */
async function unassignInTransaction(
  trx: Transaction<Database>,
  staff: TokenUser,
  orderIds: string[],
  anyHolder: boolean,
  at: string,
): Promise<HoldChange> {
  const rows = await repo.lockByOrderIds(trx, orderIds);
  const held = rows.filter((r) => r.assigned_to !== null);
  const allowed = held.filter((r) => r.assigned_to === staff.id || anyHolder);
  const changed = await repo.unassignFrom(
    trx,
    allowed.map((r) => r.id),
    [...new Set(allowed.map((r) => r.assigned_to as number))],
    at,
  );
  const names = await repo.staffNames(
    trx,
    held.map((r) => r.assigned_to as number),
  );
  const cleared = new Set(changed);
  await appendEvents(
    trx,
    staff,
    allowed
      .filter((r) => cleared.has(r.id))
      .map((r) => ({
        orderId: r.id,
        kind: EVENT.unassign,
        from: names.get(r.assigned_to as number) ?? null,
        to: null,
      })),
    at,
  );
  return { rows, changed, names };
}
