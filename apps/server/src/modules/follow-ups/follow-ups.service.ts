import {
  AWAITING_REPLIED_COUNT,
  FOLLOW_UP_COUNT_FIELD,
  FOLLOW_UP_MSG,
  type FollowUpCounts,
  isFollowUpStatus,
  ORDER_EVENT,
  type TokenUser,
  utcDay,
} from '@eta/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite } from '../order-changes/index.ts';
import { followUpOf, readDueCounts, readRepliedCount, setFollowUp } from './follow-ups.repository.ts';

/**
 * Sets (a day) or clears (null) the follow-up date of an order in Awaiting Customer or Awaiting Govt
 * (DESIGN §18): 404 for an unknown order, 409 in any other status, an Activity event when it changes.
 */
export async function changeFollowUp(
  ctx: Pick<AppContext, 'db' | 'transactions' | 'clock'>,
  staff: TokenUser,
  orderId: string,
  day: string | null,
): Promise<{ order_id: string; follow_up_on: string | null }> {
  const at = nowIso(ctx.clock);
  return inTransaction(ctx.transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, orderId);
    if (!isFollowUpStatus(order.process_status)) throw AppError.conflict(FOLLOW_UP_MSG.wrongStatus);
    const before = await followUpOf(trx, order.id);
    // the same day again changes nothing, and logs nothing
    if (before !== day) {
      await setFollowUp(trx, order.id, day, at);
      await appendEvents(tx, staff, [{ orderId: order.id, kind: ORDER_EVENT.followUp, from: before, to: day }], at);
    }
    return { order_id: order.order_id, follow_up_on: day };
  });
}

/**
 * The due follow-ups beside their folders' counts (DESIGN §18): orders in each follow-up status
 * whose day is today or earlier, UTC, by the app's clock. Every follow-up status is given, zero too.
 */
export async function followUpDueCounts(db: Kysely<Database>, now: number): Promise<FollowUpCounts> {
  const [due, replied] = await Promise.all([readDueCounts(db, utcDay(now)), readRepliedCount(db)]);
  // beside Awaiting Customer too: its orders the customer has replied to (DESIGN §25)
  const counts: FollowUpCounts = { [AWAITING_REPLIED_COUNT]: replied };
  for (const [status, field] of Object.entries(FOLLOW_UP_COUNT_FIELD)) {
    counts[field] = isFollowUpStatus(status) ? (due.get(status) ?? 0) : 0;
  }
  return counts;
}
