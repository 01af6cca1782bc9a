import { z } from 'zod';
import { DEFENCE_MSG, DEFENCE_PACK_TYPES, type DefencePackType, PASSPORT_PACK_TYPE } from '../defence.ts';
import { DISPUTE_PROCESSORS } from '../disputes.ts';
import { MSG } from '../messages.ts';
import { requiredText } from './fields.ts';
import { ORDER_ID_MESSAGE, ORDER_ID_PATTERN, orderIdSchema } from './orders.ts';

/** POST /admin/defence-pack-details (SPEC §3 transaction details, §5 messages). */
export const transactionDetailsSchema = z.strictObject({
  transactionId: requiredText(MSG.transactionIdRequired, 255),
  merchantName: requiredText(MSG.merchantNameRequired, 255),
  orderId: orderIdSchema,
});
export type TransactionDetailsInput = z.output<typeof transactionDetailsSchema>;

/** 1 or 2; "1" and "2" accepted too (a form or a query string sends text). */
const packType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: DEFENCE_MSG.packTypeInvalid })
  .transform((v): DefencePackType => Number(v) as DefencePackType)
  .refine((v) => (DEFENCE_PACK_TYPES as readonly number[]).includes(v));

/**
 * Pack 2 (the short pack) has no passport option (DESIGN §22): asking for it there is a contradiction,
 * refused with 400 rather than silently ignored, so no caller believes the image went in.
 */
const passportOnlyInPack1 = (v: { defencePackType?: unknown; includePassport?: boolean | undefined }) =>
  !v.includePassport || (v.defencePackType ?? PASSPORT_PACK_TYPE) === PASSPORT_PACK_TYPE;
const PASSPORT_IN_PACK2 = { error: DEFENCE_MSG.noPassportInPack2, path: ['includePassport'] };

/**
 * POST /admin/get-defence-pack-pdf (SPEC §7), with DESIGN §15's choices: the passport and selfie stay
 * out unless asked for (pack 1 only), and the pack is fitted to a processor's limits (default: the
 * order's processor).
 */
export const defencePackPdfSchema = z
  .strictObject({
    orderId: orderIdSchema,
    defencePackType: packType,
    includePassport: z.boolean({ error: 'includePassport must be true or false.' }).default(false),
    profile: z
      .enum(DISPUTE_PROCESSORS, { error: `profile must be one of ${DISPUTE_PROCESSORS.join(', ')}.` })
      .optional(),
  })
  .refine(passportOnlyInPack1, PASSPORT_IN_PACK2);
export type DefencePackPdfInput = z.output<typeof defencePackPdfSchema>;

/** GET /admin/defence-letter/{orderId}?defencePackType=1|2 (the type only changes the enclosures). */
export const defenceLetterQuerySchema = z
  .strictObject({
    defencePackType: packType.optional(),
    /** the letter lists the passport image among its enclosures only when the pack will carry it (pack 1) */
    includePassport: z
      .enum(['true', 'false'], { error: 'includePassport must be true or false.' })
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine(passportOnlyInPack1, PASSPORT_IN_PACK2);

/**
 * The Send Invoice form and POST /admin/send-invoice (SPEC §3 invoice request, §5 messages):
 * required, then at least 6 characters, then the order id shape (DESIGN §6).
 */
export const invoiceOrderIdSchema = z
  .string({ error: MSG.invoiceOrderIdRequired })
  .trim()
  .min(1, { error: MSG.invoiceOrderIdRequired })
  .min(6, { error: MSG.invoiceOrderIdMin })
  .max(40, { error: ORDER_ID_MESSAGE })
  .regex(ORDER_ID_PATTERN, { error: ORDER_ID_MESSAGE });

export const sendInvoiceSchema = z.strictObject({ orderId: invoiceOrderIdSchema });
export type SendInvoiceInput = z.output<typeof sendInvoiceSchema>;

/**
 * The defence letter of SPEC §1, filled with the order's values and the business's details. The
 * server composes it once; the Defence Pack modal shows it and the PDF prints it, so they never differ.
 */
export const defenceLetterSchema = z.strictObject({
  orderId: z.string(),
  packType: z.union([z.literal(1), z.literal(2)]),
  /** the business: name, address lines, email */
  from: z.array(z.string()),
  /** the date of the letter, e.g. "14 March 2026" */
  date: z.string(),
  /** the payment processor's disputes team */
  to: z.array(z.string()),
  /** the processor whose limits the pack is fitted to unless another is chosen (DESIGN §15) */
  profile: z.enum(DISPUTE_PROCESSORS),
  subject: z.string(),
  /** label → value lines under the subject (transaction id, merchant name, amount, dates) */
  reference: z.array(z.strictObject({ label: z.string(), value: z.string() })),
  salutation: z.string(),
  /** each paragraph with an optional heading */
  sections: z.array(z.strictObject({ heading: z.string().nullable(), paragraphs: z.array(z.string()) })),
  enclosures: z.array(z.string()),
  closing: z.string(),
  signature: z.array(z.string()),
  /**
   * what the letter lacks: transaction fields not entered yet (it shows "not entered" for them), and
   * `businessEmail` when no BUSINESS_EMAIL is configured (the letter then gives no address: never a no-reply one)
   */
  missing: z.array(z.enum(['transactionId', 'merchantName', 'businessEmail'])),
});
export type DefenceLetter = z.infer<typeof defenceLetterSchema>;

/** POST /admin/send-invoice: the invoice's number and the mail that carries it. */
export const sentInvoiceSchema = z.strictObject({ invoiceNumber: z.string(), mailId: z.number().int() });
export type SentInvoice = z.infer<typeof sentInvoiceSchema>;
