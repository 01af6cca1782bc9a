import type { DisputeRecord } from '@eta/shared';
import { expect } from 'vitest';
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

/** A valid "Open dispute" body for `orderId`; override any field. */
export function openBody(orderId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
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
  overrides: Record<string, unknown> = {},
): Promise<DisputeRecord> {
  const res = await call(t, 'POST', DISPUTES_URL, member.token, openBody(orderId, overrides));
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
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
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
