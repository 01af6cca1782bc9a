import { ORDERS_CONTRACTS } from '@eta/shared';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { DISPUTE_ENV, STRIPE_SECRET, STRIPE_URL } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { type StripeTestDouble, startStripeTestDouble } from './stripe-test-double.ts';
import { buildTestApp, type Member, type TestApp, type TestAppOptions } from './test-app.ts';

export const STRIPE_KEY = 'rk_test_eta_desk_0123456789';

/** The settings of an app connected to Stripe at `stripeUrl` (the test double), taking orders and dispute webhooks. */
export const stripeEnv = (stripeUrl: string) => ({
  INGEST_API_KEY: INGEST_KEY,
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_API_URL: stripeUrl,
  ...DISPUTE_ENV,
});

export interface StripeApp {
  double: StripeTestDouble;
  t: TestApp;
  /** closes the app, then the double */
  close(): Promise<void>;
}

/** A Stripe test double and an app connected to it (`stripeEnv`): one per suite, started in its beforeAll. */
export async function startStripeApp(dialect: DialectName, options: TestAppOptions = {}): Promise<StripeApp> {
  const double = await startStripeTestDouble(STRIPE_KEY);
  let t: TestApp;
  try {
    t = await buildTestApp(dialect, stripeEnv(double.url), options);
  } catch (error) {
    await double.close();
    throw error;
  }
  return {
    double,
    t,
    async close() {
      await t.close();
      await double.close();
    },
  };
}

let warnings = 0;
/** A Radar early fraud warning on `charge`, as Stripe's webhook carries it: actionable, a stolen card. */
export const earlyFraudWarning = (charge: string, extra: Record<string, unknown> = {}) => {
  warnings += 1;
  return {
    id: `issfr_${Date.now()}${warnings}`,
    object: 'radar.early_fraud_warning',
    actionable: true,
    charge,
    created: Math.floor(Date.now() / 1000),
    fraud_type: 'made_with_stolen_card',
    livemode: false,
    payment_intent: null,
    ...extra,
  };
};

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
  return t.app.ctx.db.selectFrom('refunds').selectAll().where('order_key', '=', dbId).orderBy('id').execute();
}

export async function activity(t: TestApp, dbId: number, kinds: string[]) {
  return t.app.ctx.db
    .selectFrom('order_events')
    .select(['kind', 'from_value', 'to_value', 'detail', 'staff_name'])
    .where('order_key', '=', dbId)
    .where('kind', 'in', kinds)
    .orderBy('id')
    .execute();
}

export async function mailKinds(t: TestApp, dbId: number) {
  const rows = await t.app.ctx.db.selectFrom('mail_outbox').select('kind').where('order_key', '=', dbId).execute();
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
  api(t, ORDERS_CONTRACTS.refund, { body: { orderId: orderIds } }, member);

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** What the website sends about a purchase that the evidence reads (customer, IP, device, policy). */
export const PURCHASE = {
  purchase_ip: '203.0.113.7',
  device_id: 'dev-1',
  card_fingerprint: 'fp_ce3',
  refund_policy_version: '2024-03',
  address_line1: '1 High Street',
  town_and_city: 'Leeds',
  post_code: 'LS1 1AA',
  country: 'United Kingdom',
};

/** The history a defence is built from: a download of the eTA and the approval mail, sent. */
export async function addDefenceHistory(t: TestApp, order: { dbId: number; orderId: string }) {
  const db = t.app.ctx.db;
  await db
    .insertInto('download_history')
    .values({
      order_key: order.dbId,
      document_id: null,
      create_ts: ago(2),
      ip: '198.51.100.4',
      timezone: 'Europe/London',
      browser: 'Firefox',
      os: 'Linux',
      user_agent: 'Mozilla/5.0',
    })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      order_key: order.dbId,
      document_id: null,
      kind: 'approval',
      provider: 'cloud',
      to_address: 'jane@example.test',
      subject: `Your eTA for order ${order.orderId}`,
      html: '<p>Approved</p>',
      text: 'Your eTA is approved and attached.',
      attachments: null,
      remainder_mail: 0,
      status: 'sent',
      attempts: 1,
      next_attempt_at: ago(3),
      last_error: null,
      created_by: null,
      created_at: ago(3),
      sent_at: ago(3),
      claim_token: null,
      from_name: null,
    })
    .execute();
}
