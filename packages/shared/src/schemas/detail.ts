import { z } from 'zod';
import { DETAIL_MSG, type Flag } from '../detail.ts';
import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, type MailProvider } from '../mail.ts';
import { MSG } from '../messages.ts';
import { type OrderStatus, parseStatus } from '../statuses.ts';
import { FLOW_MSG } from '../work-surface.ts';
import { requiredEmail, requiredText, text } from './fields.ts';
import { orderIdSchema } from './orders.ts';
import { orderIdList } from './queues.ts';

/** A remark at most this long; a comment, not a document. */
export const REMARK_MAX = 5000;

/** 'Y' when ticked; 'N', '', false or absent when not (SPEC §3). Booleans accepted from checkboxes. */
const flag = z
  .union([z.enum(['Y', 'N', 'y', 'n', '']), z.boolean(), z.null()], { error: "Must be 'Y' or 'N'." })
  .optional()
  .transform((v): Flag => (v === true || v === 'Y' || v === 'y' ? 'Y' : 'N'));

/** POST /admin/add-new-remark (SPEC §3 remark payload). `remarkerName` is accepted and ignored. */
export const addRemarkSchema = z.strictObject({
  orderId: orderIdSchema,
  remark: requiredText(MSG.remarkRequired, REMARK_MAX),
  remarkerName: text().max(200).nullish(),
  whatsapp: flag,
  telephone: flag,
  statusRefund: flag,
  voided: flag,
  chargeBack: flag,
  reportError: flag,
});
export type AddRemarkInput = z.output<typeof addRemarkSchema>;

const STATUS_MESSAGE = 'Unknown process status.';

/**
 * PUT /admin/move-order-status (SPEC §7). `Awaiting` is accepted for `Awaiting ` (DESIGN §6). `orderId`
 * is one id (the detail's move, answered as ever) or a list (a bulk move from a queue, DESIGN §23).
 */
export const moveOrderStatusSchema = z.strictObject({
  orderId: z.union([orderIdSchema, orderIdList], { error: 'orderId must be an order id or a list of them.' }),
  updatingStatus: z
    .string({ error: STATUS_MESSAGE })
    .refine((v) => parseStatus(v) !== null, { error: STATUS_MESSAGE })
    .transform((v) => parseStatus(v) as OrderStatus),
});
export type MoveOrderStatusInput = z.output<typeof moveOrderStatusSchema>;

/** `cloud` (the default) or `delivery`; blank means the default (SPEC §4, §9). */
export const mailProviderSchema = z
  .union([z.enum(MAIL_PROVIDERS as [MailProvider, ...MailProvider[]]), z.literal(''), z.null()], {
    error: DETAIL_MSG.providerInvalid,
  })
  .optional()
  .transform((v): MailProvider => v || DEFAULT_MAIL_PROVIDER);

/** The applicant's address the mail goes to (SPEC §5: required on the upload and resend forms). */
export const mailToSchema = requiredEmail(MSG.uploadEmailRequired, MSG.invalidEmail);

/** The text fields of POST (multipart) /admin/upload-visa-document; the file is `uploadVisaDoc`. */
export const uploadDocumentFieldsSchema = z.strictObject({
  orderId: orderIdSchema,
  email: mailToSchema,
  mailServiceProvider: mailProviderSchema,
});
export type UploadDocumentFields = z.output<typeof uploadDocumentFieldsSchema>;
/**
 * The upload's own text fields: those above, and `complete` (`true`: the order moves to Completed in
 * the same transaction, DESIGN §23). Multipart sends text, so `true`/`false` (or empty: not asked).
 */
export const uploadFormFieldsSchema = uploadDocumentFieldsSchema.extend({
  complete: z
    .enum(['true', 'false', ''], { error: FLOW_MSG.completeInvalid })
    .optional()
    .transform((v) => v === 'true'),
});
export type UploadFormFields = z.output<typeof uploadFormFieldsSchema>;
/** The multipart field that carries the file (SPEC §7). */
export const UPLOAD_FILE_FIELD = 'uploadVisaDoc';

/** POST /admin/resend-mail (SPEC §7). */
export const resendMailSchema = uploadDocumentFieldsSchema;
export type ResendMailInput = UploadDocumentFields;

/** POST /admin/send-rejection-mail (SPEC §7); the provider is optional (default cloud). */
export const rejectionMailSchema = z.strictObject({
  orderId: orderIdSchema,
  email: mailToSchema,
  mailServiceProvider: mailProviderSchema,
});
export type RejectionMailInput = z.output<typeof rejectionMailSchema>;

/** POST /admin/retry-mail: every failed mail of the order, or the one named by `mailId`. */
export const retryMailSchema = z.strictObject({
  orderId: orderIdSchema,
  mailId: z.number().int().positive().optional(),
});
export type RetryMailInput = z.output<typeof retryMailSchema>;

/** Path parameters: the order id as it is, URL-encoded by the client. */
export const orderPathSchema = z.strictObject({ orderId: orderIdSchema });
export const orderImageParamsSchema = z.strictObject({
  orderId: orderIdSchema,
  kind: z.enum(['passport', 'selfie'], { error: 'Image must be passport or selfie.' }),
});
export const orderDocumentParamsSchema = z.strictObject({
  orderId: orderIdSchema,
  documentId: z.coerce.number({ error: DETAIL_MSG.documentMissing }).int().positive(),
});
