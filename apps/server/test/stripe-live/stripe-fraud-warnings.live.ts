import { FRAUD_MSG } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder, orderRow } from '../detail-fixtures.ts';
import { drainRefunds, postStripeEvent, refundsOf } from '../stripe-fixtures.ts';
import { call, describeEachDialect, type Member, type TestApp } from '../test-app.ts';
import { buildLiveApp, LIVE_TIMEOUT, pay, payer, TEST_CARD, waitFor } from './live-setup.ts';

/**
 * The Refund now flow of stripe-fraud-warnings.test.ts against Stripe's own test mode (DESIGN
 * §26): a payment with Stripe's early-fraud-warning test card (4000 0000 0000 5423, by its
 * PaymentMethod alias), the warning Stripe then raises delivered to the desk as its webhook would
 * (radar.early_fraud_warning.created), and Refund now asked of the desk: Stripe then holds exactly
 * one full refund of that charge, the one the desk recorded.
 */
describeEachDialect("early fraud warnings against Stripe's test mode", (dialect) => {
  let t: TestApp;
  let team: Member;
  const stripe = payer();

  beforeAll(async () => {
    ({ t, team } = await buildLiveApp(dialect));
  });
  afterAll(() => t.close());

  it(
    'a warning Stripe raised is listed on its order; Refund now refunds it once at Stripe',
    async () => {
      const charge = await pay(stripe, TEST_CARD.earlyFraudWarning);
      const orderId = await newOrder(t, {
        payment_processor: 'stripe',
        payment_reference: charge,
        amount: 39.99,
        currency: 'GBP',
      });
      const dbId = Number((await orderRow(t, orderId)).id);
      const atStripe = await waitFor(
        'the early fraud warning',
        async () => (await stripe.radar.earlyFraudWarnings.list({ charge })).data[0],
      );
      expect(atStripe).toMatchObject({ charge, actionable: true, livemode: false });

      const body = await postStripeEvent(
        t,
        'radar.early_fraud_warning.created',
        atStripe as unknown as Record<string, unknown>,
      );
      expect(body.data).toMatchObject({ outcome: 'created', matched: true });
      const listed = (await call(t, 'GET', '/api/admin/fraud-warnings', team.token)).json().data;
      const row = listed.find((w: { order_id: string }) => w.order_id === orderId);
      expect(row).toMatchObject({
        state: 'open',
        charge_ref: charge,
        fraud_type: atStripe.fraud_type,
        actionable: true,
        never_downloaded: true,
      });

      const refunded = await call(t, 'POST', `/api/admin/fraud-warnings/${row.id}/refund`, team.token);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data).toMatchObject({ state: 'refunded', decided_by_name: 'Tara Team' });
      await drainRefunds(t);
      // a drain again calls nothing
      await drainRefunds(t);
      const rows = await refundsOf(t, dbId);
      expect(rows).toMatchObject([{ state: 'succeeded', amount_minor: 3999, fraud_warning_id: row.id }]);
      const refunds = await stripe.refunds.list({ charge, limit: 10 });
      expect(refunds.data.map((r) => [r.id, r.amount, r.status])).toEqual([
        [rows[0]?.processor_refund_id, 3999, 'succeeded'],
      ]);
      // a fully refunded charge's warning is no longer actionable at Stripe
      await waitFor('the warning no longer actionable', async () =>
        (await stripe.radar.earlyFraudWarnings.retrieve(atStripe.id)).actionable ? undefined : true,
      );

      const twice = await call(t, 'POST', `/api/admin/fraud-warnings/${row.id}/refund`, team.token);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(FRAUD_MSG.decided);
      expect((await stripe.refunds.list({ charge, limit: 10 })).data).toHaveLength(1);
    },
    LIVE_TIMEOUT,
  );
});
