import { z } from 'zod';
import { findFolder } from '../folders.ts';
import { DELIVERY, INBOUND_KIND, INBOUND_MATCH, INBOX_MSG, TEMPLATE_VARIABLES } from '../inbox.ts';
import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, type MailProvider } from '../mail.ts';
import { pageNumber, requiredText, text } from './fields.ts';
import { orderIdSchema } from './orders.ts';
import { PAGE_LIMIT_MAX } from './queues.ts';

/** Every `{{name}}` of a text names a known variable (a typo would reach the customer as is). */
const knownVariables = (value: string, ctx: z.RefinementCtx) => {
  for (const [, name] of value.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name ?? '')) {
      ctx.addIssue({ code: 'custom', message: INBOX_MSG.unknownVariable(name ?? '') });
      return;
    }
  }
};

const subjectSchema = (message: string) => requiredText(message, 300).superRefine(knownVariables);
const bodySchema = (message: string) => requiredText(message, 20_000).superRefine(knownVariables);

const foldersSchema = z
  .array(text({ error: INBOX_MSG.templateFolders }), { error: INBOX_MSG.templateFolders })
  .max(20, { error: INBOX_MSG.templateFolders })
  .refine((names) => names.every((n) => findFolder(n) !== undefined), { error: INBOX_MSG.templateFolders })
  .transform((names) => [...new Set(names.map((n) => findFolder(n)?.name as string))]);

/** POST /admin/mail-templates; PUT takes the same fields. */
export const mailTemplateSchema = z.strictObject({
  name: requiredText(INBOX_MSG.templateName, 120),
  subject: subjectSchema(INBOX_MSG.templateSubject),
  body: bodySchema(INBOX_MSG.templateBody),
  folders: foldersSchema.default([]),
  publicNote: text().trim().max(1000, { error: 'publicNote must be at most 1000 characters.' }).nullish(),
});
export type MailTemplateInput = z.output<typeof mailTemplateSchema>;

const idOf = (what: string) =>
  z.coerce
    .number({ error: `id must be ${what} id.` })
    .int({ error: `id must be ${what} id.` })
    .min(1, { error: `id must be ${what} id.` })
    .max(2 ** 31 - 1, { error: `id must be ${what} id.` });

export const mailTemplatePathSchema = z.strictObject({ id: idOf('a template') });
export const inboundPathSchema = z.strictObject({ id: idOf('an inbound mail') });
export const inboundAttachmentPathSchema = z.strictObject({ id: idOf('an attachment') });

export const mailTemplateRecordSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  folders: z.array(z.string()),
  public_note: z.string().nullable(),
  updated_at: z.string(),
});
export type MailTemplateRecord = z.infer<typeof mailTemplateRecordSchema>;

/** `cloud` (the default) or `delivery`, as the detail's other mails take it (schemas/detail.ts, not imported: a cycle). */
const providerSchema = z
  .union([z.enum(MAIL_PROVIDERS as [MailProvider, ...MailProvider[]]), z.literal(''), z.null()], {
    error: 'mailServiceProvider must be cloud or delivery.',
  })
  .optional()
  .transform((v): MailProvider => v || DEFAULT_MAIL_PROVIDER);

/** POST /admin/send-customer-mail: the member's subject and body (from a template or typed), variables rendered by the server. */
export const sendCustomerMailSchema = z.strictObject({
  orderId: orderIdSchema,
  templateId: idOf('a template').nullish(),
  subject: subjectSchema(INBOX_MSG.mailSubject),
  body: bodySchema(INBOX_MSG.mailBody),
  mailServiceProvider: providerSchema,
});
export type SendCustomerMailInput = z.output<typeof sendCustomerMailSchema>;

export const sentCustomerMailSchema = z.strictObject({ mailId: z.number(), subject: z.string() });

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'unmatched must be 1 or 0.' })
  .transform((v) => v === '1' || v === 'true');

/** GET /admin/inbound-mail: newest first; `unmatched=1` keeps those with no order. */
export const inboundListQuerySchema = z.strictObject({
  unmatched: flag.optional(),
  orderId: orderIdSchema.optional(),
  page: pageNumber('page', 10_000_000, 1),
  limit: pageNumber('limit', PAGE_LIMIT_MAX, 25),
});

/** PUT /admin/inbound-mail/{id}: the order a member links an unmatched mail to. */
export const linkInboundSchema = z.strictObject({ orderId: orderIdSchema });

export const attachmentSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
});

export const inboundItemSchema = z.strictObject({
  id: z.number(),
  order_id: z.string().nullable(),
  kind: z.enum(Object.values(INBOUND_KIND)),
  matched_by: z.enum(Object.values(INBOUND_MATCH)).nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  received_at: z.string(),
  outcome: z.string(),
  attachments: z.array(attachmentSchema),
});
export type InboundItem = z.infer<typeof inboundItemSchema>;

/** One mail of an order's conversation (DESIGN §25): ours and the customer's, by time. */
export const conversationItemSchema = z.strictObject({
  id: z.number(),
  direction: z.enum(['out', 'in']),
  at: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  delivery: z.enum(Object.values(DELIVERY)),
  delivery_detail: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type ConversationItem = z.infer<typeof conversationItemSchema>;
