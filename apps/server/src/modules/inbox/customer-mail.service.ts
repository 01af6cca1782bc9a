import { INBOX_MSG, MAIL_KIND, type SendCustomerMailInput, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { assertMailable, queueOrderMail } from '../mail/index.ts';
import { lockOrderForWrite } from '../order-changes/index.ts';
import { findTemplate } from './templates.repository.ts';

/**
 * POST /admin/send-customer-mail (DESIGN §25): the member's subject and body, rendered for the order
 * by the server (mail/templates/customer.ts), queued through the outbox with a `mail` event in one
 * transaction. The order is written to as any mail is: the hold rule applies (lockOrderForWrite).
 * A template named keeps its public note with the mail, for the customer's page.
 */
export async function sendCustomerMail(ctx: AppContext, staff: TokenUser, input: SendCustomerMailInput) {
  return inTransaction(ctx.transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, input.orderId);
    assertMailable(order);
    if (!order.contact_email_address?.trim()) throw AppError.conflict(INBOX_MSG.noCustomerEmail);
    const template = input.templateId ? await findTemplate(trx, input.templateId) : null;
    if (input.templateId && !template) throw AppError.notFound(INBOX_MSG.templateNotFound);
    const [mailId] = await queueOrderMail(ctx, trx, tx, staff, {
      kind: MAIL_KIND.customer,
      orders: [order],
      subject: input.subject,
      body: input.body,
      provider: input.mailServiceProvider,
      publicNote: template?.public_note ?? null,
      at: nowIso(ctx.clock),
    });
    const row = await trx
      .selectFrom('mail_outbox')
      .select('subject')
      .where('id', '=', mailId as number)
      .executeTakeFirstOrThrow();
    return { mailId: mailId as number, subject: row.subject };
  });
}
