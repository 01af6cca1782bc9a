import { z } from 'zod';
import { orderPathSchema } from '../schemas/detail.ts';
import { disputePathSchema, disputeRecordSchema } from '../schemas/disputes.ts';
import {
  createRefundSchema,
  fraudWarningListQuerySchema,
  fraudWarningPathSchema,
  fraudWarningRecordSchema,
  keepWarningSchema,
  orderRefundsSchema,
  processorSummarySchema,
  refundListQuerySchema,
  refundPathSchema,
  refundRecordSchema,
} from '../schemas/refunds.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Money through the processor (DESIGN §26): refunds, dispute evidence sent, early fraud warnings. */
export const PROCESSOR_API = {
  orderRefunds: at('GET', '/admin/orders/:orderId/refunds'),
  createRefund: at('POST', '/admin/orders/:orderId/refunds'),
  refunds: at('GET', '/admin/refunds'),
  retryRefund: at('POST', '/admin/refunds/:id/retry'),
  summary: at('GET', '/admin/processor-summary'),
  evidence: at('POST', '/admin/disputes/:id/evidence'),
  accept: at('POST', '/admin/disputes/:id/accept'),
  fraudWarnings: at('GET', '/admin/fraud-warnings'),
  refundWarning: at('POST', '/admin/fraud-warnings/:id/refund'),
  keepWarning: at('POST', '/admin/fraud-warnings/:id/keep'),
};

const tag = 'Processor';
const work = { capability: 'orders.work' } as const;
const disputes = { capability: 'disputes.work' } as const;

/** What evidence would be sent, field by field, with the files uploaded (Stripe's names). */
export const evidenceReplySchema = z.object({
  dispute: disputeRecordSchema,
  submitted: z.boolean(),
  fields: z.record(z.string(), z.string()),
  files: z.array(z.object({ field: z.string(), file_id: z.string(), filename: z.string() })),
  enhanced: z.boolean(),
});
export type EvidenceReply = z.infer<typeof evidenceReplySchema>;

export const evidenceBodySchema = z.strictObject({
  submit: z.boolean({ error: 'submit must be true or false.' }),
});

export const PROCESSOR_CONTRACTS = {
  orderRefunds: contract(PROCESSOR_API.orderRefunds, {
    summary: "An order's refunds through the processor and what remains to refund",
    tag,
    access: work,
    params: orderPathSchema,
    data: orderRefundsSchema,
  }),
  createRefund: contract(PROCESSOR_API.createRefund, {
    summary: 'Refund part or all of what remains of a Stripe-paid order (amount in the order’s currency units)',
    description:
      'amount omitted: what remains. More than remains: 400. An order not paid through Stripe: 409 (refund it in its gateway).',
    tag,
    access: work,
    params: orderPathSchema,
    body: createRefundSchema,
    success: [201],
    data: refundRecordSchema,
  }),
  refunds: contract(PROCESSOR_API.refunds, {
    summary: 'Refunds through the processor, newest first (state=failed: the ones to retry), a page at a time',
    description: '`total` counts every refund in the state: the dashboard’s "Refund failed" is the same count.',
    tag,
    access: work,
    query: refundListQuerySchema,
    data: z.array(refundRecordSchema),
    total: true,
  }),
  retryRefund: contract(PROCESSOR_API.retryRefund, {
    summary: 'Start a new attempt (a new idempotency key) of a failed refund',
    tag,
    access: work,
    params: refundPathSchema,
    data: refundRecordSchema,
  }),
  summary: contract(PROCESSOR_API.summary, {
    summary: 'The dashboard’s processor figures: refunds failed, open fraud warnings, a refused key',
    tag,
    access: work,
    data: processorSummarySchema,
  }),
  evidence: contract(PROCESSOR_API.evidence, {
    summary: 'Build the dispute’s evidence from its order and stage it at Stripe (submit false) or submit it',
    description: '409 past respond_by, after a submission or a concession.',
    tag,
    access: disputes,
    params: disputePathSchema,
    body: evidenceBodySchema,
    data: evidenceReplySchema,
  }),
  accept: contract(PROCESSOR_API.accept, {
    summary: 'Concede the dispute at Stripe',
    description: '409 past respond_by, after a submission or a concession.',
    tag,
    access: disputes,
    params: disputePathSchema,
    data: disputeRecordSchema,
  }),
  fraudWarnings: contract(PROCESSOR_API.fraudWarnings, {
    summary: 'Early fraud warnings, newest first, a page at a time; those on never-downloaded orders say so',
    description: '`total` counts every warning in the state: the dashboard’s open warnings are the same count.',
    tag,
    access: disputes,
    query: fraudWarningListQuerySchema,
    data: z.array(fraudWarningRecordSchema),
    total: true,
  }),
  refundWarning: contract(PROCESSOR_API.refundWarning, {
    summary: 'Refund now: refund what remains of the warned order through Stripe',
    tag,
    access: disputes,
    params: fraudWarningPathSchema,
    data: fraudWarningRecordSchema,
  }),
  keepWarning: contract(PROCESSOR_API.keepWarning, {
    summary: 'Keep: no refund, with the reason',
    tag,
    access: disputes,
    params: fraudWarningPathSchema,
    body: keepWarningSchema,
    data: fraudWarningRecordSchema,
  }),
};
