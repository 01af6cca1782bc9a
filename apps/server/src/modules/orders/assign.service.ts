import { type AssignResult, MSG, mayOverrideHold, ORDER_MSG, type TokenUser, type UnassignResult } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { type BulkOutcome, missingIds, settleHolds } from './bulk.ts';
import { appendEvents, EVENT, type OrderEvent } from './events.repository.ts';
import * as repo from './orders.repository.ts';

/** "Assign to me" and "Move to Original Folder" (SPEC §4, DESIGN §6). */
export function createAssignService(ctx: AppContext) {
  return {
    /**
     * Takes the orders that are free or already mine; Admin and Manager also take over another's
     * (logged as a takeover). Everything else is reported back, never silently skipped.
     */
    async assign(staff: TokenUser, orderIds: string[], assignto?: string): Promise<BulkOutcome<AssignResult>> {
      // The member is always the token's: `assignto` is kept for the screens' payload and must agree.
      if (assignto !== undefined && assignto.trim() !== '' && assignto.trim() !== staff.name) {
        throw AppError.badRequest(ORDER_MSG.assignToSelfOnly, { assignto: ORDER_MSG.assignToSelfOnly });
      }
      return inTransaction(ctx.db, async (trx) => {
        const at = nowIso(ctx.clock);
        const rows = await repo.lockByOrderIds(trx, orderIds);
        const notFound = missingIds(orderIds, rows);
        const mine = rows.filter((r) => r.assigned_to === staff.id);
        const free = rows.filter((r) => r.assigned_to === null);
        const others = rows.filter((r) => r.assigned_to !== null && r.assigned_to !== staff.id);
        const takeover = mayOverrideHold(staff.type) ? others : [];
        const targets = [...free, ...takeover];
        const taken = new Set(
          await repo.assignTo(
            trx,
            targets.map((r) => r.id),
            staff.id,
            takeover.map((r) => r.assigned_to as number),
            at,
          ),
        );
        const names = await repo.staffNames(
          trx,
          others.map((r) => r.assigned_to as number),
        );
        const events: OrderEvent[] = targets
          .filter((r) => taken.has(r.id))
          .map((r) =>
            r.assigned_to === null
              ? { orderId: r.id, kind: EVENT.assign, from: null, to: staff.name }
              : { orderId: r.id, kind: EVENT.takeover, from: names.get(r.assigned_to) ?? null, to: staff.name },
          );
        await appendEvents(trx, staff, events, at);

        const outcome = settleHolds({
          requested: orderIds,
          rows,
          done: [...taken, ...mine.map((r) => r.id)],
          names,
          notFound,
          allDone: MSG.orderAssigned,
          verb: 'assigned',
        });
        const { doneIds: assigned, conflicts } = outcome;
        return {
          data: { assigned, conflicts, notFound },
          message: outcome.message,
          done: assigned.length,
          allNotFound: outcome.allNotFound,
        };
      });
    },

    /** Clears my assignment; Admin and Manager may clear anyone's. A free order counts as done. */
    async unassign(staff: TokenUser, orderIds: string[]): Promise<BulkOutcome<UnassignResult>> {
      return inTransaction(ctx.db, async (trx) => {
        const at = nowIso(ctx.clock);
        const rows = await repo.lockByOrderIds(trx, orderIds);
        const notFound = missingIds(orderIds, rows);
        const held = rows.filter((r) => r.assigned_to !== null);
        const allowed = held.filter((r) => r.assigned_to === staff.id || mayOverrideHold(staff.type));
        const allowedHolders = [...new Set(allowed.map((r) => r.assigned_to as number))];
        const cleared = new Set(
          await repo.unassignFrom(
            trx,
            allowed.map((r) => r.id),
            allowedHolders,
            at,
          ),
        );
        const names = await repo.staffNames(
          trx,
          held.map((r) => r.assigned_to as number),
        );
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
        const outcome = settleHolds({
          requested: orderIds,
          rows,
          done: [...cleared, ...rows.filter((r) => r.assigned_to === null).map((r) => r.id)],
          names,
          notFound,
          allDone: ORDER_MSG.unassigned,
          verb: 'moved to their original folder',
        });
        const { doneIds: unassigned, conflicts } = outcome;
        return {
          data: { unassigned, conflicts, notFound },
          message: outcome.message,
          done: unassigned.length,
          allNotFound: outcome.allNotFound,
        };
      });
    },
  };
}
