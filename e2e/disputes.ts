import { type APIRequestContext, expect } from '@playwright/test';
import Stripe from 'stripe';

/** The dispute intakes' secrets the e2e server is started with (playwright.config.ts; DESIGN §14). */
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_disputes_0123456789';
export const DISPUTE_WEBHOOK_SECRET = 'e2e-dispute-relay-secret-0123';

const unix = (ms: number) => Math.floor(ms / 1000);

export interface StripeDispute {
  /** Stripe's dispute id (`dp_…`) */
  id: string;
  /** our order id, as a shop puts it on the payment's metadata */
  orderId: string;
  /** needs_response, under_review, won, lost … */
  status: string;
  /** evidence_details.due_by */
  dueBy: Date;
  /** when Stripe opened the dispute */
  created: Date;
  amount: number;
  reason: string;
}

let seq = 0;

/**
 * A `charge.dispute.*` event as Stripe sends it (the fields the desk reads, and Stripe's envelope
 * around them). `occurred` is the event's own time: a later event must carry a later one.
 */
export function stripeDisputeEvent(type: string, dispute: StripeDispute, occurred = new Date()): string {
  seq += 1;
  return JSON.stringify({
    id: `evt_e2e_${Date.now().toString(36)}${seq}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    type,
    created: unix(occurred.getTime()),
    livemode: false,
    data: {
      object: {
        id: dispute.id,
        object: 'dispute',
        amount: dispute.amount,
        currency: 'gbp',
        charge: `ch_${dispute.id}`,
        payment_intent: `pi_${dispute.id}`,
        reason: dispute.reason,
        status: dispute.status,
        created: unix(dispute.created.getTime()),
        evidence_details: { due_by: unix(dispute.dueBy.getTime()), has_evidence: false, submission_count: 0 },
        metadata: { order_id: dispute.orderId },
        livemode: false,
      },
    },
  });
}

/**
 * Posts `payload` to the Stripe intake signed the way Stripe signs it, with the package's own test
 * helper (`Stripe-Signature: t=…,v1=…` over the raw body), and returns what the desk made of it.
 */
export async function postStripeEvent(
  request: APIRequestContext,
  payload: string,
): Promise<{ outcome: string; dispute_id: number | null; matched: boolean }> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  const res = await request.post('/api/integrations/disputes/stripe', {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    data: payload,
  });
  const body = await res.json();
  expect(res.status(), body.message).toBe(200);
  return body.data;
}
