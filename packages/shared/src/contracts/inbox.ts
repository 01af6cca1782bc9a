import { INBOUND_ATTACHMENT_TYPES } from '../inbox-files.ts';
import {
  inboundAttachmentPathSchema,
  inboundItemSchema,
  inboundListQuerySchema,
  inboundPathSchema,
  linkInboundSchema,
  mailTemplatePathSchema,
  mailTemplateRecordSchema,
  mailTemplateSchema,
  sendCustomerMailSchema,
  sentCustomerMailSchema,
} from '../schemas/inbox.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** The conversation with the customer (DESIGN §25): templates, customer mail, the mailbox read back. */
export const INBOX_API = {
  templates: at('GET', '/admin/mail-templates'),
  createTemplate: at('POST', '/admin/mail-templates'),
  updateTemplate: at('PUT', '/admin/mail-templates/:id'),
  deleteTemplate: at('DELETE', '/admin/mail-templates/:id'),
  sendCustomerMail: at('POST', '/admin/send-customer-mail'),
  inbound: at('GET', '/admin/inbound-mail'),
  linkInbound: at('PUT', '/admin/inbound-mail/:id'),
  attachment: at('GET', '/admin/inbound-attachments/:id'),
};

const tag = 'Customer conversation';
const work = { capability: 'orders.work' } as const;
const manage = { capability: 'templates.manage' } as const;

export const INBOX_CONTRACTS = {
  templates: contract(INBOX_API.templates, {
    summary: 'The customer mail templates',
    tag,
    access: work,
    data: mailTemplateRecordSchema.array(),
  }),
  createTemplate: contract(INBOX_API.createTemplate, {
    summary: 'Write a customer mail template',
    description:
      'body and subject are text with {{first_name}}, {{sur_name}}, {{order_id}}, {{track_url}}, {{site_name}}, {{support_phone}}; folders: where it is offered; publicNote: what the customer page says while the order waits on the customer.',
    tag,
    access: manage,
    body: mailTemplateSchema,
    success: [201],
    data: mailTemplateRecordSchema,
  }),
  updateTemplate: contract(INBOX_API.updateTemplate, {
    summary: 'Change a customer mail template',
    tag,
    access: manage,
    params: mailTemplatePathSchema,
    body: mailTemplateSchema,
    data: mailTemplateRecordSchema,
  }),
  deleteTemplate: contract(INBOX_API.deleteTemplate, {
    summary: 'Delete a customer mail template (mails sent from it stay on their orders)',
    tag,
    access: manage,
    params: mailTemplatePathSchema,
    data: null,
  }),
  sendCustomerMail: contract(INBOX_API.sendCustomerMail, {
    summary: "Queue a mail to the order's customer through the outbox",
    description:
      'The variables are rendered by the server, each value inserted once and never expanded again; the mail carries a Reply-To with a signed token, our Message-ID and a signed bounce address.',
    tag,
    access: work,
    body: sendCustomerMailSchema,
    success: [201],
    data: sentCustomerMailSchema,
  }),
  inbound: contract(INBOX_API.inbound, {
    summary: 'Mail read from the inbound mailbox, newest first (unmatched=1: with no order)',
    tag,
    access: work,
    query: inboundListQuerySchema,
    data: inboundItemSchema.array(),
    total: true,
  }),
  linkInbound: contract(INBOX_API.linkInbound, {
    summary: 'Link an inbound mail to an order',
    tag,
    access: work,
    params: inboundPathSchema,
    body: linkInboundSchema,
    data: inboundItemSchema,
  }),
  attachment: contract(INBOX_API.attachment, {
    summary: 'An attachment of an inbound mail (each download is an access-log row)',
    tag,
    access: work,
    params: inboundAttachmentPathSchema,
    data: null,
    file: INBOUND_ATTACHMENT_TYPES,
  }),
};
