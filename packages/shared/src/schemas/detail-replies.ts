import { z } from 'zod';
import { ce3ResultSchema } from '../ce3.ts';
import { DELIVERY, type Delivery } from '../inbox.ts';
import { MAIL_KIND, MAIL_PROVIDER, MAIL_STATUS } from '../mail.ts';
import { disputeRecordSchema } from './disputes.ts';
import { relatedOrderSchema } from './find.ts';
import { conversationItemSchema } from './inbox.ts';
import { INGEST_TEXT_FIELDS, type IngestTextField } from './orders.ts';
import { dataRemovalSchema } from './privacy.ts';
import { purchaseEvidenceSchema } from './purchase-evidence.ts';
import { serviceLevelFields } from './queues.ts';

/** The order detail's reply (SPEC §3 orderDetails) and its nested records, as the server sends them. */

const flag = z.enum(['Y', 'N']);
const mailProvider = z.enum([MAIL_PROVIDER.cloud, MAIL_PROVIDER.delivery]);

/** SPEC §3 uploadDoc, plus what the screen needs to link and date it. */
export const uploadDocRecordSchema = z.strictObject({
  id: z.number().int(),
  file1: z.string(),
  customer_name: z.string().nullable(),
  is_rejected_doc: z.enum(['Yes', 'No']),
  mail_service_provider: mailProvider,
  content_type: z.string(),
  size: z.number().int(),
  /** name of the staff member who uploaded it ('' when unknown) */
  uploaded_by: z.string(),
  created_at: z.string(),
  /** staff-only link to the file (Authorization header required) */
  url: z.string(),
  /** the file was deleted under retention or erasure (DESIGN §16): the row says when; the link answers 404 */
  removed_at: z.string().nullable(),
});
export type UploadDocRecord = z.infer<typeof uploadDocRecordSchema>;

/** SPEC §3 mailHistory: every mail of the order, sent or not yet, newest first. */
export const mailHistoryRecordSchema = z.strictObject({
  /** the outbox id; `POST /admin/retry-mail { orderId, mailId }` sends a failed one again */
  id: z.number().int(),
  order_id: z.string(),
  /** when it was sent, else when it was queued */
  create_ts: z.string(),
  remainder_mail: z.union([z.literal(0), z.literal(1)]),
  kind: z.enum(Object.values(MAIL_KIND) as [MailKindValue, ...MailKindValue[]]),
  provider: mailProvider,
  to_address: z.string(),
  status: z.enum([MAIL_STATUS.queued, MAIL_STATUS.sent, MAIL_STATUS.failed]),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** the document the mail carried the link to, or null */
  uploadDoc: uploadDocRecordSchema.nullable(),
  /** DESIGN §25: sent, bounced or complained (queued until sent), and the diagnostic */
  delivery: z.enum(Object.values(DELIVERY) as [Delivery, ...Delivery[]]),
  delivery_detail: z.string().nullable(),
});
type MailKindValue = (typeof MAIL_KIND)[keyof typeof MAIL_KIND];
export type MailHistoryRecord = z.infer<typeof mailHistoryRecordSchema>;

/** One download of the document by the customer (SPEC §3 downloadHistory, with browser and os). */
export const downloadRecordSchema = z.strictObject({
  order_id: z.string(),
  create_ts: z.string(),
  ip: z.string(),
  timezone: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
});
export type DownloadHistoryRecord = z.infer<typeof downloadRecordSchema>;

/** SPEC §3 remark record; every flag is 'N' when empty. */
export const remarkRecordSchema = z.strictObject({
  id: z.number().int(),
  order_id: z.string(),
  us_date: z.string(),
  us_time: z.string(),
  remark_name: z.string(),
  remark: z.string(),
  whatsapp: flag,
  telephone: flag,
  status_refund: flag,
  voided: flag,
  chargeback: flag,
  report_error: flag,
  created_at: z.string(),
});
export type RemarkRecord = z.infer<typeof remarkRecordSchema>;

/** One row of the Activity section (DESIGN §6 event log). */
export const orderEventRecordSchema = z.strictObject({
  kind: z.string(),
  from_value: z.string().nullable(),
  to_value: z.string().nullable(),
  detail: z.string().nullable(),
  /** '' for the system (an integration, the mail worker) */
  staff_name: z.string(),
  created_at: z.string(),
});
export type OrderEventRecord = z.infer<typeof orderEventRecordSchema>;

const answerFields = Object.fromEntries(
  Object.keys(INGEST_TEXT_FIELDS).map((field) => [field, z.string().nullable()]),
) as { [K in IngestTextField]: z.ZodNullable<z.ZodString> };

/** SPEC §3 orderDetails with every field, the nested lists and the Activity log. */
export const orderDetailSchema = z.strictObject({
  ...answerFields,
  order_id: z.string(),
  process_status: z.string(),
  first_name: z.string().nullable(),
  sur_name: z.string().nullable(),
  full_name: z.string(),
  contact_email_address: z.string().nullable(),
  /** dialling code of the country (digits, e.g. '44'), null when unknown; the raw value is country_code_raw */
  country_code: z.string().nullable(),
  country_code_raw: z.string().nullable(),
  /** staff-only image links, or null */
  passport_image: z.string().nullable(),
  upload_image: z.string().nullable(),
  /** further questionnaire answers the website sent (SPEC's {hash} and similar), or null */
  extra_answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  /** name of the staff member holding the order, '' when free */
  assign_to: z.string(),
  assigned_to_me: z.boolean(),
  domain: z.enum(['primary', 'secondary']),
  processing_type: z.string(),
  /** decimal with 2 places, e.g. '39.99'; null when unknown */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  refund_date: z.string().nullable(),
  /** the day to chase the order again (YYYY-MM-DD), or null (DESIGN §18): set in Awaiting Customer and Awaiting Govt */
  follow_up_on: z.string().nullable(),
  /** name of the staff member who processed the order (DESIGN §6), '' when nobody yet */
  processed_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  ...serviceLevelFields,
  uploadDoc: z.array(uploadDocRecordSchema),
  mailHistory: z.array(mailHistoryRecordSchema),
  downloadHistory: z.array(downloadRecordSchema),
  remark: z.array(remarkRecordSchema),
  events: z.array(orderEventRecordSchema),
  /** what the website saw at the purchase (DESIGN §15): Payment Details */
  purchase: purchaseEvidenceSchema,
  /** what left the order and when, and why (DESIGN §16) */
  data_removal: dataRemovalSchema,
  /** Visa Compelling Evidence 3.0 for this order (DESIGN §15) */
  ce3: ce3ResultSchema,
  /** the order's disputes (DESIGN §14), newest first */
  disputes: z.array(disputeRecordSchema),
  images: z.strictObject({ passport: z.string().nullable(), selfie: z.string().nullable() }),
  /** the customer's other orders, by email, phone or card, newest first, at most 20 (DESIGN §23) */
  relatedOrders: z.array(relatedOrderSchema),
  /** DESIGN §25: our mails and the customer's, oldest first */
  conversation: z.array(conversationItemSchema),
  /** DESIGN §25: when the customer replied while the order waited on them (cleared when it moves) */
  customer_replied_at: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** "View Email Content": the approval mail exactly as it would be sent now. */
export const emailContentSchema = z.strictObject({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailContent = z.infer<typeof emailContentSchema>;
