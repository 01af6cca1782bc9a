import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { DoubleDispute, DoubleRefund, Fault, ReceivedCall } from '../apps/server/test/stripe-test-double.ts';
import { postStripeEvent } from './disputes.ts';
import { ingestOrders, makeOrders, type TestOrder } from './orders.ts';

/** The restricted key the Stripe-connected e2e server is started with; the test double accepts only it. */
export const STRIPE_TEST_KEY = 'rk_test_eta_desk_e2e_0123456789';

/** Where serve-stripe.ts says its Stripe test double and the double's control channel are. */
export const STRIPE_DOUBLE_FILE = path.join(import.meta.dirname, '.data', 'stripe', 'stripe-double.json');

export interface StripeDoubleInfo {
  /** the control channel (stripe-double-control.ts) */
  control: string;
  /** the double's Stripe API, STRIPE_API_URL of the server */
  api: string;
}

async function control<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const info = JSON.parse(readFileSync(STRIPE_DOUBLE_FILE, 'utf8')) as StripeDoubleInfo;
  const res = await fetch(`${info.control}${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Stripe test double control ${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** What the specs may ask of the Stripe test double (the double's own test methods, over its control channel). */
export const stripeDouble = {
  addCharge: (amount: number, currency: string) =>
    control<{ id: string; amount: number; currency: string; payment_intent: string }>('POST', '/charges', {
      amount,
      currency,
    }),
  addDispute: (charge: string, dueBy: Date) =>
    control<DoubleDispute>('POST', '/disputes', { charge, dueBy: Math.floor(dueBy.getTime() / 1000) }),
  dispute: (id: string) => control<DoubleDispute>('GET', `/disputes/${id}`),
  /** the next call to a path matching `pathPattern` meets `fault` */
  fault: (pathPattern: string, fault: Fault) => control<unknown>('POST', '/faults', { path: pathPattern, fault }),
  calls: (pathPattern: string) => control<ReceivedCall[]>('POST', '/calls', { path: pathPattern }),
  refundsOf: async (charge: string) =>
    (await control<DoubleRefund[]>('GET', '/refunds')).filter((refund) => refund.charge === charge),
};

/**
 * A Stripe-paid order, as a website sends it: the charge exists at the test double (£39.99) and the
 * order names Stripe and the charge.
 */
export async function stripePaidOrder(request: APIRequestContext, tag: string, extra: Partial<TestOrder> = {}) {
  const charge = await stripeDouble.addCharge(3999, 'gbp');
  const [order] = makeOrders(tag, 1, {
    payment_processor: 'stripe',
    payment_reference: charge.id,
    amount: 39.99,
    currency: 'GBP',
    ...extra,
  });
  const [orderId] = await ingestOrders(request, [order as TestOrder]);
  return { orderId: orderId as string, charge };
}

let seq = 0;
/** A Stripe event (Stripe's envelope around `object`), signed and posted to the desk's Stripe webhook. */
export function postSignedStripeEvent(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  seq += 1;
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now().toString(36)}${seq}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return postStripeEvent(request, payload);
}
