import { z } from 'zod';
import { reportRequestSchema } from '../reports.ts';
import {
  disputeCandidateSchema,
  disputeListQuerySchema,
  disputePathSchema,
  disputeRecordSchema,
  disputeRelaySchema,
  disputeReportRowSchema,
  disputeWithCe3Schema,
  intakeResultSchema,
  openDisputeSchema,
  updateDisputeSchema,
} from '../schemas/disputes.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Processors post here with no staff token; the raw body's signature is the proof (DESIGN §14). */
export const DISPUTE_INTAKE_API = {
  stripe: at('POST', '/integrations/disputes/stripe'),
  relay: at('POST', '/integrations/disputes'),
};

export const DISPUTES_API = {
  open: at('POST', '/admin/disputes'),
  list: at('GET', '/admin/disputes'),
  one: at('GET', '/admin/disputes/:id'),
  update: at('PUT', '/admin/disputes/:id'),
  candidates: at('GET', '/admin/disputes/:id/candidates'),
  report: at('POST', '/admin/get-dispute-report'),
};

const tag = 'Disputes';
const work = { capability: 'disputes.work' } as const;

export const DISPUTES_CONTRACTS = {
  open: contract(DISPUTES_API.open, {
    summary: 'Open a dispute on an order (the order moves to ChargeBack)',
    description:
      'reasonCategory defaults from the reason code; respondBy, when absent, is estimated from the network of the reason code and marked respond_by_estimated.',
    tag,
    access: work,
    body: openDisputeSchema,
    success: [201],
    data: disputeRecordSchema,
  }),
  list: contract(DISPUTES_API.list, {
    summary:
      'Disputes, soonest deadline first (unmatched=1: the ones no order was found for), each with whether Visa Compelling Evidence 3.0 applies',
    tag,
    access: work,
    query: disputeListQuerySchema,
    data: z.array(disputeWithCe3Schema),
    total: true,
  }),
  one: contract(DISPUTES_API.one, {
    summary: 'One dispute, with whether Visa Compelling Evidence 3.0 applies and the earlier orders that make it',
    tag,
    access: work,
    params: disputePathSchema,
    data: disputeWithCe3Schema,
  }),
  candidates: contract(DISPUTES_API.candidates, {
    summary:
      'Orders that may be an unmatched dispute’s: same payment reference or transaction id, else same amount bought shortly before',
    description: '409 when the dispute already belongs to an order.',
    tag,
    access: work,
    params: disputePathSchema,
    data: z.array(disputeCandidateSchema),
  }),
  update: contract(DISPUTES_API.update, {
    summary: 'Change a dispute: stage, state, deadline, note, evidence date, or the order it belongs to',
    tag,
    access: work,
    params: disputePathSchema,
    body: updateDisputeSchema,
    data: disputeRecordSchema,
  }),
  report: contract(DISPUTES_API.report, {
    summary: 'Disputes opened in the range per processor and per reason category: outcomes, win rate, amounts',
    tag,
    access: { capability: 'reports.processedBy' },
    body: reportRequestSchema,
    data: z.array(disputeReportRowSchema),
  }),
};

const intake = 'Dispute intake';
const signed =
  'No staff token: the raw body is verified before anything is read or written (401 and nothing stored when it does not verify). An event id received before changes nothing. An order that cannot be found is kept as an unmatched dispute and answered 200, so the processor does not retry.';

export const DISPUTE_INTAKE_CONTRACTS = {
  stripe: contract(DISPUTE_INTAKE_API.stripe, {
    summary: "Stripe's charge.dispute.* webhooks, signed with Stripe-Signature (STRIPE_WEBHOOK_SECRET)",
    description: signed,
    tag: intake,
    access: { scope: 'public' },
    data: intakeResultSchema,
  }),
  relay: contract(DISPUTE_INTAKE_API.relay, {
    summary:
      'Any other processor through a relay: X-Signature t={unix},v1={hex HMAC-SHA256 of "{t}.{raw body}"} with DISPUTE_WEBHOOK_SECRET, 5 minutes tolerance',
    description: signed,
    tag: intake,
    access: { scope: 'public' },
    bodyShape: disputeRelaySchema,
    data: intakeResultSchema,
  }),
};
