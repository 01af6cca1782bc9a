import { FRAUD_MSG, heldMessage, PROCESSOR_CONTRACTS, REFUND_MSG, ROLE } from '@eta/shared';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { assignAs } from './orders-fixtures.ts';
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
import { createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Orders raced at once: each race holds two of the app's connections while it waits. */
const RACES = 2;

/** The advisory lock a test-only trigger makes every write to `refunds` wait for. */
const GATE = 3636;

/**
 * Runs `fire` with every write to `refunds` held back until each ask has read what it reads and
 * waits (PostgreSQL: a trigger of this test's database takes a shared advisory lock the gate holds),
 * so the two asks of a race overlap every time instead of by luck: an ask that weighs what remains
 * without the order's lock reads the same "nothing refunded yet" as the other. SQLite runs one write
 * transaction at a time, so there the asks are simply fired together.
 */
async function overlapped<T>(t: TestApp, dialect: string, asks: number, fire: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return fire();
  // a connection of its own: the app's pool is the asks'
  const gate = new pg.Client({ connectionString: t.config.databaseUrl as string });
  await gate.connect();
  try {
    await gate.query(`create or replace function refunds_gate() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(${GATE}); return new; end $$`);
    await gate.query(
      'create or replace trigger refunds_gate before insert or update on refunds for each row execute function refunds_gate()',
    );
    await gate.query('select pg_advisory_lock($1)', [GATE]);
    const result = fire();
    for (let waited = 0; ; waited += 1) {
      const { rows } = await gate.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.n ?? 0) >= asks) break;
      if (waited > 150) throw new Error(`the ${asks} asks never all waited`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await gate.query('select pg_advisory_unlock($1)', [GATE]);
    return await result;
  } finally {
    await gate.end();
  }
}

/** Refund now, a manual refund and a retry of one order, asked together (DESIGN §26, issue 36). */
describeEachDialect('refunds through Stripe: races, holds and where a refund is made', (dialect) => {
  let stripe: StripeApp;
  let double: StripeTestDouble;
  let t: TestApp;
  let tara: Member;
  let hal: Member;
  let mia: Member;

  beforeAll(async () => {
    stripe = await startStripeApp(dialect, { build: { processor: { refundWorker: false, timeoutMs: 2000 } } });
    ({ double, t } = stripe);
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    hal = await createMember(t, ROLE.Team, 'Hal Team');
    mia = await createMember(t, ROLE.Manager, 'Mia Manager');
  });
  afterAll(() => stripe.close());

  /** A Stripe-paid order with an open warning on its charge; the warning's id. */
  async function warnedOrder(fields: Record<string, unknown> = {}) {
    const order = await stripeOrder(t, double, fields);
    await postStripeEvent(t, 'radar.early_fraud_warning.created', earlyFraudWarning(order.charge.id));
    const row = await t.app.ctx.db
      .selectFrom('fraud_warnings')
      .select('id')
      .where('order_key', '=', order.dbId)
      .executeTakeFirstOrThrow();
    return { ...order, warningId: Number(row.id) };
  }

  const refundNow = (member: Member, warningId: number) =>
    api(t, PROCESSOR_CONTRACTS.refundWarning, { params: { id: warningId } }, member);
  const retry = (member: Member, refundId: number) =>
    api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: refundId } }, member);

  /**
   * Each order has one refund on its way, for what was paid, and once the worker ran one refund at
   * Stripe. The rows are counted before Stripe is asked: the double, like Stripe, refuses a refund
   * beyond what the charge has left, and the desk must not lean on that.
   */
  async function expectOneRefundEach(orders: { charge: { id: string }; dbId: number }[]) {
    for (const order of orders) {
      const onTheirWay = (await refundsOf(t, order.dbId)).filter((r) => r.state !== 'failed');
      expect(onTheirWay.map((r) => Number(r.amount_minor))).toEqual([3999]);
    }
    await drainRefunds(t);
    for (const order of orders) {
      expect(double.refunds.filter((r) => r.charge === order.charge.id).map((r) => r.amount)).toEqual([3999]);
    }
  }

  it('Refund now raced with a manual refund of the same order: one refund at Stripe, never more than was paid', async () => {
    const orders = await Promise.all(Array.from({ length: RACES }, () => warnedOrder()));
    const replies = await overlapped(t, dialect, orders.length * 2, () =>
      Promise.all(
        orders.flatMap((o) => [
          refundNow(tara, o.warningId),
          api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: o.orderId }, body: {} }, tara),
        ]),
      ),
    );
    for (const reply of replies) expect([200, 201, 409], reply.body).toContain(reply.statusCode);
    // The manual refund that came second is told nothing remains; Refund now that came second still
    // decides the warning (the money is on its way back), writing no refund of its own.
    for (const reply of replies.filter((r) => r.statusCode === 409))
      expect(reply.json().message).toBe(REFUND_MSG.nothingRemains);
    // Of each order's two asks exactly one sent the refund and says so; the other says why it did not.
    const said = replies.map((r) => r.json().message);
    expect(said.filter((m) => m === FRAUD_MSG.refunded || m === REFUND_MSG.requested)).toHaveLength(RACES);
    expect(said.filter((m) => m === FRAUD_MSG.nothingLeft || m === REFUND_MSG.nothingRemains)).toHaveLength(RACES);
    await expectOneRefundEach(orders);
  });

  it('Refund now raced with the retry of a failed refund of the same order: one refund at Stripe', async () => {
    const orders = await Promise.all(Array.from({ length: RACES }, () => warnedOrder()));
    for (const o of orders)
      await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: o.orderId }, body: {} }, tara);
    const declined = Promise.all(orders.map(() => double.fault(/^\/v1\/refunds$/, { kind: 'status', status: 402 })));
    await drainRefunds(t);
    await declined;
    const failed = await Promise.all(orders.map(async (o) => (await refundsOf(t, o.dbId))[0]));
    expect(failed.map((r) => r?.state)).toEqual(orders.map(() => 'failed'));
    await overlapped(t, dialect, orders.length * 2, () =>
      Promise.all(orders.flatMap((o, i) => [refundNow(tara, o.warningId), retry(tara, Number(failed[i]?.id))])),
    );
    await expectOneRefundEach(orders);
  });

  it('Refund now on an order paid in another gateway says where its refund is made', async () => {
    const charge = `ch_paypal_${Date.now()}`;
    await newOrder(t, { gateway_name: 'PayPal', payment_reference: charge, amount: 39.99, currency: 'GBP' });
    await postStripeEvent(t, 'radar.early_fraud_warning.created', earlyFraudWarning(charge));
    const row = await t.app.ctx.db
      .selectFrom('fraud_warnings')
      .select(['id', 'order_key'])
      .where('charge_ref', '=', charge)
      .executeTakeFirstOrThrow();
    expect(row.order_key).not.toBeNull();
    const res = await refundNow(tara, Number(row.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REFUND_MSG.elsewhere('PayPal'));
    expect(res.json().message).not.toBe(FRAUD_MSG.noOrder);
    const listed = (await api(t, PROCESSOR_CONTRACTS.fraudWarnings, {}, tara)).json().data;
    expect(listed.find((w: { id: number }) => w.id === Number(row.id))).toMatchObject({ state: 'open' });
  });

  it('an order another member holds: Refund now, a refund and a retry are refused as any held write is', async () => {
    const held = await warnedOrder();
    await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: held.orderId }, body: { amount: 10 } }, tara);
    const declined = double.fault(/^\/v1\/refunds$/, { kind: 'status', status: 402 });
    await drainRefunds(t);
    await declined;
    const [failed] = await refundsOf(t, held.dbId);
    expect(failed?.state).toBe('failed');
    expect((await assignAs(hal.token, t, [held.orderId])).statusCode).toBe(200);

    const calls = double.calls(/^\/v1\/refunds$/).length;
    for (const res of [
      await retry(tara, Number(failed?.id)),
      await refundNow(tara, held.warningId),
      await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: held.orderId }, body: {} }, tara),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(heldMessage('Hal Team'));
    }
    await drainRefunds(t);
    expect(double.calls(/^\/v1\/refunds$/)).toHaveLength(calls);
    expect((await refundsOf(t, held.dbId)).map((r) => [r.state, r.attempt])).toEqual([['failed', 1]]);
    const listed = (await api(t, PROCESSOR_CONTRACTS.fraudWarnings, {}, tara)).json().data;
    expect(listed.find((w: { id: number }) => w.id === held.warningId)).toMatchObject({ state: 'open' });

    // The holder, and a Manager (who may override the hold), are not stopped.
    expect((await retry(hal, Number(failed?.id))).statusCode).toBe(200);
    expect((await refundNow(mia, held.warningId)).statusCode).toBe(200);
    await expectOneRefundEach([]);
    const made = double.refunds.filter((r) => r.charge === held.charge.id).map((r) => r.amount);
    expect(made).toEqual([1000, 2999]);
  });

  it('Failed Refunds is paged: its total is the dashboard count, every failed refund is on some page', async () => {
    const orders = await Promise.all(Array.from({ length: 3 }, () => stripeOrder(t, double)));
    for (const o of orders)
      await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: o.orderId }, body: {} }, tara);
    const declined = Promise.all(orders.map(() => double.fault(/^\/v1\/refunds$/, { kind: 'status', status: 402 })));
    await drainRefunds(t);
    await declined;
    const summary = (await api(t, PROCESSOR_CONTRACTS.summary, {}, tara)).json().data;
    const page = (n: number) =>
      api(t, PROCESSOR_CONTRACTS.refunds, { query: { state: 'failed', page: n, limit: '2' } }, tara);
    const first = (await page(1)).json();
    expect(first.total).toBe(summary.refunds_failed);
    expect(first.data).toHaveLength(2);
    const ids: number[] = [];
    for (let n = 1; n <= Math.ceil(first.total / 2); n += 1)
      ids.push(...(await page(n)).json().data.map((r: { id: number }) => r.id));
    expect(new Set(ids).size).toBe(summary.refunds_failed);
    const failedIds = (
      await t.app.ctx.db.selectFrom('refunds').select('id').where('state', '=', 'failed').execute()
    ).map((r) => Number(r.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(failedIds.sort((a, b) => a - b));
    expect((await api(t, PROCESSOR_CONTRACTS.refunds, { query: { limit: '0' } }, tara)).statusCode).toBe(400);
    // Fraud warnings page the same way: the total is the dashboard's open count.
    const warnings = (
      await api(t, PROCESSOR_CONTRACTS.fraudWarnings, { query: { state: 'open', limit: '1' } }, tara)
    ).json();
    expect(warnings.data).toHaveLength(1);
    expect(warnings.total).toBe(summary.fraud_warnings_open);
  });
});
