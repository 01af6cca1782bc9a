import { EST_TIME_ZONE } from './est-time.ts';
import type { MailKind, MailProvider, ShownMailStatus } from './mail.ts';
import { MSG } from './messages.ts';
import type { IngestTextField } from './schemas/orders.ts';
import { type OrderStatus, STATUS } from './statuses.ts';

/** The server's replies about one order's detail, where SPEC leaves them open (DESIGN §5). */
export const DETAIL_MSG = {
  detail: 'Order details',
  emailContent: 'Email content',
  remarkAdded: 'Remark added successfully',
  uploaded: 'Document uploaded successfully. The approval mail has been queued.',
  resent: 'Mail has been queued to be sent again.',
  noDocument: 'No document has been uploaded for this order yet.',
  alreadyRejected: 'The document of this order is already rejected.',
  documentRejected: 'The latest document was rejected. Upload a new document before sending it again.',
  documentType: 'The document must be a PDF, JPEG, PNG or WebP file.',
  documentTooLarge: 'The document must be at most 10 MB.',
  providerInvalid: 'mailServiceProvider must be cloud or delivery.',
  uploadUnknownField: 'Unexpected field in the upload form.',
  noFailedMail: 'There is no failed mail to send again for this order.',
  imageMissing: 'This order has no such image.',
  documentMissing: 'Document not found.',
  orderNotFound: 'Order not found.',
} as const;

/** A move from the order detail; its Delete answers as every delete does (SPEC §8). */
export const movedMessage = (to: string): string =>
  to === STATUS.Deleted ? MSG.orderDeleted : `Order has been moved to ${to.trim()} successfully`;
export const heldMessage = (holder: string): string =>
  `This order is assigned to ${holder}. Only ${holder}, an Admin or a Manager can change it.`;
export const retriedMessage = (n: number): string =>
  `${n} failed ${n === 1 ? 'mail has' : 'mails have'} been queued to be sent again.`;

/** Remark flags (SPEC §3): 'Y' when ticked, 'N' otherwise. */
export type Flag = 'Y' | 'N';

/** SPEC §3 uploadDoc, plus what the screen needs to link and date it. */
export interface UploadDocRecord {
  id: number;
  file1: string;
  customer_name: string | null;
  is_rejected_doc: 'Yes' | 'No';
  mail_service_provider: MailProvider;
  content_type: string;
  size: number;
  /** name of the staff member who uploaded it ('' when unknown) */
  uploaded_by: string;
  created_at: string;
  /** staff-only link to the file (Authorization header required) */
  url: string;
}

/** SPEC §3 mailHistory: every mail of the order, sent or not yet, newest first. */
export interface MailHistoryRecord {
  /** the outbox id; `POST /admin/retry-mail { orderId, mailId }` sends a failed one again */
  id: number;
  order_id: string;
  /** when it was sent, else when it was queued */
  create_ts: string;
  remainder_mail: 0 | 1;
  kind: MailKind;
  provider: MailProvider;
  to_address: string;
  status: ShownMailStatus;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  /** the document the mail carried the link to, or null */
  uploadDoc: UploadDocRecord | null;
}

export interface DownloadHistoryRecord {
  order_id: string;
  create_ts: string;
  ip: string;
  timezone: string | null;
  browser: string | null;
  os: string | null;
}

/** SPEC §3 remark record; every flag is 'N' when empty. */
export interface RemarkRecord {
  id: number;
  order_id: string;
  us_date: string;
  us_time: string;
  remark_name: string;
  remark: string;
  whatsapp: Flag;
  telephone: Flag;
  status_refund: Flag;
  voided: Flag;
  chargeback: Flag;
  report_error: Flag;
  created_at: string;
}

/** One row of the Activity section (DESIGN §6 event log). */
export interface OrderEventRecord {
  kind: string;
  from_value: string | null;
  to_value: string | null;
  detail: string | null;
  /** '' for the system (an integration, the mail worker) */
  staff_name: string;
  created_at: string;
}

/** SPEC §3 orderDetails with every field, the nested lists and the Activity log. */
export type OrderDetail = { [K in IngestTextField]: string | null } & {
  order_id: string;
  process_status: OrderStatus | string;
  first_name: string | null;
  sur_name: string | null;
  full_name: string;
  contact_email_address: string | null;
  /** dialling code of the country (digits, e.g. '44'), null when unknown; the raw value is country_code_raw */
  country_code: string | null;
  country_code_raw: string | null;
  /** staff-only image links, or null */
  passport_image: string | null;
  upload_image: string | null;
  /** further questionnaire answers the website sent (SPEC's {hash} and similar), or null */
  extra_answers: Record<string, string | number | boolean | null> | null;
  /** name of the staff member holding the order, '' when free */
  assign_to: string;
  assigned_to_me: boolean;
  domain: 'primary' | 'secondary';
  processing_type: string;
  /** decimal with 2 places, e.g. '39.99'; null when unknown */
  amount: string | null;
  currency: string | null;
  refund_date: string | null;
  /** name of the staff member who processed the order (DESIGN §6), '' when nobody yet */
  processed_by: string;
  created_at: string;
  updated_at: string;
  uploadDoc: UploadDocRecord[];
  mailHistory: MailHistoryRecord[];
  downloadHistory: DownloadHistoryRecord[];
  remark: RemarkRecord[];
  events: OrderEventRecord[];
  images: { passport: string | null; selfie: string | null };
};

/** "View Email Content": the approval mail exactly as it would be sent now. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

let usFormatter: Intl.DateTimeFormat | null = null;

/**
 * A remark's us_date (`MM-DD-YYYY`) and us_time (`hh:mm:ss AM`, 12-hour with a leading zero) on the
 * US Eastern clock (America/New_York, daylight saving included).
 */
export function usEasternStamp(value: Date | number | string): { us_date: string; us_time: string } {
  usFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: EST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h12',
  });
  const p: Record<string, string> = {};
  for (const part of usFormatter.formatToParts(new Date(value))) p[part.type] = part.value;
  return {
    us_date: `${p.month}-${p.day}-${p.year}`,
    us_time: `${p.hour?.padStart(2, '0')}:${p.minute}:${p.second} ${p.dayPeriod?.toUpperCase()}`,
  };
}
