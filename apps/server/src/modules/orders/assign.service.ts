import { type AssignResult, MSG, mayOverrideHold, ORDER_MSG, type TokenUser, type UnassignResult } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { type BulkOutcome, settleHolds } from './bulk.ts';

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
      const change = await ctx.strategies.orderWrites.assign(staff, orderIds, takeover, at);
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
      const change = await ctx.strategies.orderWrites.unassign(staff, orderIds, anyHolder, at);
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
