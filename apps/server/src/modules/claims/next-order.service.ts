import { CLAIM_MSG, mayPick, nextOrderPick, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { ClaimedOrder } from './claim-writes.ts';

/**
 * "Next order" (DESIGN §18): the oldest free order of New, Priority or Process 5th March, or with
 * `urgent` the one due soonest across the three (§23), assigned to the caller exactly as Assign to me
 * assigns a free order (the same event, counters and announcement).
 */
export async function claimNextOrder(
  ctx: Pick<AppContext, 'clock' | 'strategies'>,
  staff: TokenUser,
  folderName: string,
): Promise<ClaimedOrder> {
  const pick = nextOrderPick(folderName);
  // the body's schema refuses any other folder; kept for callers other than the route
  if (!pick) throw AppError.badRequest(CLAIM_MSG.nextOrderFolder, { folder: CLAIM_MSG.nextOrderFolder });
  if (!mayPick(staff.type, pick)) throw AppError.forbidden();
  const claimed = await ctx.strategies.claimWrites.nextOrder(staff, pick, nowIso(ctx.clock));
  if (!claimed) throw AppError.notFound(pick.soonestDue ? CLAIM_MSG.noFreeUrgentOrders : CLAIM_MSG.noFreeOrders);
  return claimed;
}
