import { INBOUND_KIND, INBOUND_MATCH, INBOX_MSG, ORDER_EVENT, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite } from '../order-changes/index.ts';
import { inboundItem } from './inbound.repository.ts';

/**
 * PUT /admin/inbound-mail/{id} (DESIGN §25): a member links a mail (usually an unmatched one) to an
 * order; it joins that order's conversation and Activity. Linking is a note on the order, not a
 * reply arriving: it marks nothing (the member has read it).
 */
export async function linkInbound(ctx: AppContext, staff: TokenUser, id: number, orderId: string) {
  await inTransaction(ctx.transactions, async (trx, tx) => {
    const row = await trx
      .selectFrom('inbound_mail')
      .select(['id', 'subject', 'kind'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(INBOX_MSG.inboundNotFound);
    const order = await lockOrderForWrite(trx, { ...staff, type: staff.type }, orderId);
    await trx
      .updateTable('inbound_mail')
      .set({ order_key: order.id, matched_by: INBOUND_MATCH.staff })
      .where('id', '=', id)
      .execute();
    if (row.kind === INBOUND_KIND.reply) {
      await appendEvents(
        tx,
        staff,
        [
          {
            orderId: order.id,
            kind: ORDER_EVENT.customerReply,
            from: null,
            to: row.subject.slice(0, 200),
            detail: 'linked by staff',
          },
        ],
        nowIso(ctx.clock),
      );
    }
  });
  const item = await inboundItem(ctx.db, id);
  if (!item) throw AppError.notFound(INBOX_MSG.inboundNotFound);
  return item;
}
