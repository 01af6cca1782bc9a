import { CLAIM_MSG, can, nextOrderFolder, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { ClaimedOrder } from './claim-writes.ts';

/**
 * "Next order" (DESIGN §18): the oldest free order of New, Priority or Process 5th March, assigned to
 * the caller exactly as Assign to me assigns a free order (the same event, counters and announcement).
 */
export async function claimNextOrder(
  ctx: Pick<AppContext, 'clock' | 'strategies'>,
  staff: TokenUser,
  folderName: string,
): Promise<ClaimedOrder> {
  const next = nextOrderFolder(folderName);
  // the body's schema refuses any other folder; kept for callers other than the route
  if (!next) throw AppError.badRequest(CLAIM_MSG.nextOrderFolder, { folder: CLAIM_MSG.nextOrderFolder });
  if (!can(staff.type, next.folder.capability)) throw AppError.forbidden();
  const claimed = await ctx.strategies.claimWrites.nextOrder(staff, next.status, nowIso(ctx.clock));
  if (!claimed) throw AppError.notFound(CLAIM_MSG.noFreeOrders);
  return claimed;
}
