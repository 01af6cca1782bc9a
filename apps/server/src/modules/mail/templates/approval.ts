import { ETA_FACTS, encodeOrderRef, PUBLIC_ROUTE } from '@eta/shared';
import { applicantName, compose, esc, heading, link, list, type MailSite, paragraph } from './layout.ts';

export interface ApprovalOrder {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
}

/** The customer's way to the download page: the track page of the order's own site (SPEC §2, DESIGN §5). */
export function trackUrlOf(site: MailSite, orderId: string): string {
  return `${site.publicBaseUrl}${PUBLIC_ROUTE.trackOrder}/${encodeOrderRef(orderId)}`;
}

/** The important-notice list with SPEC §9's figures. */
export const IMPORTANT_NOTICES: readonly string[] = [
  `Your eTA is valid for ${ETA_FACTS.validityYears} years, or until the passport it is linked to expires, whichever comes first.`,
  `A decision on an eTA application is usually made within ${ETA_FACTS.decisionWorkingDays} working days.`,
  `With an eTA you can stay in the UK for up to ${ETA_FACTS.maxStayMonths} months for each visit, and up to ${ETA_FACTS.transitMonths} months when you are in transit.`,
  'Travel with the same passport you used to apply: your eTA is linked to it electronically.',
  'An eTA allows you to travel to the UK; the final decision to let you in is made by Border Force on arrival.',
];

/**
 * The approval mail of SPEC §2: greeting and approval notice, username (the contact email) and
 * order id, the 'Click here' track link, the important notices, the customer service number, the
 * complaint and terms links of the order's site, and the footer. `reminder`: the resend's subject.
 */
export function approvalMail(order: ApprovalOrder, site: MailSite, reminder = false) {
  const name = applicantName(order);
  const username = order.contact_email_address ?? '';
  const track = trackUrlOf(site, order.order_id);
  const subject = `${reminder ? 'Reminder: ' : ''}Your UK eTA has been approved - Order ${order.order_id}`;
  return compose(site, subject, name, [
    paragraph(
      'We are pleased to inform you that your UK Electronic Travel Authorisation (eTA) application has been <strong>approved</strong>.',
      'We are pleased to inform you that your UK Electronic Travel Authorisation (eTA) application has been APPROVED.',
    ),
    paragraph(
      `Your login details to download your eTA:<br>Username: <strong>${esc(username)}</strong><br>Order ID: <strong>${esc(order.order_id)}</strong>`,
      `Your login details to download your eTA:\nUsername: ${username}\nOrder ID: ${order.order_id}`,
    ),
    paragraph(`To download your eTA, ${link(track, 'Click here')}.`, `To download your eTA, Click here: ${track}`),
    heading('Important notice'),
    list(IMPORTANT_NOTICES),
    paragraph(
      `If you have any questions, please call our customer service on <strong>${esc(site.supportPhone)}</strong>.`,
      `If you have any questions, please call our customer service on ${site.supportPhone}.`,
    ),
    paragraph(
      `If you are not satisfied with our service, you can ${link(site.complaintUrl, 'make a complaint')}. Your order is subject to our ${link(site.termsUrl, 'terms and conditions')}.`,
      `If you are not satisfied with our service, you can make a complaint: ${site.complaintUrl}\nYour order is subject to our terms and conditions: ${site.termsUrl}`,
    ),
  ]);
}
