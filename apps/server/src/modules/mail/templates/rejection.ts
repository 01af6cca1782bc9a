import { applicantName, compose, esc, link, type MailSite, paragraph } from './layout.ts';

export interface RejectionOrder {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
}

/** "Reject Applicant" (SPEC §2, §4): the document sent earlier is withdrawn; the customer is asked to get in touch. */
export function rejectionMail(order: RejectionOrder, site: MailSite) {
  const subject = `Your UK eTA application - Order ${order.order_id}`;
  return compose(site, subject, applicantName(order), [
    paragraph(
      `We regret to inform you that your UK Electronic Travel Authorisation (eTA) application for order <strong>${esc(order.order_id)}</strong> has not been approved.`,
      `We regret to inform you that your UK Electronic Travel Authorisation (eTA) application for order ${order.order_id} has not been approved.`,
    ),
    paragraph(
      'Any document sent to you earlier for this order is no longer valid and has been withdrawn. Please do not travel on it.',
      'Any document sent to you earlier for this order is no longer valid and has been withdrawn. Please do not travel on it.',
    ),
    paragraph(
      `Please call our customer service on <strong>${esc(site.supportPhone)}</strong> or ${link(site.contactUrl, 'contact us')} and we will tell you what you can do next.`,
      `Please call our customer service on ${site.supportPhone} or contact us (${site.contactUrl}) and we will tell you what you can do next.`,
    ),
    paragraph(
      `If you are not satisfied with our service, you can ${link(site.complaintUrl, 'make a complaint')}.`,
      `If you are not satisfied with our service, you can make a complaint: ${site.complaintUrl}`,
    ),
  ]);
}
