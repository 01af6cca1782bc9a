import { AUDIT_ACTION, type EraseOrderInput, PRIVACY_MSG, REMOVAL_REASON, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordAudit } from './audit.ts';
import { sweepFileDeletions } from './file-deletions.ts';
import { notUnderLegalHold } from './legal-hold.ts';
import { anonymise } from './removal.repository.ts';

/** Erasure on request (DESIGN §16): at once, as retention's last step would, and its files with it. */
export function createErasureService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async erase(actor: TokenUser, orderId: string, input: EraseOrderInput, origin: RequestOrigin): Promise<void> {
      const now = ctx.clock();
      const order = await db
        .selectFrom('orders')
        .select(['orders.id', 'orders.personal_erased_at'])
        .select((eb) => notUnderLegalHold(eb, now).as('free'))
        .where('orders.order_id', '=', orderId)
        .executeTakeFirst();
      if (!order) throw AppError.notFound('Order not found.');
      if (order.personal_erased_at) throw AppError.conflict(PRIVACY_MSG.alreadyErased);
      // SQLite answers a condition as 1/0, PostgreSQL as true/false
      const held = !order.free || Number(order.free) === 0;
      if (held && !input.override) throw AppError.conflict(PRIVACY_MSG.legalHold, { legalHold: true });
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(() => now);
        const done = await anonymise(trx, [order.id], {
          at,
          reason: REMOVAL_REASON.request,
          because: "at the applicant's request",
          // Activity names the member (DESIGN §22), and their open detail knows the change as theirs
          actor: { id: actor.id, name: actor.name },
          tx,
        });
        // a second erasure racing this one found the order already claimed
        if (done.length === 0) throw AppError.conflict(PRIVACY_MSG.alreadyErased);
        await recordAudit(tx, at, {
          action: AUDIT_ACTION.orderErased,
          actorId: actor.id,
          target: orderId,
          detail: { reason: input.reason, ...(held ? { legalHoldOverridden: true } : {}) },
        });
      });
      await sweepFileDeletions(db, ctx.files);
    },
  };
}
