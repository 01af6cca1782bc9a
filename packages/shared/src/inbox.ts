import { type OrderStatus, STATUS } from './statuses.ts';

/**
 * The conversation with the customer (DESIGN §25): mail templates staff write to customers from,
 * replies and bounces read back from the mailbox. Wire names and messages, written once.
 */

/** The variables a template may use; each is replaced by its value once (never expanded again). */
export const TEMPLATE_VARIABLES = [
  'first_name',
  'sur_name',
  'order_id',
  'track_url',
  'site_name',
  'support_phone',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/**
 * How a mail fared (DESIGN §25's five values): ours queued, sent, bounced or complained of; the
 * customer's received. A mail that failed for good stays `queued` with the failure as its detail
 * (docs/decisions/0296-…): retry-mail can still send it.
 */
export const DELIVERY = {
  queued: 'queued',
  sent: 'sent',
  bounced: 'bounced',
  complained: 'complained',
  received: 'received',
} as const;
export type Delivery = (typeof DELIVERY)[keyof typeof DELIVERY];

/** What the reader made of one message of the mailbox (logged, and kept on its row). */
export const INBOUND_KIND = {
  /** a customer's mail, matched to an order or not */
  reply: 'reply',
  /** a delivery status notification (multipart/report; report-type=delivery-status) */
  bounce: 'bounce',
  /** a complaint (ARF, report-type=feedback-report) */
  complaint: 'complaint',
} as const;
export type InboundKind = (typeof INBOUND_KIND)[keyof typeof INBOUND_KIND];

/** How a message found its order: our Message-ID, the signed +token, an order id in the subject, a member. */
export const INBOUND_MATCH = {
  inReplyTo: 'in_reply_to',
  token: 'token',
  subject: 'subject',
  staff: 'staff',
} as const;
export type InboundMatch = (typeof INBOUND_MATCH)[keyof typeof INBOUND_MATCH];

/** Attachments kept from an inbound mail: PDF and images, 10 MB each (DESIGN §25). */
export const INBOUND_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The domain event published after a reply marks an order (the lead subscribes notifications). */
export const CUSTOMER_REPLIED_EVENT = 'order.customerReplied';

/** The count beside Awaiting Customer: its orders the customer has replied to. */
export const AWAITING_REPLIED_COUNT = 'awaitingRepliedCount';

export const INBOX_MSG = {
  templates: 'Mail templates.',
  templateCreated: 'Template saved.',
  templateUpdated: 'Template updated.',
  templateDeleted: 'Template deleted.',
  templateNotFound: 'No such template.',
  templateName: 'Give the template a name.',
  templateSubject: 'Give the template a subject.',
  templateBody: 'Write the body of the template.',
  templateFolders: 'folders must be a list of folder names (orderName).',
  unknownVariable: (name: string) =>
    `{{${name}}} is not a variable; use ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`,
  mailSubject: 'Write a subject.',
  mailBody: 'Write the message.',
  mailQueued: 'Mail queued to the customer.',
  noCustomerEmail: 'This order has no customer email address.',
  inboundList: 'Inbound mail.',
  inboundNotFound: 'No such inbound mail.',
  inboundLinked: 'Mail linked to the order.',
  attachmentNotFound: 'No such attachment.',
  customerReplied: 'Customer replied',
  approvalBounced: (reason: string) => `Approval mail not delivered: ${reason}`,
} as const;

/** What the customer's page says of an order, per status (DESIGN §25). */
export const PUBLIC_STATUS_TEXT: Readonly<Record<OrderStatus, string>> = {
  [STATUS.New]: 'We have received your application and will start on it shortly.',
  [STATUS.Priority]: 'Your priority application is being processed.',
  [STATUS.ProcessMarch]: 'Your application is being processed.',
  [STATUS.Pending]: 'Your application is being processed.',
  [STATUS.Awaiting]: 'We need something from you before we can go on.',
  [STATUS.AwaitingGovt]: 'Your application is with the UK government; we will mail you when it is decided.',
  [STATUS.ContactCustomer]: 'We are trying to reach you: please check your mail and phone.',
  [STATUS.CustomerCalled]: 'We have spoken to you and are going on with your application.',
  [STATUS.Completed]: 'Your eTA is ready to download.',
  [STATUS.Refunds]: 'Your order has been refunded.',
  [STATUS.Deleted]: 'This order is closed.',
  [STATUS.Rejected]: 'Your application could not be approved; we have mailed you the details.',
  [STATUS.ChargeBack]: 'This order is under review.',
};
