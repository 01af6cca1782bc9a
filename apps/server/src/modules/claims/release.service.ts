import {
  CLAIM_MSG,
  canReleaseClaimsOf,
  decodeId,
  isRole,
  OPEN_STATUSES,
  ORDER_EVENT,
  type ReleaseClaimsResult,
  SERVER_MSG,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import { staffRepo } from '../staff/index.ts';
import { lockMemberClaims, releaseFrom } from './claims.repository.ts';

/** orders per statement: well under SQLite's bound on parameters */
const BATCH = 500;

/**
 * "Release claims" from Manage Team (DESIGN §18, shift handovers): every order the member holds in
 * an open status goes back to its folder, each an `unassign` logged by the member who released them.
 * One transaction, so the count answered is exactly what was released.
 */
export async function releaseMemberClaims(
  ctx: Pick<AppContext, 'db' | 'transactions' | 'clock'>,
  actor: TokenUser,
  encodedId: string,
): Promise<{ result: ReleaseClaimsResult; memberName: string }> {
  const memberId = decodeId(encodedId);
  if (memberId === null)
    throw AppError.badRequest(CLAIM_MSG.memberIdInvalid, { teamMemberId: CLAIM_MSG.memberIdInvalid });
  const member = await staffRepo.findActiveById(ctx.db, memberId);
  if (!member) throw AppError.notFound(SERVER_MSG.memberNotFound);
  if (!isRole(member.type) || !canReleaseClaimsOf(actor.type, member.type))
    throw AppError.forbidden(CLAIM_MSG.managerAdminLimit);
  const at = nowIso(ctx.clock);
  const orderIds = await inTransaction(ctx.transactions, async (trx, tx) => {
    const released: string[] = [];
    for (let afterId = 0; ; ) {
      const held = await lockMemberClaims(trx, memberId, OPEN_STATUSES, afterId, BATCH);
      const freed = new Set(
        await releaseFrom(
          trx,
          held.map((o) => o.id),
          memberId,
          at,
        ),
      );
      const done = held.filter((o) => freed.has(o.id));
      await appendEvents(
        tx,
        actor,
        done.map((o) => ({
          orderId: o.id,
          kind: ORDER_EVENT.unassign,
          from: member.name,
          to: null,
          detail: CLAIM_MSG.handoverNote,
        })),
        at,
      );
      released.push(...done.map((o) => o.order_id));
      const last = held.at(-1);
      if (held.length < BATCH || !last) return released;
      afterId = last.id;
    }
  });
  return { result: { released: orderIds.length, orderIds }, memberName: member.name };
}
