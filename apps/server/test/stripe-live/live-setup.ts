import { ROLE, STATUS } from '@eta/shared';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { DialectName } from '../../src/db/dialect.ts';
import { newOrder, orderRow } from '../detail-fixtures.ts';
import { DISPUTE_ENV, listDisputes } from '../dispute-fixtures.ts';
import { INGEST_KEY } from '../orders-fixtures.ts';
import { addDefenceHistory, PURCHASE, postStripeEvent } from '../stripe-fixtures.ts';
import { buildTestApp, createMember, type Member, type TestApp } from '../test-app.ts';

/**
 * What the *.live.ts files share (DESIGN §26): run by `npm run test:stripe` only, with
 * STRIPE_TEST_SECRET_KEY (scripts/test-stripe.cjs). The desk talks to Stripe's test mode with the
 * restricted key; Stripe's own test payment methods make the payments, disputes and warnings; and
 * Stripe's events reach the desk signed as Stripe signs them, since no webhook can reach this
 * machine from Stripe.
 */
export const KEY = process.env.STRIPE_TEST_SECRET_KEY as string;
// Creating test payments (and reading disputes and warnings to wait for them) needs more than the
// desk's restricted key: the secret test key, when given.
const PAYER_KEY = process.env.STRIPE_TEST_PAYER_KEY || KEY;
export const payer = () => new Stripe(PAYER_KEY);

/** Stripe's documented test payment methods (docs.stripe.com/testing, Disputes and Fraud). */
export const TEST_CARD = {
  paid: 'pm_card_visa',
  /** the charge succeeds, then is disputed as fraudulent (`needs_response`) */
  disputed: 'pm_card_createDispute',
  /** the charge succeeds, then gets an early fraud warning (test card 4000 0000 0000 5423) */
  earlyFraudWarning: 'pm_card_createIssuerFraudRecord',
} as const;

/** A test that waits on Stripe (waitFor, up to 90 s at a time) gets this long. */
export const LIVE_TIMEOUT = 240_000;

/** The desk against Stripe's test mode, its webhook secret the tests sign with, and a Team member. */
export async function buildLiveApp(dialect: DialectName): Promise<{ t: TestApp; team: Member }> {
  const t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, STRIPE_SECRET_KEY: KEY, ...DISPUTE_ENV });
  return { t, team: await createMember(t, ROLE.Team, 'Tara Team') };
}

/** A confirmed £39.99 test payment with `paymentMethod`; its charge id. */
export async function pay(stripe: Stripe, paymentMethod: string): Promise<string> {
  const payment = await stripe.paymentIntents.create({
    amount: 3999,
    currency: 'gbp',
    payment_method: paymentMethod,
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    confirm: true,
  });
  expect(payment.status).toBe('succeeded');
  return payment.latest_charge as string;
}

/** Asks `probe` every 2 s until it answers, failing after `seconds`: Stripe acts on test cards asynchronously. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds = 90): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`Stripe did not show ${what} within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * A Stripe-paid order with a download and a sent approval mail, paid with `pm_card_createDispute`;
 * its dispute is delivered to the desk as Stripe would (charge.dispute.created) and opens there.
 */
export async function disputedOrder(t: TestApp, team: Member, stripe: Stripe, purchase = PURCHASE) {
  const charge = await pay(stripe, TEST_CARD.disputed);
  const orderId = await newOrder(t, {
    ...purchase,
    process_status: STATUS.Completed,
    payment_processor: 'stripe',
    payment_reference: charge,
    amount: 39.99,
    currency: 'GBP',
  });
  const dbId = Number((await orderRow(t, orderId)).id);
  await addDefenceHistory(t, { dbId, orderId });
  const atStripe = await waitFor('the dispute', async () => (await stripe.disputes.list({ charge })).data[0]);
  expect(atStripe.status).toBe('needs_response');
  const delivered = await postStripeEvent(t, 'charge.dispute.created', atStripe as unknown as Record<string, unknown>);
  expect(delivered.data).toMatchObject({ outcome: 'created', matched: true });
  const [dispute] = (await listDisputes(t, team, `orderId=${orderId}`)).data;
  expect(dispute).toMatchObject({ processor: 'stripe', processor_dispute_id: atStripe.id, state: 'needs_response' });
  expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ChargeBack);
  return { orderId, dbId, charge, atStripe, dispute: dispute as NonNullable<typeof dispute> };
}
