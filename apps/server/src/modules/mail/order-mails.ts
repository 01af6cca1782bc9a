import { DETAIL_MSG, type Domain, type EmailContent, type OrderMailKind, type TokenUser } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { type MailToQueue, queueMails } from './mail.service.ts';
import { MAIL_KINDS, type MailInputOf, type MailKindEntry } from './mail-kinds.ts';
import type { MailOrder } from './mail-orders.repository.ts';
import { assertMailable } from './mailable.ts';
import { approvalMail } from './templates/approval.ts';
import { mailSiteOf } from './templates/layout.ts';

/** The order's site: its stored domain (set from its id's prefix when it arrived, DESIGN §6). */
const siteOf = (ctx: AppContext, domain: string) =>
  mailSiteOf(ctx.config, domain === 'secondary' ? 'secondary' : ('primary' satisfies Domain));

/**
 * A mail of one kind for each order: `orders` are ids (the kind's loader reads them) or rows the
 * caller already read in this transaction (a locked WritableOrder); the rest is the kind's input.
 * `skipErased`: a bulk change (a refund) goes ahead for an erased order, without its mail; any
 * other request for an erased order is refused (assertMailable).
 */
export type OrderMailRequest = {
  [K in OrderMailKind]: {
    kind: K;
    orders: readonly number[] | readonly MailOrder[];
    at?: string;
    skipErased?: boolean;
  } & MailInputOf<K>;
}[OrderMailKind];

const areIds = (orders: readonly number[] | readonly MailOrder[]): orders is readonly number[] =>
  typeof orders[0] === 'number';

/**
 * The one way an order mail is queued (mail-kinds.ts says how each kind is made): written to the
 * outbox in the caller's transaction, so the change and its mail commit together or not at all,
 * and announced after the commit (`mail.queued`, which wakes the worker). Returns the mails' ids;
 * orders its kind has no address for get none.
 */
export async function queueOrderMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  tx: TxContext,
  actor: Pick<TokenUser, 'id' | 'name'> | null,
  request: OrderMailRequest,
): Promise<number[]> {
  // each kind's functions take that kind's input: the request it was picked by
  const kind = MAIL_KINDS[request.kind] as MailKindEntry<OrderMailRequest>;
  const orders = areIds(request.orders) ? await kind.load(trx, request.orders) : request.orders;
  const mails: MailToQueue[] = [];
  for (const order of orders) {
    if (request.skipErased && order.personal_erased_at) continue;
    assertMailable(order);
    const to = kind.to(order, request);
    if (!to) continue;
    const site = siteOf(ctx, order.domain);
    mails.push({
      orderDbId: order.id,
      documentId: kind.documentId(request),
      kind: request.kind,
      provider: kind.provider(request),
      to,
      content: kind.render(order, site, request),
      fromName: site.name,
      remainder: kind.remainder,
      attachments: kind.attachments?.(request),
      publicNote: kind.publicNote?.(request) ?? null,
    });
  }
  return queueMails(trx, tx, actor, mails, request.at ?? nowIso(ctx.clock));
}

/** "View Email Content" (SPEC §2): the approval mail of the order exactly as it would be sent now. */
export async function approvalPreview(ctx: AppContext, orderId: string): Promise<EmailContent> {
  const order = await ctx.db
    .selectFrom('orders')
    .select(['order_id', 'domain', 'first_name', 'sur_name', 'contact_email_address', 'personal_erased_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  // an erased order has no mail to show: it would never be sent
  assertMailable(order);
  // the approval entry's template (mail-kinds.ts), with this order's site
  return approvalMail(order, siteOf(ctx, order.domain));
}
