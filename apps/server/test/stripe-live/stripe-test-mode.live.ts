import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder, orderRow } from '../detail-fixtures.ts';
import { drainRefunds, refundsOf } from '../stripe-fixtures.ts';
import { call, describeEachDialect, type Member, type TestApp } from '../test-app.ts';
import { buildLiveApp, pay, payer, TEST_CARD } from './live-setup.ts';

/**
 * The refund flows of stripe-refunds.test.ts against Stripe's own test mode (DESIGN §26): run by
 * `npm run test:stripe` only, with STRIPE_TEST_SECRET_KEY (scripts/test-stripe.cjs). A payment is
 * made with Stripe's test card, the desk refunds part and then the rest, and Stripe is asked what
 * it holds: one refund per request, with our idempotency keys.
 */
describeEachDialect("refunds against Stripe's test mode", (dialect) => {
  let t: TestApp;
  let member: Member;
  const stripe = payer();

  beforeAll(async () => {
    ({ t, team: member } = await buildLiveApp(dialect));
  });
  afterAll(() => t.close());

  it('refunds part, then what remains, each once at Stripe', async () => {
    const charge = await pay(stripe, TEST_CARD.paid);
    const orderId = await newOrder(t, {
      payment_processor: 'stripe',
      payment_reference: charge,
      amount: 39.99,
      currency: 'GBP',
    });
    const dbId = Number((await orderRow(t, orderId)).id);
    const url = `/api/admin/orders/${orderId}/refunds`;
    expect((await call(t, 'POST', url, member.token, { amount: 10 })).statusCode).toBe(201);
    await drainRefunds(t);
    expect((await call(t, 'POST', url, member.token, {})).statusCode).toBe(201);
    await drainRefunds(t);
    // a drain again calls nothing; and Stripe holds exactly the two refunds
    await drainRefunds(t);
    const rows = await refundsOf(t, dbId);
    expect(rows.map((r) => [r.amount_minor, r.state])).toEqual([
      [1000, 'succeeded'],
      [2999, 'succeeded'],
    ]);
    const atStripe = await stripe.refunds.list({ charge, limit: 10 });
    expect(atStripe.data.map((r) => r.id).sort()).toEqual(rows.map((r) => r.processor_refund_id).sort());
    expect((await call(t, 'POST', url, member.token, {})).statusCode).toBe(409);
  });
});
