import { FRAUD_MSG, PROCESSOR_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import {
  drainRefunds,
  earlyFraudWarning,
  postStripeEvent,
  refundsOf,
  type StripeApp,
  startStripeApp,
  stripeOrder,
} from './stripe-fixtures.ts';
import type { StripeTestDouble } from './stripe-test-double.ts';
import { call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('early fraud warnings (DESIGN §26)', (dialect) => {
  let stripe: StripeApp;
  let double: StripeTestDouble;
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    stripe = await startStripeApp(dialect);
    ({ double, t } = stripe);
    team = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => stripe.close());

  const listed = async () => (await api(t, PROCESSOR_CONTRACTS.fraudWarnings, {}, team)).json().data;

  it('a warning matched by charge is listed (never downloaded: Refund now first); Refund now refunds once at Stripe', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    const body = await postStripeEvent(t, 'radar.early_fraud_warning.created', earlyFraudWarning(charge.id));
    expect(body.data).toMatchObject({ outcome: 'created', matched: true });
    const [row] = (await listed()).filter((w) => w.order_id === orderId);
    expect(row).toMatchObject({
      state: 'open',
      fraud_type: 'made_with_stolen_card',
      actionable: true,
      never_downloaded: true,
    });
    const summary = (await api(t, PROCESSOR_CONTRACTS.summary, {}, team)).json().data;
    expect(summary.fraud_warnings_open).toBeGreaterThanOrEqual(1);

    const refunded = await api(t, PROCESSOR_CONTRACTS.refundWarning, { params: { id: row!.id } }, team);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ state: 'refunded', decided_by_name: 'Tara Team' });
    await drainRefunds(t);
    expect(double.refunds.filter((r) => r.charge === charge.id).map((r) => r.amount)).toEqual([3999]);
    expect(await refundsOf(t, dbId)).toMatchObject([{ state: 'succeeded', fraud_warning_id: row!.id }]);
    const twice = await api(t, PROCESSOR_CONTRACTS.refundWarning, { params: { id: row!.id } }, team);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FRAUD_MSG.decided);
  });

  it('Keep records the reason; an unknown charge is kept unmatched and answered 200', async () => {
    const { orderId, charge } = await stripeOrder(t, double);
    await postStripeEvent(t, 'radar.early_fraud_warning.created', earlyFraudWarning(charge.id));
    const row = (await listed()).find((w) => w.order_id === orderId);
    expect((await call(t, 'POST', `/api/admin/fraud-warnings/${row!.id}/keep`, team.token, {})).statusCode).toBe(400);
    const kept = await api(
      t,
      PROCESSOR_CONTRACTS.keepWarning,
      { params: { id: row!.id }, body: { reason: 'Customer confirmed the order by phone' } },
      team,
    );
    expect(kept.json().data).toMatchObject({ state: 'kept', keep_reason: 'Customer confirmed the order by phone' });
    expect(double.refunds.filter((r) => r.charge === charge.id)).toEqual([]);

    const unknown = await postStripeEvent(t, 'radar.early_fraud_warning.created', earlyFraudWarning('ch_nobody'));
    expect(unknown).toMatchObject({ message: FRAUD_MSG.unmatched, data: { outcome: 'created', matched: false } });
    const orphan = (await listed()).find((w: { charge_ref: string }) => w.charge_ref === 'ch_nobody');
    expect(orphan).toMatchObject({ order_id: null, never_downloaded: false, state: 'open' });
    expect((await api(t, PROCESSOR_CONTRACTS.refundWarning, { params: { id: orphan!.id } }, team)).statusCode).toBe(
      409,
    );
  });
});
