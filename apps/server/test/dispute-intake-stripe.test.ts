import { DISPUTE_MSG, ORDER_EVENT, STATUS } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder, orderRow } from './detail-fixtures.ts';
import {
  DISPUTE_ENV,
  disputeEvent,
  disputeEvents,
  disputeId,
  listDisputes,
  postStripe,
  STRIPE_SECRET,
  STRIPE_URL,
  storedIntake,
} from './dispute-fixtures.ts';
import { INGEST_KEY, nextOrderId } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describeEachDialect('dispute intake: Stripe webhooks', (dialect) => {
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  /** Posts `payload` as Stripe would: the raw JSON text, signed with the package's own test helper. */
  const post = (
    payload: string,
    options: { secret?: string; timestamp?: number; header?: string | null } = {},
  ): Promise<LightMyRequestResponse> => {
    const header =
      options.header !== undefined
        ? options.header
        : Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? STRIPE_SECRET,
            ...(options.timestamp ? { timestamp: options.timestamp } : {}),
          });
    return t.app.inject({
      method: 'POST',
      url: STRIPE_URL,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload,
    });
  };
  const send = async (event: object) => {
    const res = await post(JSON.stringify(event));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const stored = () => storedIntake(t);

  it('creates the dispute on the order named in its metadata, with Stripe’s deadline, and moves the order', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed });
    const event = disputeEvent('charge.dispute.created', {
      id: disputeId(),
      status: 'needs_response',
      orderId,
      dueInDays: 2,
    });
    const body = await send(event);
    expect(body).toMatchObject({
      status: 1,
      message: DISPUTE_MSG.received,
      data: { outcome: 'created', matched: true },
    });
    const [dispute] = (await listDisputes(t, team, `orderId=${orderId}`)).data;
    expect(dispute).toMatchObject({
      processor: 'stripe',
      reason_code: '10.4',
      reason_category: 'fraud',
      amount_minor: 3999,
      currency: 'GBP',
      stage: 'chargeback',
      state: 'needs_response',
      respond_by: new Date((event.data.object.evidence_details.due_by as number) * 1000).toISOString(),
      respond_by_estimated: false,
      days_left: 2,
      source: 'stripe',
      transaction_id: 'ch_unknown',
    });
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ChargeBack);
    const events = await disputeEvents(t, orderId);
    expect(events.slice(-2).map((e) => [e.kind, e.staff_name])).toEqual([
      [ORDER_EVENT.disputeOpened, null],
      [ORDER_EVENT.status, null],
    ]);
  });

  it('finds the order by its payment reference, or by its transaction id', async () => {
    const byPi = await newOrder(t, { payment_reference: 'pi_match_1' });
    const byCh = await newOrder(t, { transaction_id: 'ch_match_2' });
    expect(
      (
        await send(
          disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response', pi: 'pi_match_1' }),
        )
      ).data.matched,
    ).toBe(true);
    expect(
      (
        await send(
          disputeEvent('charge.dispute.created', {
            id: disputeId(),
            status: 'warning_needs_response',
            ch: 'ch_match_2',
          }),
        )
      ).data.matched,
    ).toBe(true);
    expect((await listDisputes(t, team, `orderId=${byPi}`)).total).toBe(1);
    const [inquiry] = (await listDisputes(t, team, `orderId=${byCh}`)).data;
    expect(inquiry).toMatchObject({ stage: 'inquiry', state: 'needs_response' });
  });

  it('keeps a dispute with no order as unmatched, answers 200, and links it when a later event finds the order', async () => {
    const id = disputeId();
    const orderRef = nextOrderId();
    const first = await send(
      disputeEvent('charge.dispute.created', { id, status: 'needs_response', orderId: orderRef, pi: 'pi_later' }),
    );
    expect(first).toMatchObject({
      status: 1,
      message: DISPUTE_MSG.unmatched,
      data: { outcome: 'created', matched: false },
    });
    const unmatched = (await listDisputes(t, team, 'unmatched=1')).data.find((d) => d.processor_dispute_id === id);
    expect(unmatched).toMatchObject({ order_id: null, order_ref: orderRef, payment_reference: 'pi_later' });
    // the order arrives afterwards; Stripe's next event about the dispute finds it
    await newOrder(t, { order_id: orderRef });
    const next = await send(
      disputeEvent('charge.dispute.updated', { id, status: 'under_review', orderId: orderRef, pi: 'pi_later' }),
    );
    expect(next.data).toMatchObject({ outcome: 'updated', matched: true });
    expect((await orderRow(t, orderRef)).process_status).toBe(STATUS.ChargeBack);
    const [linked] = (await listDisputes(t, team, `orderId=${orderRef}`)).data;
    expect(linked).toMatchObject({ processor_dispute_id: id, state: 'under_review' });
  });

  it('follows a dispute to its outcome; a replay or an older event changes nothing', async () => {
    const orderId = await newOrder(t);
    const id = disputeId();
    const created = disputeEvent(
      'charge.dispute.created',
      { id, status: 'needs_response', orderId },
      { created: nowSeconds() - 60 },
    );
    await send(created);
    await send(
      disputeEvent(
        'charge.dispute.funds_withdrawn',
        { id, status: 'needs_response', orderId, dueInDays: 9 },
        { created: nowSeconds() - 50 },
      ),
    );
    const closed = disputeEvent(
      'charge.dispute.closed',
      { id, status: 'won', orderId },
      { created: nowSeconds() - 10 },
    );
    await send(closed);
    const [won] = (await listDisputes(t, team, `orderId=${orderId}`)).data;
    expect(won).toMatchObject({ state: 'won', days_left: null });
    expect(won?.closed_at).not.toBeNull();
    expect((await orderRow(t, orderId)).dispute_respond_by).toBeNull();

    const before = { ...(await stored()), activity: (await disputeEvents(t, orderId)).length };
    expect((await send(closed)).data.outcome).toBe('replayed');
    expect((await send(created)).data.outcome).toBe('replayed');
    expect({ ...(await stored()), activity: (await disputeEvents(t, orderId)).length }).toEqual(before);

    // Stripe may deliver an update late: it is recorded, but does not reopen the closed dispute.
    const late = disputeEvent(
      'charge.dispute.updated',
      { id, status: 'under_review', orderId },
      { created: nowSeconds() - 30 },
    );
    expect((await send(late)).data.outcome).toBe('stale');
    expect((await listDisputes(t, team, `orderId=${orderId}`)).data[0]?.state).toBe('won');
  });

  it('refuses a tampered body, a wrong secret, an old timestamp or no signature with 401, storing nothing', async () => {
    const orderId = await newOrder(t);
    const payload = JSON.stringify(
      disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response', orderId }),
    );
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
    const before = await stored();
    const attempts = [
      await post(payload.replace('"amount":3999', '"amount":1'), { header: signed }),
      await post(payload, { secret: 'whsec_someone_else_0000' }),
      await post(payload, { timestamp: nowSeconds() - 600 }),
      await post(payload, { header: null }),
      await post(payload, { header: 't=1,v1=abc' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: DISPUTE_MSG.badSignature });
    }
    expect(await stored()).toEqual(before);
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.New);
  });

  it('answers a signed but malformed dispute with 400 naming the field; other event types are acknowledged and ignored', async () => {
    const event = disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response' });
    const broken = { ...event, data: { object: { ...event.data.object, amount: 'lots' } } };
    const res = await post(JSON.stringify(broken));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toHaveProperty(['data.object.amount']);
    const before = await stored();
    const other = await send({ ...event, id: 'evt_other_1', type: 'charge.succeeded' });
    expect(other).toMatchObject({ message: DISPUTE_MSG.ignored, data: { outcome: 'ignored' } });
    expect(await stored()).toEqual(before);
  });
});

