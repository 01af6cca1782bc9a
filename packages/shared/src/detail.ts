import { EST_TIME_ZONE } from './est-time.ts';
import { MSG } from './messages.ts';
import { statusLabel } from './status-labels.ts';
import { STATUS } from './statuses.ts';

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
  to === STATUS.Deleted ? MSG.orderDeleted : `Order has been moved to ${statusLabel(to)} successfully`;
export const heldMessage = (holder: string): string =>
  `This order is assigned to ${holder}. Only ${holder}, an Admin or a Manager can change it.`;
export const retriedMessage = (n: number): string =>
  `${n} failed ${n === 1 ? 'mail has' : 'mails have'} been queued to be sent again.`;

/** Remark flags (SPEC §3): 'Y' when ticked, 'N' otherwise. */
export type Flag = 'Y' | 'N';

export type {
  DownloadHistoryRecord,
  EmailContent,
  MailHistoryRecord,
  OrderDetail,
  OrderEventRecord,
  RemarkRecord,
  UploadDocRecord,
} from './schemas/detail-replies.ts';

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
