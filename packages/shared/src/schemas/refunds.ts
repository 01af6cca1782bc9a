import { z } from 'zod';
import { FRAUD_WARNING_STATES, REFUND_STATES } from '../refunds.ts';
import { pageNumber, requiredText, text } from './fields.ts';
import { PAGE_LIMIT_MAX } from './queues.ts';

const AMOUNT_MESSAGE = 'amount must be a number above 0, with at most 2 decimals.';

/**
 * `{ amount? }` in the order's own currency units, as `amount` at ingestion (49.99), kept in minor
 * units; omitted: what remains to refund.
 */
export const createRefundSchema = z.strictObject({
  amount: z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: AMOUNT_MESSAGE }),
      ],
      {
        error: AMOUNT_MESSAGE,
      },
    )
    .transform((v) => Number(v))
    .pipe(
      z
        .number({ error: AMOUNT_MESSAGE })
        .gt(0, { error: AMOUNT_MESSAGE })
        .max(1e9, { error: AMOUNT_MESSAGE })
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: AMOUNT_MESSAGE }),
    )
    .transform((v) => Math.round(v * 100))
    .optional(),
});

const dbId = (what: string) =>
  z.coerce
    .number({ error: `id must be a ${what} id.` })
    .int({ error: `id must be a ${what} id.` })
    .min(1, { error: `id must be a ${what} id.` })
    .max(2_147_483_647, { error: `id must be a ${what} id.` });

export const refundPathSchema = z.strictObject({ id: dbId('refund') });
export const fraudWarningPathSchema = z.strictObject({ id: dbId('fraud warning') });

export const keepWarningSchema = z.strictObject({
  reason: requiredText('reason is required.', 500),
});

export const refundRecordSchema = z.object({
  id: z.number().int(),
  order_id: z.string().nullable(),
  processor: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  state: z.enum(REFUND_STATES),
  processor_refund_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  attempt: z.number().int(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  settled_at: z.string().nullable(),
  updated_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** An order's refunds and what remains; `through`: null when the order is refunded in its own gateway. */
export const orderRefundsSchema = z.object({
  through: z.enum(['stripe']).nullable(),
  /** why not through the processor, for the detail (REFUND_MSG) */
  note: z.string().nullable(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  remaining_minor: z.number().int().nullable(),
  refunds: z.array(refundRecordSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

export const fraudWarningRecordSchema = z.object({
  id: z.number().int(),
  processor_warning_id: z.string(),
  order_id: z.string().nullable(),
  charge_ref: z.string(),
  fraud_type: z.string(),
  actionable: z.boolean(),
  warned_at: z.string(),
  state: z.enum(FRAUD_WARNING_STATES),
  keep_reason: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** the eTA was never downloaded: Refund now comes first */
  never_downloaded: z.boolean(),
});
export type FraudWarningRecord = z.infer<typeof fraudWarningRecordSchema>;

/** A page of a processor list: `total` beside it counts every match, as the dashboard's figure does. */
const page = {
  page: pageNumber('page', 10_000_000, 1),
  limit: pageNumber('limit', PAGE_LIMIT_MAX, 25),
};

export const fraudWarningListQuerySchema = z.strictObject({
  state: z.enum(FRAUD_WARNING_STATES, { error: `state must be one of ${FRAUD_WARNING_STATES.join(', ')}.` }).optional(),
  ...page,
});
export type FraudWarningListQuery = z.output<typeof fraudWarningListQuerySchema>;

export const refundListQuerySchema = z.strictObject({
  state: z.enum(REFUND_STATES, { error: `state must be one of ${REFUND_STATES.join(', ')}.` }).optional(),
  ...page,
});
export type RefundListQuery = z.output<typeof refundListQuerySchema>;

/** The dashboard's processor figures: failed refunds, open warnings, whether the key is refused. */
export const processorSummarySchema = z.object({
  enabled: z.boolean(),
  refunds_failed: z.number().int(),
  fraud_warnings_open: z.number().int(),
  key_refused_at: z.string().nullable(),
});
export type ProcessorSummary = z.infer<typeof processorSummarySchema>;