describeEachDialect('dispute intake: Stripe not configured', (dialect) => {
  it('refuses every event with 401 when STRIPE_WEBHOOK_SECRET is unset', async () => {
    const t = await buildTestApp(dialect);
    try {
      const payload = JSON.stringify(
        disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response' }),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: STRIPE_URL,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
        },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: DISPUTE_MSG.notConfigured });
    } finally {
      await t.close();
    }
  });
});

describeEachDialect('dispute intake: Stripe signature times', (dialect) => {
  /** The app's clock, years from the real one: the window is judged on it (DESIGN §22). */
  const NOW = Date.parse('2031-03-10T09:00:00.000Z');
  const T = Math.floor(NOW / 1000);
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, DISPUTE_ENV, { clockStart: NOW });
  });
  afterAll(() => t.close());
  const event = () =>
    JSON.stringify(disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response' }));

  it('refuses a signature more than 5 minutes older or newer than the app’s clock with 401, storing nothing', async () => {
    const before = await storedIntake(t);
    for (const at of [T - 6 * 60, T + 6 * 60, T + 365 * DAY, nowSeconds()]) {
      const res = await postStripe(t, event(), at);
      expect(res.statusCode, `signed ${at - T} s from the app's clock`).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: DISPUTE_MSG.badSignature });
    }
    // the package signs with the last `t=`: an earlier one in the window does not carry a future one
    const payload = event();
    const future = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: T + 3600 });
    const res = await t.app.inject({
      method: 'POST',
      url: STRIPE_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${T},${future}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(await storedIntake(t)).toEqual(before);
  });

  it('accepts a signature up to 4 minutes either side of the app’s clock', async () => {
    for (const at of [T - 4 * 60, T, T + 4 * 60]) {
      const res = await postStripe(t, event(), at);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.outcome).toBe('created');
    }
  });
});
