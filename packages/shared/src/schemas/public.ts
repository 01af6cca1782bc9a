import { z } from 'zod';
import { MSG } from '../messages.ts';
import { requiredText } from './fields.ts';

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
  customername: z.string().max(300).nullish(),
  file1: requiredText('file1 is required.', 255),
  timezone: z.string().max(100).nullish(),
});
export type DownloadDocumentInput = z.infer<typeof downloadDocumentSchema>;

export const brandingQuerySchema = z.strictObject({ orderRef: z.string().max(200).optional() });
