import Stripe from 'stripe';
import { expect } from 'vitest';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { STRIPE_SECRET, STRIPE_URL } from './dispute-fixtures.ts';
import type { StripeTestDouble } from './stripe-test-double.ts';
import { call, type Member, type TestApp } from './test-app.ts';

export const STRIPE_KEY = 'rk_test_eta_desk_0123456789';

/** A Stripe-paid order: the charge exists at the test double, and the order names it. */
export async function stripeOrder(t: TestApp, double: StripeTestDouble, fields: Record<string, unknown> = {}) {
  const charge = double.addCharge(3999, 'gbp');
  const orderId = await newOrder(t, {
    payment_processor: 'stripe',
    payment_reference: charge.id,
    amount: 39.99,
    currency: 'GBP',
    ...fields,
  });
  return { orderId, charge, dbId: Number((await orderRow(t, orderId)).id) };
}

export async function refundsOf(t: TestApp, dbId: number) {
  return t.app.ctx.db.selectFrom('refunds').selectAll().where('order_id', '=', dbId).orderBy('id').execute();
}

export async function activity(t: TestApp, dbId: number, kinds: string[]) {
  return t.app.ctx.db
    .selectFrom('order_events')
    .select(['kind', 'from_value', 'to_value', 'detail', 'staff_name'])
    .where('order_id', '=', dbId)
    .where('kind', 'in', kinds)
    .orderBy('id')
    .execute();
}

export async function mailKinds(t: TestApp, dbId: number) {
  const rows = await t.app.ctx.db.selectFrom('mail_outbox').select('kind').where('order_id', '=', dbId).execute();
  return rows.map((r) => r.kind);
}

export async function drainRefunds(t: TestApp) {
  const worker = t.app.refundWorker;
  if (!worker) throw new Error('no refund worker: STRIPE_SECRET_KEY unset');
  return worker.drain();
}

/** Posts a Stripe event to the webhook, signed with the package's own test header. */
export async function postStripeEvent(t: TestApp, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(t.app.ctx.clock() / 1000),
    data: { object },
  });
  // signed at the app's time: tests move its clock past backoffs
  const timestamp = Math.floor(t.app.ctx.clock() / 1000);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp });
  const res = await t.app.inject({
    method: 'POST',
    url: STRIPE_URL,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const refundMove = (t: TestApp, member: Member, orderIds: string[]) =>
  call(t, 'PUT', '/api/admin/move-to-complete-refund', member.token, { orderId: orderIds });
