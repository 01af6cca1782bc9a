import { formatMoney, formatUtcDate } from '@eta/shared';
import { applicantName, compose, esc, link, type MailSite, paragraph } from './layout.ts';

export interface RefundOrder {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
  amount_minor: number | null;
  currency: string | null;
  refund_date: string | null;
}

/** "Refunded it" / "Completed Refunds" (SPEC §4): order id, amount refunded with currency, and the date. */
export function refundMail(order: RefundOrder, site: MailSite) {
  const amount = order.amount_minor === null ? null : formatMoney(order.amount_minor, order.currency);
  const date = formatUtcDate(order.refund_date) ?? '';
  const subject = `Your refund for order ${order.order_id}`;
  const what = amount ? `a refund of ${amount}` : 'a refund of the amount you paid';
  return compose(site, subject, applicantName(order), [
    paragraph(
      `We have processed ${esc(what)} for your order <strong>${esc(order.order_id)}</strong> on ${esc(date)}.`,
      `We have processed ${what} for your order ${order.order_id} on ${date}.`,
    ),
    paragraph(
      `Order ID: <strong>${esc(order.order_id)}</strong><br>Amount refunded: <strong>${esc(amount ?? '-')}</strong><br>Refund date: <strong>${esc(date)}</strong>`,
      `Order ID: ${order.order_id}\nAmount refunded: ${amount ?? '-'}\nRefund date: ${date}`,
    ),
    paragraph(
      'The refund goes back to the card or account you paid with. Depending on your bank, it may take a few working days to appear on your statement.',
      'The refund goes back to the card or account you paid with. Depending on your bank, it may take a few working days to appear on your statement.',
    ),
    paragraph(
      `If you have any questions, please call our customer service on <strong>${esc(site.supportPhone)}</strong> or ${link(site.contactUrl, 'contact us')}.`,
      `If you have any questions, please call our customer service on ${site.supportPhone} or contact us: ${site.contactUrl}`,
    ),
  ]);
}
