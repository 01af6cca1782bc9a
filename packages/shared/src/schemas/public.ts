import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { downloadRecordSchema } from './detail-replies.ts';
import { requiredText, text } from './fields.ts';

/** Order ids are matched as given, after trimming; the shape is not checked so a wrong id answers like a wrong email. */
const publicOrderId = requiredText(MSG.trackOrderIdRequired, 100);

/** POST /front/track-order (SPEC §5: both fields required; the email is matched case-insensitively). */
export const trackOrderSchema = z.strictObject({
  orderId: publicOrderId,
  email: requiredText(MSG.trackEmailRequired, 254),
});
export type TrackOrderInput = z.infer<typeof trackOrderSchema>;

export const downloadHistorySchema = z.strictObject({ orderId: publicOrderId });
export type DownloadHistoryInput = z.infer<typeof downloadHistorySchema>;

/** POST /front/download-passport-doc-pdf: SPEC §7's fields, and the browser's IANA time zone (DESIGN §8). */
export const downloadDocumentSchema = z.strictObject({
  orderId: publicOrderId,
  customername: text().max(300).nullish(),
  file1: requiredText('file1 is required.', 255),
  timezone: text().max(100).nullish(),
});
export type DownloadDocumentInput = z.infer<typeof downloadDocumentSchema>;

export const brandingQuerySchema = z.strictObject({ orderRef: text().max(200).optional() });

/** POST /front/track-order: the order access token (DESIGN §8) and the reference the pages' addresses carry. */
export const trackDataSchema = z.strictObject({
  accessToken: z.string(),
  orderRef: z.string(),
  /** seconds */
  expiresIn: z.number().int(),
});
export type TrackData = z.infer<typeof trackDataSchema>;

/** One row of the Downloaded History table (SPEC §3 downloadHistory, with browser and os). */
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

const domainSchema = z.enum(['primary', 'secondary']);

/** What the completion page shows about the order. */
export const publicMainResultSchema = z.strictObject({
  order_id: z.string(),
  first_name: z.string().nullable(),
  sur_name: z.string().nullable(),
  full_name: z.string(),
  domain: domainSchema,
  /** a current, not rejected document can be downloaded */
  documentReady: z.boolean(),
  /** the current document was rejected: the applicant was mailed that the application was not approved */
  applicationRejected: z.boolean(),
  /** where the order is; the page says it in the customer's words (PUBLIC_STATUS_TEXT, DESIGN §25) */
  process_status: z.string(),
  /** while the order awaits the customer: the note of the last template sent to them that has one, else null */
  publicNote: z.string().nullable(),
});
export type PublicMainResult = z.infer<typeof publicMainResultSchema>;

/** The current document (SPEC §7 `path` with file1); null when it is missing or rejected. */
export const publicDocumentPathSchema = z.strictObject({ file1: z.string(), customer_name: z.string().nullable() });
export type PublicDocumentPath = z.infer<typeof publicDocumentPathSchema>;

/** POST /front/download-passport-doc-pdf: the one-time link to the file. */
export const downloadLinkSchema = z.strictObject({ downloadUrl: z.string() });

export const siteLinkSchema = z.strictObject({ label: z.string(), url: z.string() });
export type SiteLink = z.infer<typeof siteLinkSchema>;

/** Header, footer and contact link of one landing site (SPEC §2 public routes). */
export const siteBrandingSchema = z.strictObject({
  domain: domainSchema,
  siteName: z.string(),
  /** null: the pages draw the built-in logo */
  logoUrl: z.string().nullable(),
  homeUrl: z.string(),
  headerLinks: z.array(siteLinkSchema),
  contactUrl: z.string(),
  complaintUrl: z.string(),
  termsUrl: z.string(),
  copyright: z.string(),
});
export type SiteBranding = z.infer<typeof siteBrandingSchema>;
