import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ORDER_MSG } from '../order-messages.ts';
import { type OrderStatus, parseStatus, STATUS } from '../statuses.ts';
import { requiredEmail, requiredText, text } from './fields.ts';
import { purchaseEvidenceShape } from './purchase-evidence.ts';

/** Order ids: letters, digits and hyphens, 6 to 40 characters (DESIGN §6). */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{6,40}$/;
export const ORDER_ID_MESSAGE = 'Order id must be 6 to 40 letters, digits or hyphens.';
export const orderIdSchema = z
  .string({ error: ORDER_ID_MESSAGE })
  .trim()
  .regex(ORDER_ID_PATTERN, { error: ORDER_ID_MESSAGE });

export const INGEST_MAX_ORDERS = 1000;
/** Passport and selfie images: at most 10 MB decoded (DESIGN §10). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** base64 of IMAGE_MAX_BYTES plus room for the data URL header */
const DATA_URL_MAX_CHARS = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 100;

export const PROCESSING_TYPES = ['standard', 'priority'] as const;
export type ProcessingType = (typeof PROCESSING_TYPES)[number];

const NAME = 100;
const SHORT = 255;
const LONG = 4000;

/**
 * The optional text fields of SPEC §3 orderDetails an application website sends, with their
 * maximum lengths. Generous on purpose: refusing a real customer's order costs more than a long field.
 */
export const INGEST_TEXT_FIELDS = {
  transaction_id: SHORT,
  merchant_name: SHORT,
  landing_site: SHORT,
  confirm_contact_email_address: SHORT,
  email: SHORT,
  phone_number: 40,
  country_code: 60,
  nationality: NAME,
  intended_travel_date: 40,
  date_of_birth: 40,
  parental_given_name: NAME,
  parental_sur_name: NAME,
  address_line1: SHORT,
  address_line2: SHORT,
  address_line3: SHORT,
  town_and_city: NAME,
  post_code: 20,
  country: NAME,
  other_nationalities_than_qatar_section_details: SHORT,
  other_nationalities: SHORT,
  employment_section_details: SHORT,
  job: SHORT,
  criminal_conviction: SHORT,
  brief_description_of_crime: LONG,
  convicted_country: NAME,
  sentenced_for_12_months_in_prison: SHORT,
  convicted_any_other_crime_in_last_12_month: SHORT,
  convicted_any_other_crime: SHORT,
  other_brief_description_of_crime: LONG,
  convict_date: 40,
  convict_month: 40,
  convict_year: 40,
  prison_convicted_country: NAME,
  suspected_and_involved_section: SHORT,
  select_option_for_crime_involvement: LONG,
} as const;
export type IngestTextField = keyof typeof INGEST_TEXT_FIELDS;

/** Websites send numbers for phone numbers and years now and then; blank means absent. */
const optionalText = (max: number) =>
  z
    .union([text(), z.number(), z.null()], { error: 'Must be text.' })
    .optional()
    .transform((v) => (v == null ? null : String(v).trim() || null))
    .pipe(
      z
        .string()
        .max(max, { error: `Must be at most ${max} characters.` })
        .nullable(),
    );

export interface DataUrl {
  /** the declared type; the server trusts only the bytes (magic numbers) */
  declaredType: string;
  base64: string;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;
const dataUrl = z
  .union([z.string(), z.null()], { error: ORDER_MSG.imageFormat })
  .optional()
  .superRefine((v, ctx) => {
    if (!v) return;
    if (v.length > DATA_URL_MAX_CHARS) ctx.addIssue({ code: 'custom', message: ORDER_MSG.imageTooLarge });
    else if (!DATA_URL.test(v)) ctx.addIssue({ code: 'custom', message: ORDER_MSG.imageFormat });
  })
  .transform((v): DataUrl | null => {
    const m = v ? DATA_URL.exec(v) : null;
    return m ? { declaredType: m[1] as string, base64: m[2] as string } : null;
  });

/** ISO 8601 with or without an offset; without one it is read as UTC. Stored as fixed-width UTC. */
const isoTimestamp = z
  .union([z.iso.datetime({ offset: true, local: true, error: 'Must be an ISO 8601 date and time.' }), z.null()])
  .optional()
  .transform((v) => {
    if (!v) return null;
    const zoned = /([zZ]|[+-]\d{2}(:?\d{2})?)$/.test(v) ? v : `${v}Z`;
    return new Date(zoned).toISOString();
  });

const amount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d+)?$/),
      z.null(),
    ],
    {
      error: 'amount must be a number of at least 0.',
    },
  )
  .optional()
  .transform((v) => (v == null ? null : Number(v)))
  .pipe(z.number().min(0, { error: 'amount must be a number of at least 0.' }).max(1e9).nullable());

const processStatus = z
  .string({ error: 'Unknown process status.' })
  .refine((v) => parseStatus(v) !== null, { error: 'Unknown process status.' })
  .transform((v) => parseStatus(v) as OrderStatus)
  .optional();

