import { z } from 'zod';
import { ce3ResultSchema } from '../ce3.ts';
import {
  CANDIDATE_MATCHES,
  DISPUTE_MSG,
  DISPUTE_PROCESSORS,
  DISPUTE_SOURCES,
  DISPUTE_STAGES,
  DISPUTE_STATES,
  REASON_CATEGORIES,
} from '../disputes.ts';
import { isIsoDay } from '../reports.ts';
import { pageNumber, requiredText, text } from './fields.ts';
import { orderIdSchema } from './orders.ts';
import { PAGE_LIMIT_MAX } from './queues.ts';

const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}.` });

export const disputeProcessorSchema = oneOf('processor', DISPUTE_PROCESSORS);
export const reasonCategorySchema = oneOf('reasonCategory', REASON_CATEGORIES);
export const disputeStageSchema = oneOf('stage', DISPUTE_STAGES);
export const disputeStateSchema = oneOf('state', DISPUTE_STATES);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ZONED = /([zZ]|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A day (`2026-12-01`) or an ISO 8601 date and time (UTC when it has no offset), stored as fixed-width
 * UTC. A bare day means its start, or with `endOfDay` its last instant: "respond by 1 December" is
 * still in time at 18:00 that day.
 */
export const instantSchema = (field: string, options: { endOfDay?: boolean } = {}) => {
  const message = `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date and time.`;
  return text({ error: message })
    .trim()
    .refine(
      (v) =>
        (DAY.test(v) || z.iso.datetime({ offset: true, local: true }).safeParse(v).success) && isIsoDay(v.slice(0, 10)),
      // abort: the transform below must never see a value that is not a date
      { error: message, abort: true },
    )
    .transform((v) => {
      const iso = DAY.test(v)
        ? `${v}T${options.endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`
        : ZONED.test(v)
          ? v
          : `${v}Z`;
      return new Date(iso).toISOString();
    });
};

const AMOUNT_MESSAGE = 'amount must be a number of at least 0, with at most 2 decimals.';

/** An amount in major units (49.99), as the order's own `amount` at ingestion; kept in minor units. */
const amountSchema = z
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
  .pipe(z.number({ error: AMOUNT_MESSAGE }).min(0, { error: AMOUNT_MESSAGE }).max(1e9))
  .transform((v) => Math.round(v * 100));

const currencySchema = text({ error: 'currency must be 3 letters.' })
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: 'currency must be 3 letters.' })
  .transform((v) => v.toUpperCase());

const disputeIdText = (field: string) => requiredText(`${field} is required.`, 100);
const reasonCodeSchema = requiredText('reasonCode is required.', 40);
const noteSchema = text({ error: 'note must be text.' })
  .trim()
  .max(2000, { error: 'note must be at most 2000 characters.' });

/** POST /api/admin/disputes: a member opens a dispute from the order detail (DESIGN §14). */
export const openDisputeSchema = z.strictObject({
  orderId: orderIdSchema,
  processor: disputeProcessorSchema,
  processorDisputeId: disputeIdText('processorDisputeId'),
  reasonCode: reasonCodeSchema,
  /** absent: from the reason code (reason-codes.ts) */
  reasonCategory: reasonCategorySchema.optional(),
  amount: amountSchema,
  currency: currencySchema,
  /** absent: now */
  openedAt: instantSchema('openedAt').optional(),
  /** absent or null: estimated from the reason code's network, and marked so */
  respondBy: instantSchema('respondBy', { endOfDay: true }).nullish(),
  stage: disputeStageSchema.default('chargeback'),
});
export type OpenDisputeInput = z.output<typeof openDisputeSchema>;

/** PUT /api/admin/disputes/{id}: any of these; `orderId` links an unmatched dispute to its order. */
export const updateDisputeSchema = z
  .strictObject({
    stage: disputeStageSchema.optional(),
    state: disputeStateSchema.optional(),
    /** null: no date from the processor, estimate it again */
    respondBy: instantSchema('respondBy', { endOfDay: true }).nullish(),
    note: noteSchema.nullish(),
    evidenceSubmittedAt: instantSchema('evidenceSubmittedAt').nullish(),
    orderId: orderIdSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: DISPUTE_MSG.nothingToChange });
export type UpdateDisputeInput = z.output<typeof updateDisputeSchema>;

export const disputePathSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'id must be a dispute id.' })
    .int({ error: 'id must be a dispute id.' })
    .min(1, { error: 'id must be a dispute id.' })
    .max(2 ** 31 - 1, { error: 'id must be a dispute id.' }),
});

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'unmatched must be 1 or 0.' })
  .transform((v) => v === '1' || v === 'true');

/** GET /api/admin/disputes: soonest deadline first, disputes with none after them. */
export const disputeListQuerySchema = z.strictObject({
  state: disputeStateSchema.optional(),
  processor: disputeProcessorSchema.optional(),
  /** deadlines up to this instant (a bare day: its end), overdue ones included */
  dueBefore: instantSchema('dueBefore', { endOfDay: true }).optional(),
  /** deadlines after this instant (a bare day: its start): with it `now`, the overdue are left out (issue 31) */
  dueAfter: instantSchema('dueAfter').optional(),
  /** 1: only the disputes no order was found for */
  unmatched: flag.optional(),
  orderId: orderIdSchema.optional(),
  page: pageNumber('page', 10_000_000, 1),
  limit: pageNumber('limit', PAGE_LIMIT_MAX, 25),
});
export type DisputeListQuery = z.output<typeof disputeListQuerySchema>;

/** A dispute as every reply carries it (snake_case, as the wire's records are). */
export const disputeRecordSchema = z.strictObject({
  id: z.number().int(),
  /** the order's public id; null while unmatched */
  order_id: z.string().nullable(),
  processor: z.enum(DISPUTE_PROCESSORS),
  processor_dispute_id: z.string(),
  reason_code: z.string(),
  reason_category: z.enum(REASON_CATEGORIES),
  amount_minor: z.number().int(),
  currency: z.string(),
  opened_at: z.string(),
  respond_by: z.string().nullable(),
  /** true when respond_by was estimated from the reason code, not given by the processor or a member */
  respond_by_estimated: z.boolean(),
  /** whole days to respond_by, rounded up; 0 or less: overdue; null: no deadline or no longer open */
  days_left: z.number().int().nullable(),
  stage: z.enum(DISPUTE_STAGES),
  state: z.enum(DISPUTE_STATES),
  evidence_submitted_at: z.string().nullable(),
  /** evidence staged at the processor, not yet submitted (DESIGN §26) */
  evidence_staged_at: z.string().nullable(),
  /** the dispute conceded at the processor (DESIGN §26) */
  accepted_at: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(DISPUTE_SOURCES),
  /** what the processor said about the payment, kept to link an unmatched dispute */
  payment_reference: z.string().nullable(),
  transaction_id: z.string().nullable(),
  order_ref: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DisputeRecord = z.infer<typeof disputeRecordSchema>;

/**
 * A dispute with Visa Compelling Evidence 3.0 for its order (DESIGN §15): one dispute's reply, and
 * each row of the Disputes screen, so a member sees which qualify without opening each.
 */
export const disputeWithCe3Schema = disputeRecordSchema.extend({ ce3: ce3ResultSchema });
export type DisputeWithCe3 = z.infer<typeof disputeWithCe3Schema>;

/** POST /api/integrations/disputes: any processor through a signed relay (DESIGN §14). */
export const disputeRelaySchema = z.strictObject({
  eventId: requiredText('eventId is required.', 200),
  processor: disputeProcessorSchema,
  processorDisputeId: disputeIdText('processorDisputeId'),
  paymentReference: text().trim().max(200).nullish(),
  transactionId: text().trim().max(200).nullish(),
  /** as the processor holds it: an id we do not know is kept, never refused */
  orderId: text().trim().max(100).nullish(),
  reasonCode: reasonCodeSchema,
  reasonCategory: reasonCategorySchema.nullish(),
  amount: amountSchema,
  currency: currencySchema,
  openedAt: instantSchema('openedAt'),
  respondBy: instantSchema('respondBy', { endOfDay: true }).nullish(),
  stage: disputeStageSchema,
  state: disputeStateSchema.nullish(),
});
export type DisputeRelayInput = z.output<typeof disputeRelaySchema>;

/** What an intake did with an event: always 200 to the processor once the signature holds. */
export const intakeResultSchema = z.strictObject({
  outcome: z.enum(['created', 'updated', 'replayed', 'ignored', 'stale']),
  dispute_id: z.number().int().nullable(),
  matched: z.boolean(),
});
export type IntakeResult = z.infer<typeof intakeResultSchema>;

export const DISPUTE_REPORT_DIMENSIONS = ['processor', 'reason_category'] as const;

/** POST /api/admin/get-dispute-report: one row per processor, and per reason category, and currency. */
export const disputeReportRowSchema = z.strictObject({
  dimension: z.enum(DISPUTE_REPORT_DIMENSIONS),
  /** the processor or the reason category */
  key: z.string(),
  /** amounts are never added across currencies: a row per currency */
  currency: z.string(),
  opened: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  accepted: z.number().int(),
  open: z.number().int(),
  /** won ÷ (won + lost + accepted), 0 to 1; null while none is decided */
  win_rate: z.number().nullable(),
  amount_won_minor: z.number().int(),
  amount_lost_minor: z.number().int(),
});
export type DisputeReportRow = z.infer<typeof disputeReportRowSchema>;

/** GET /admin/disputes/{id}/candidates: an order that may be an unmatched dispute's, and why. */
export const disputeCandidateSchema = z.strictObject({
  order_id: z.string(),
  full_name: z.string(),
  contact_email_address: z.string().nullable(),
  process_status: z.string(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  created_at: z.string(),
  match: z.array(z.enum(CANDIDATE_MATCHES)),
});
export type DisputeCandidate = z.infer<typeof disputeCandidateSchema>;
