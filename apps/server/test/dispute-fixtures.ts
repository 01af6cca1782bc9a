import type { DisputeRecord } from '@eta/shared';
import { DISPUTES_CONTRACTS } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { relaySignature } from '../src/modules/disputes/relay-intake.ts';
import { type ApiBody, api } from './api-client.ts';
import { call, type Member, type TestApp } from './test-app.ts';

export const DISPUTES_URL = '/api/admin/disputes';
export const STRIPE_URL = '/api/integrations/disputes/stripe';
export const RELAY_URL = '/api/integrations/disputes';
export const STRIPE_SECRET = 'whsec_test_0123456789abcdef';
export const RELAY_SECRET = 'relay-secret-0123456789abcdef';
export const DISPUTE_ENV = { STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, DISPUTE_WEBHOOK_SECRET: RELAY_SECRET };

let seq = 0;
/** A unique processor dispute id per call. */
export function disputeId(prefix = 'dp_'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

type OpenBody = ApiBody<typeof DISPUTES_CONTRACTS.open>;

/** A valid "Open dispute" body for `orderId`; override any field (a bad one is sent with `call`). */
export function openBody(orderId: string, overrides: Partial<OpenBody> = {}): OpenBody {
  return {
    orderId,
    processor: 'stripe',
    processorDisputeId: disputeId(),
    reasonCode: '10.4',
    amount: 39.99,
    currency: 'gbp',
    openedAt: '2030-06-01',
    respondBy: '2030-06-20',
    stage: 'chargeback',
    ...overrides,
  };
}

/** Opens a dispute through the API and fails loudly unless it was created. */
export async function openDispute(
  t: TestApp,
  member: Member,
  orderId: string,
  overrides: Partial<OpenBody> = {},
): Promise<DisputeRecord> {
  const res = await api(t, DISPUTES_CONTRACTS.open, { body: openBody(orderId, overrides) }, member);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as DisputeRecord;
}

export async function listDisputes(
  t: TestApp,
  member: Member,
  query = '',
): Promise<{ data: DisputeRecord[]; total: number }> {
  const res = await call(t, 'GET', `${DISPUTES_URL}${query ? `?${query}` : ''}`, member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The order's Activity rows of dispute kinds, oldest first. */
export async function disputeEvents(t: TestApp, orderId: string) {
  return t.app.ctx.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_key')
    .select([
      'order_events.kind',
      'order_events.from_value',
      'order_events.to_value',
      'order_events.detail',
      'order_events.staff_name',
    ])
    .where('orders.order_id', '=', orderId)
    .orderBy('order_events.id')
    .execute();
}

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
let eventSeq = 0;

/** A Stripe event about a dispute, shaped as Stripe sends it (the fields we read and some we do not). */
export function disputeEvent(
  type: string,
  dispute: { id: string; status: string; orderId?: string; pi?: string; ch?: string; dueInDays?: number | null },
  extra: { created?: number; amount?: number } = {},
) {
  eventSeq += 1;
  const created = extra.created ?? nowSeconds();
  return {
    id: `evt_test_${created}_${eventSeq}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created,
    livemode: false,
    type,
    data: {
      object: {
        id: dispute.id,
        object: 'dispute',
        amount: extra.amount ?? 3999,
        currency: 'gbp',
        charge: dispute.ch ?? 'ch_unknown',
        payment_intent: dispute.pi ?? null,
        reason: 'fraudulent',
        status: dispute.status,
        created: nowSeconds() - DAY,
        is_charge_refundable: false,
        evidence_details: {
          due_by: dispute.dueInDays === null ? null : nowSeconds() + (dispute.dueInDays ?? 5) * DAY,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        metadata: dispute.orderId ? { order_id: dispute.orderId } : {},
        payment_method_details: { type: 'card', card: { brand: 'visa', network_reason_code: '10.4' } },
      },
    },
  };
}

/** Posts `payload` as Stripe would: the raw JSON text, signed with the package's own test helper at `timestamp` (s). */
export function postStripe(t: TestApp, payload: string | Buffer, timestamp?: number): Promise<LightMyRequestResponse> {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: payload.toString(),
    secret: STRIPE_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: STRIPE_URL,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

/** Posts `raw` to the relay intake, signed at `timestamp` (s: the app's clock). */
export function postRelay(t: TestApp, raw: string | Buffer, timestamp: number): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: RELAY_URL,
    headers: {
      'content-type': 'application/json',
      'x-signature': `t=${timestamp},v1=${relaySignature(RELAY_SECRET, timestamp, raw)}`,
    },
    payload: raw,
  });
}

/** How many disputes and intake events are stored: what a refused event must leave as it was. */
export async function storedIntake(t: TestApp): Promise<{ disputes: number; events: number }> {
  const count = async (table: 'disputes' | 'dispute_intake_events') =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { disputes: await count('disputes'), events: await count('dispute_intake_events') };
}