/** Extra questionnaire answers (such as SPEC's `{hash}` key) have no column: kept as JSON. */
const EXTRA_KEY = /^[A-Za-z0-9_]{1,64}$/;
export const INGEST_MAX_EXTRA_ANSWERS = 50;
const extraAnswer = z.union([text().max(LONG), z.number(), z.boolean(), z.null()], {
  error: 'Unknown field: only text, number or yes/no answers are kept.',
});

const textShape = Object.fromEntries(
  Object.entries(INGEST_TEXT_FIELDS).map(([field, max]) => [field, optionalText(max)]),
) as { [K in IngestTextField]: ReturnType<typeof optionalText> };

const knownShape = {
  order_id: orderIdSchema,
  first_name: requiredText('first_name is required.', NAME),
  sur_name: requiredText('sur_name is required.', NAME),
  contact_email_address: requiredEmail('contact_email_address is required.', MSG.invalidEmail),
  ...textShape,
  /** derived from first_name and sur_name; accepted and ignored */
  full_name: optionalText(SHORT * 2),
  processing_type: z
    .enum(PROCESSING_TYPES, { error: 'processing_type must be standard or priority.' })
    .default('standard'),
  amount,
  currency: z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/),
        z.null(),
      ],
      { error: 'currency must be 3 letters.' },
    )
    .optional()
    .transform((v) => (v ? v.toUpperCase() : null)),
  created_at: isoTimestamp,
  process_status: processStatus,
  /** only with process_status Refunds: a refund already made (an import); without it, a refund request */
  refund_date: isoTimestamp,
  /** the processor's charge or payment id (DESIGN §15): finds the order of a processor's dispute (§14) */
  payment_reference: optionalText(SHORT),
  ...purchaseEvidenceShape,
  passport_image: dataUrl,
  upload_image: dataUrl,
};
const KNOWN_KEYS = new Set(Object.keys(knownShape));
export const REFUND_DATE_ONLY_IN_REFUNDS = 'refund_date is only for an order in Refunds.';

/**
 * One order as an application website sends it (SPEC §3 orderDetails, snake_case). Unknown keys are
 * questionnaire answers we have no column for: kept in extra_answers when they are plain values with
 * plain names (at most 50), refused otherwise
 * (docs/decisions/0019-unknown-questionnaire-keys-from-the-websites-are-kept.md).
 */
export const ingestOrderSchema = z
  .object(knownShape, { error: 'Each order must be an object.' })
  .catchall(extraAnswer)
  .superRefine((order, ctx) => {
    const extra = Object.keys(order).filter((k) => !KNOWN_KEYS.has(k));
    for (const key of extra) {
      if (!EXTRA_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown field name.' });
    }
    if (extra.length > INGEST_MAX_EXTRA_ANSWERS) {
      ctx.addIssue({ code: 'custom', path: [], message: `At most ${INGEST_MAX_EXTRA_ANSWERS} extra answers.` });
    }
    if (order.refund_date && order.process_status !== STATUS.Refunds) {
      ctx.addIssue({ code: 'custom', path: ['refund_date'], message: REFUND_DATE_ONLY_IN_REFUNDS });
    }
  })
  .transform((order) => {
    const { full_name: _derived, amount: money, ...rest } = order;
    const extra: Record<string, string | number | boolean | null> = {};
    const known: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (KNOWN_KEYS.has(key)) known[key] = value;
      else extra[key] = value as string | number | boolean | null;
    }
    const typed = known as typeof rest;
    return {
      ...typed,
      process_status: typed.process_status ?? (typed.processing_type === 'priority' ? STATUS.Priority : STATUS.New),
      amount_minor: money == null ? null : Math.round(money * 100),
      extra_answers: Object.keys(extra).length > 0 ? extra : null,
    };
  });
export type IngestOrder = z.output<typeof ingestOrderSchema>;
export type IngestOrderInput = z.input<typeof ingestOrderSchema>;

/**
 * The ingestion body: one order, `{ orders: [...] }`, or a bare array (the import file's shape).
 * All three become `{ orders }`, so errors always read `orders.<index>.<field>`.
 */
export const ingestBodySchema = z.preprocess(
  (body) => {
    if (Array.isArray(body)) return { orders: body };
    if (body && typeof body === 'object' && 'orders' in body) return body;
    return { orders: [body] };
  },
  z.strictObject({
    orders: z
      .array(ingestOrderSchema, { error: ORDER_MSG.ingestEmpty })
      .min(1, { error: ORDER_MSG.ingestEmpty })
      .max(INGEST_MAX_ORDERS, { error: ORDER_MSG.ingestTooMany }),
  }),
);
export type IngestBody = z.output<typeof ingestBodySchema>;

/** What an ingestion did: the order ids created and those already known (left as they were). */
export const ingestResultSchema = z.strictObject({ created: z.array(z.string()), duplicates: z.array(z.string()) });
export type IngestResult = z.infer<typeof ingestResultSchema>;
