import { DELIVERY, type Delivery, INBOUND_KIND, type InboundKind } from '@eta/shared';

/** Texts of the conversation screens that DESIGN §25 leaves open. */
export const INBOX_TEXT = {
  conversation: 'Conversation',
  noMail: 'No mail with the customer yet.',
  fromUs: 'Sent to the customer',
  fromCustomer: 'From the customer',
  attachments: 'Attachments',
  htmlTitle: (subject: string) => `Mail: ${subject}`,
  write: 'Write to customer',
  template: 'Template',
  noTemplate: 'No template (write it yourself)',
  subject: 'Subject',
  body: 'Message',
  variablesHint: 'Variables such as {{first_name}} and {{track_url}} are filled in when the mail is sent.',
  send: 'Send mail',
  sending: 'Sending…',
  templates: 'Mail templates',
  unmatched: 'Unmatched mail',
  newTemplate: 'New template',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  name: 'Name',
  folders: 'Offered in folders (none: everywhere)',
  publicNote: 'Note on the customer page while the order awaits the customer',
  confirmDelete: (name: string) => `Delete the template "${name}"? Mails sent from it stay on their orders.`,
  noTemplates: 'No templates yet.',
  noUnmatched: 'Every mail read from the mailbox has found its order.',
  linkTo: 'Order id',
  link: 'Link to order',
  repliedCount: (n: number) => (n === 1 ? '1 customer replied' : `${n} customers replied`),
  readOnly: 'You can read the templates; changing them needs the templates permission.',
} as const;

/** How a mail fared, as words (DESIGN §25's five values). */
export const DELIVERY_WORD: Readonly<Record<Delivery, string>> = {
  [DELIVERY.queued]: 'Queued',
  [DELIVERY.sent]: 'Sent',
  [DELIVERY.bounced]: 'Bounced',
  [DELIVERY.complained]: 'Complained',
  [DELIVERY.received]: 'Received',
};

export const DELIVERY_BADGE: Readonly<Record<Delivery, string>> = {
  [DELIVERY.queued]: 'secondary',
  [DELIVERY.sent]: 'success',
  [DELIVERY.bounced]: 'danger',
  [DELIVERY.complained]: 'warning',
  [DELIVERY.received]: 'info',
};

/** What a mail read from the mailbox was, as a member reads it (never the stored value). */
export const INBOUND_KIND_WORD: Readonly<Record<InboundKind, string>> = {
  [INBOUND_KIND.reply]: 'Customer mail',
  [INBOUND_KIND.bounce]: 'Bounce',
  [INBOUND_KIND.complaint]: 'Complaint',
};
