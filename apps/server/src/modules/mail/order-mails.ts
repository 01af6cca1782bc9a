import {
  DEFAULT_MAIL_PROVIDER,
  DETAIL_MSG,
  type Domain,
  type EmailContent,
  MAIL_KIND,
  type TokenUser,
} from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueMails } from './mail.service.ts';
import { type ApprovalOrder, approvalMail } from './templates/approval.ts';
import { mailSiteOf } from './templates/layout.ts';
import { refundMail } from './templates/refund.ts';
import { type RejectionOrder, rejectionMail } from './templates/rejection.ts';

/** The order's site: its stored domain (set from its id's prefix when it arrived, DESIGN §6). */
const siteOf = (ctx: AppContext, domain: string) =>
  mailSiteOf(ctx.config, domain === 'secondary' ? 'secondary' : ('primary' satisfies Domain));

/** The approval mail of an order as it would be sent now ("View Email Content", upload, resend). */
export function approvalContent(
  ctx: AppContext,
  order: ApprovalOrder & { domain: string },
  reminder = false,
): EmailContent {
  return approvalMail(order, siteOf(ctx, order.domain), reminder);
}

/** "View Email Content" (SPEC §2): the approval mail of the order exactly as it would be sent now. */
export async function approvalPreview(ctx: AppContext, orderId: string): Promise<EmailContent> {
  const order = await ctx.db
    .selectFrom('orders')
    .select(['order_id', 'domain', 'first_name', 'sur_name', 'contact_email_address'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  return approvalContent(ctx, order);
}

export function rejectionContent(ctx: AppContext, order: RejectionOrder & { domain: string }): EmailContent {
  return rejectionMail(order, siteOf(ctx, order.domain));
}

/**
 * The refund mail of each order just refunded (SPEC §4 "Refunded it … with a refund mail"): moved
 * to Refunds, or given its refund date there; queued in the same transaction as the change. Orders with no contact email get none.
 */
export async function queueRefundMails(
  ctx: AppContext,
  trx: Transaction<Database>,
  staff: TokenUser,
  orderDbIds: readonly number[],
  at: string,
): Promise<number> {
  if (orderDbIds.length === 0) return 0;
  const orders = await trx
    .selectFrom('orders')
    .select([
      'id',
      'order_id',
      'domain',
      'first_name',
      'sur_name',
      'contact_email_address',
      'amount_minor',
      'currency',
      'refund_date',
    ])
    .where('id', 'in', [...orderDbIds])
    .orderBy('id')
    .execute();
  const mails = orders
    .filter((o) => o.contact_email_address)
    .map((o) => ({
      orderDbId: Number(o.id),
      documentId: null,
      kind: MAIL_KIND.refund,
      provider: DEFAULT_MAIL_PROVIDER,
      to: o.contact_email_address as string,
      content: refundMail(
        { ...o, amount_minor: o.amount_minor === null ? null : Number(o.amount_minor) },
        siteOf(ctx, o.domain),
      ),
    }));
  await queueMails(trx, staff, mails, at);
  return mails.length;
}
