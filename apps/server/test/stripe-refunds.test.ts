import { ORDER_MSG, type OrderListItem, PROCESSOR_CONTRACTS, REFUND_MSG, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { listAll } from './orders-fixtures.ts';
import {
  activity,
  drainRefunds,
  mailKinds,
  postStripeEvent,
  refundMove,
  refundsOf,
  STRIPE_KEY,
  type StripeApp,
  startStripeApp,
  stripeOrder,
} from './stripe-fixtures.ts';
import type { StripeTestDouble } from './stripe-test-double.ts';
import { call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const REFUND_EVENTS = ['refund_requested', 'refund_succeeded', 'refund_failed', 'mail'];

describeEachDialect('refunds through Stripe (DESIGN §26)', (dialect) => {
  let stripe: StripeApp;
  let double: StripeTestDouble;
  let t: TestApp;
  let nina: Member;

  beforeAll(async () => {
    stripe = await startStripeApp(dialect, { build: { processor: { refundWorker: false, timeoutMs: 2000 } } });
    ({ double, t } = stripe);
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => stripe.close());

  const listedRefundState = async (orderId: string) => {
    const rows = (await listAll(t, nina.token, 'refundorder')).json().data as OrderListItem[];
    return rows.find((r) => r.order_id === orderId)?.refund_state;
  };

  it('"Refunded it" writes the refund with the move; the worker refunds once at Stripe; the mail goes on success', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double, { process_status: STATUS.Completed });
    const res = await refundMove(t, nina, [orderId]);
    expect(res.json()).toMatchObject({ status: 1, message: ORDER_MSG.refunded });
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.Refunds);
    const [row] = await refundsOf(t, dbId);
    expect(row).toMatchObject({
      state: 'requested',
      amount_minor: 3999,
      currency: 'GBP',
      attempt: 1,
      requested_by_name: 'Nina Night',
    });
    // Not mailed yet: the customer hears of the refund when Stripe made it.
    expect(await mailKinds(t, dbId)).toEqual([]);
    // The Refunds queue's row carries the latest refund's state (one list reply, no call per row).
    expect(await listedRefundState(orderId)).toBe('requested');

    await drainRefunds(t);
    const calls = double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: `refund-${row?.id}-1`,
      form: {
        charge: charge.id,
        amount: '3999',
        reason: 'requested_by_customer',
        metadata: { refund_id: String(row?.id), attempt: '1' },
      },
    });
    const [done] = await refundsOf(t, dbId);
    const made = double.refunds.filter((r) => r.charge === charge.id);
    expect(made).toHaveLength(1);
    expect(done).toMatchObject({ state: 'succeeded', processor_refund_id: made[0]?.id, claim_token: null });
    expect(await mailKinds(t, dbId)).toEqual(['refund']);
    expect(await listedRefundState(orderId)).toBe('succeeded');
    expect((await activity(t, dbId, REFUND_EVENTS)).map((e) => [e.kind, e.staff_name])).toEqual([
      ['refund_requested', 'Nina Night'],
      ['refund_succeeded', null],
      ['mail', null],
    ]);
    // A second drain has nothing to do: no second call.
    await drainRefunds(t);
    expect(double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id)).toHaveLength(1);
  });

  it('an order not paid through Stripe is refunded as before, and its refunds say where to make it', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed, gateway_name: 'PayPal' });
    const { id } = await orderRow(t, orderId);
    await refundMove(t, nina, [orderId]);
    expect(await refundsOf(t, Number(id))).toEqual([]);
    expect(await mailKinds(t, Number(id))).toEqual(['refund']);
    const res = await api(t, PROCESSOR_CONTRACTS.orderRefunds, { params: { orderId } }, nina);
    expect(res.json().data).toMatchObject({ through: null, note: REFUND_MSG.elsewhere('PayPal'), refunds: [] });
    const post = await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    expect(post.statusCode).toBe(409);
  });

  it('refunds part, then what remains; never more than remains (400, nothing written)', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    const url = `/api/admin/orders/${orderId}/refunds`;
    const refund = (body: { amount?: number }) =>
      api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body }, nina);
    const part = await refund({ amount: 10.5 });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ amount_minor: 1050, state: 'requested', order_id: orderId });
    const over = await call(t, 'POST', url, nina.token, { amount: '29.50' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(REFUND_MSG.overRemaining('£29.49'));
    const bad = await call(t, 'POST', url, nina.token, { amount: -1 });
    expect(bad.statusCode).toBe(400);
    expect(await refundsOf(t, dbId)).toHaveLength(1);
    const rest = await refund({});
    expect(rest.json().data).toMatchObject({ amount_minor: 2949 });
    await drainRefunds(t);
    expect(double.refunds.filter((r) => r.charge === charge.id).map((r) => r.amount)).toEqual([1050, 2949]);
    const listed = (await api(t, PROCESSOR_CONTRACTS.orderRefunds, { params: { orderId } }, nina)).json().data;
    expect(listed).toMatchObject({ through: 'stripe', remaining_minor: 0, amount_minor: 3999 });
    expect(listed.refunds.map((r: { state: string }) => r.state)).toEqual(['succeeded', 'succeeded']);
    expect((await refund({})).statusCode).toBe(409);
  });

  it('a dropped connection after Stripe made the refund: retried with the same key, one refund', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    // The package retries a closed connection once by itself (with our key); both calls lose their answer.
    const dropped = Promise.all([
      double.fault(/^\/v1\/refunds$/, { kind: 'drop', after: true }),
      double.fault(/^\/v1\/refunds$/, { kind: 'drop', after: true }),
    ]);
    await drainRefunds(t);
    await dropped;
    const [waiting] = await refundsOf(t, dbId);
    expect(waiting).toMatchObject({ state: 'requested', attempt: 1, tries: 1 });
    expect(waiting?.failure_reason).toMatch(/no answer from Stripe/);
    t.advance(60_000);
    await drainRefunds(t);
    const calls = double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id);
    const key = `refund-${waiting?.id}-1`;
    expect(calls.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      [key, false],
      [key, true],
      [key, true],
    ]);
    expect(double.refunds.filter((r) => r.charge === charge.id)).toHaveLength(1);
    expect((await refundsOf(t, dbId))[0]).toMatchObject({ state: 'succeeded' });
  });

  for (const status of [429, 500] as const) {
    it(`a Stripe ${status} backs off and retries with the same key`, async () => {
      const { orderId, charge, dbId } = await stripeOrder(t, double);
      await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
      const refused = double.fault(/^\/v1\/refunds$/, { kind: 'status', status });
      await drainRefunds(t);
      await refused;
      expect((await refundsOf(t, dbId))[0]).toMatchObject({ state: 'requested', tries: 1 });
      // not due yet: nothing is called again before the backoff
      await drainRefunds(t);
      expect(double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id)).toHaveLength(1);
      t.advance(60_000);
      await drainRefunds(t);
      const keys = double
        .calls(/^\/v1\/refunds$/)
        .filter((c) => c.form.charge === charge.id)
        .map((c) => c.idempotencyKey);
      expect(new Set(keys).size).toBe(1);
      expect(double.refunds.filter((r) => r.charge === charge.id)).toHaveLength(1);
    });
  }

  it('a time-out is retried with the same key', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    const hung = double.fault(/^\/v1\/refunds$/, { kind: 'hang', after: true });
    await drainRefunds(t);
    await hung;
    expect((await refundsOf(t, dbId))[0]?.state).toBe('requested');
    t.advance(60_000);
    await drainRefunds(t);
    expect(double.refunds.filter((r) => r.charge === charge.id)).toHaveLength(1);
    expect((await refundsOf(t, dbId))[0]?.state).toBe('succeeded');
  });

  it('a 402 is a definite failure: Activity, the dashboard count, and a retry starts a new attempt', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    const before = (await api(t, PROCESSOR_CONTRACTS.summary, {}, nina)).json().data.refunds_failed;
    const declined = double.fault(/^\/v1\/refunds$/, { kind: 'status', status: 402 });
    await drainRefunds(t);
    await declined;
    const [failed] = await refundsOf(t, dbId);
    expect(failed).toMatchObject({ state: 'failed', failure_reason: 'Your card was declined.', attempt: 1 });
    expect(await mailKinds(t, dbId)).toEqual([]);
    expect((await activity(t, dbId, ['refund_failed']))[0]?.detail).toMatch(/Your card was declined/);
    const summary = (await api(t, PROCESSOR_CONTRACTS.summary, {}, nina)).json().data;
    expect(summary).toMatchObject({ enabled: true, refunds_failed: before + 1 });
    // The tile's list: the failed refund with its order, to retry from.
    const failedList = () =>
      api(t, PROCESSOR_CONTRACTS.refunds, { query: { state: 'failed' } }, nina).then((r) => r.json().data);
    expect(await failedList()).toContainEqual(
      expect.objectContaining({ id: failed?.id, order_id: orderId, state: 'failed', attempt: 1 }),
    );
    // No drain calls a failed refund again.
    t.advance(3_600_000);
    await drainRefunds(t);
    expect(double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id)).toHaveLength(1);

    const retry = await api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: failed?.id } }, nina);
    expect(retry.json()).toMatchObject({ status: 1, data: { state: 'requested', attempt: 2 } });
    expect((await api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: failed?.id } }, nina)).statusCode).toBe(409);
    await drainRefunds(t);
    const keys = double
      .calls(/^\/v1\/refunds$/)
      .filter((c) => c.form.charge === charge.id)
      .map((c) => c.idempotencyKey);
    expect(keys).toEqual([`refund-${failed?.id}-1`, `refund-${failed?.id}-2`]);
    expect((await refundsOf(t, dbId))[0]).toMatchObject({ state: 'succeeded', attempt: 2 });
    expect(await mailKinds(t, dbId)).toEqual(['refund']);
    expect((await failedList()).map((r: { id: number }) => r.id)).not.toContain(failed?.id);
  });

  it('a failed refund whose money was refunded since is never sent again (409, no call at Stripe)', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    const refund = (body: { amount?: number }) =>
      api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body }, nina);
    await refund({ amount: 30 });
    const declined = double.fault(/^\/v1\/refunds$/, { kind: 'status', status: 402 });
    await drainRefunds(t);
    await declined;
    const [failed] = await refundsOf(t, dbId);
    expect(failed?.state).toBe('failed');
    // Another member refunds part of it meanwhile: £29.99 left, less than the failed £30.00.
    expect((await refund({ amount: 10 })).statusCode).toBe(201);
    await drainRefunds(t);
    const over = await api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: failed?.id } }, nina);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(REFUND_MSG.retryOverRemaining('£29.99'));
    // Then the rest: nothing remains.
    expect((await refund({})).statusCode).toBe(201);
    await drainRefunds(t);
    const none = await api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: failed?.id } }, nina);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(REFUND_MSG.nothingRemains);
    await drainRefunds(t);
    const made = double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id);
    expect(made.map((c) => c.form.amount)).toEqual(['3000', '1000', '2999']);
    expect((await refundsOf(t, dbId)).map((r) => [r.state, r.attempt])).toEqual([
      ['failed', 1],
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });

  it('refund.updated and charge.refund.updated webhooks reconcile; the mail goes once', async () => {
    double.answerRefundsWith('pending');
    const { orderId, dbId } = await stripeOrder(t, double);
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    await drainRefunds(t);
    double.answerRefundsWith('succeeded');
    const [pending] = await refundsOf(t, dbId);
    expect(pending?.state).toBe('pending');
    expect(await mailKinds(t, dbId)).toEqual([]);
    const made = double.refunds.find((r) => r.id === pending?.processor_refund_id);
    const succeeded = { ...made, status: 'succeeded' };
    await postStripeEvent(t, 'charge.refund.updated', succeeded);
    await postStripeEvent(t, 'refund.updated', succeeded);
    expect((await refundsOf(t, dbId))[0]?.state).toBe('succeeded');
    expect(await mailKinds(t, dbId)).toEqual(['refund']);
    // A late "pending" changes nothing.
    await postStripeEvent(t, 'refund.updated', { ...made, status: 'pending' });
    expect((await refundsOf(t, dbId))[0]?.state).toBe('succeeded');
    // A refund no row knows is acknowledged and kept out.
    const unknown = await postStripeEvent(t, 'refund.updated', { ...made, id: 're_unknown', metadata: {} });
    expect(unknown.data).toMatchObject({ outcome: 'ignored' });
  });

  it('a revoked key (401): the refund waits, and the summary and readiness say so', async () => {
    const { orderId, dbId } = await stripeOrder(t, double);
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, nina);
    double.acceptKey('rk_test_other');
    await drainRefunds(t);
    expect((await refundsOf(t, dbId))[0]?.state).toBe('requested');
    const summary = (await api(t, PROCESSOR_CONTRACTS.summary, {}, nina)).json().data;
    expect(summary.key_refused_at).not.toBeNull();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    // readiness is read by operators: it names the setting to replace; staff read REFUND_MSG.keyRefused
    expect(ready.json().warnings).toEqual([expect.stringContaining('Stripe refused STRIPE_SECRET_KEY (401)')]);
    expect(REFUND_MSG.keyRefused).not.toMatch(/STRIPE_|401/);
    double.acceptKey(STRIPE_KEY);
    t.advance(60_000);
    await drainRefunds(t);
    expect((await refundsOf(t, dbId))[0]?.state).toBe('succeeded');
    expect((await api(t, PROCESSOR_CONTRACTS.summary, {}, nina)).json().data.key_refused_at).toBeNull();
  });
});
