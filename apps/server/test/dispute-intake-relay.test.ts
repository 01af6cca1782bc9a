import { DISPUTE_MSG, STATUS } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { relaySignature } from '../src/modules/disputes/relay-intake.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { DISPUTE_ENV, disputeId, listDisputes, RELAY_SECRET, RELAY_URL } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** The app's clock; signatures are made against it. */
const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const T = Math.floor(NOW / 1000);
let seq = 0;

function relayEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    eventId: `ev-${seq}-${disputeId('')}`,
    processor: 'adyen',
    processorDisputeId: disputeId('ady-'),
    reasonCode: '4837',
    amount: '49.50',
    currency: 'EUR',
    openedAt: '2030-06-14T09:00:00Z',
    stage: 'chargeback',
    ...overrides,
  };
}

describeEachDialect('dispute intake: the signed relay', (dialect) => {
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV }, { clockStart: NOW });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  const post = (raw: string, signature: string | null = `t=${T},v1=${relaySignature(RELAY_SECRET, T, raw)}`) =>
    t.app.inject({
      method: 'POST',
      url: RELAY_URL,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
      payload: raw,
    }) as Promise<LightMyRequestResponse>;
  const send = async (body: object) => {
    const res = await post(JSON.stringify(body));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const count = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('disputes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a dispute from a signed event, estimating the deadline from the network when none is sent', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed });
    const event = relayEvent({ orderId });
    expect(await send(event)).toMatchObject({ status: 1, data: { outcome: 'created', matched: true } });
    const [dispute] = (await listDisputes(t, team, `orderId=${orderId}`)).data;
    expect(dispute).toMatchObject({
      processor: 'adyen',
      processor_dispute_id: event.processorDisputeId,
      reason_category: 'fraud',
      amount_minor: 4950,
      currency: 'EUR',
      opened_at: '2030-06-14T09:00:00.000Z',
      // Mastercard gives 45 days
      respond_by: '2030-07-29T23:59:59.999Z',
      respond_by_estimated: true,
      state: 'needs_response',
      source: 'relay',
    });
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ChargeBack);
  });

  it('matches by transaction id, keeps an unknown order unmatched with 200, and a processor date replaces an estimate', async () => {
    const orderId = await newOrder(t, { transaction_id: 'psp-ref-77' });
    const event = relayEvent({ transactionId: 'psp-ref-77' });
    expect((await send(event)).data.matched).toBe(true);
    const update = relayEvent({
      processorDisputeId: event.processorDisputeId,
      transactionId: 'psp-ref-77',
      respondBy: '2030-06-25',
      state: 'needs_response',
    });
    expect((await send(update)).data.outcome).toBe('updated');
    const [dispute] = (await listDisputes(t, team, `orderId=${orderId}`)).data;
    expect(dispute).toMatchObject({ respond_by: '2030-06-25T23:59:59.999Z', respond_by_estimated: false });

    const stray = await send(relayEvent({ orderId: 'NOT-OURS-1', paymentReference: 'nowhere' }));
    expect(stray).toMatchObject({ message: DISPUTE_MSG.unmatched, data: { outcome: 'created', matched: false } });
    expect((await listDisputes(t, team, 'unmatched=1')).data.some((d) => d.order_ref === 'NOT-OURS-1')).toBe(true);
  });

  it('changes nothing on a replay of the same event id', async () => {
    const event = relayEvent({ orderId: await newOrder(t) });
    await send(event);
    const before = await count();
    expect(await send({ ...event, state: 'won' })).toMatchObject({
      message: DISPUTE_MSG.replayed,
      data: { outcome: 'replayed' },
    });
    expect(await count()).toBe(before);
    const [dispute] = (await listDisputes(t, team, `orderId=${event.orderId}`)).data;
    expect(dispute?.state).toBe('needs_response');
  });

  it('refuses a tampered body, a foreign secret, a stale or future time and a missing or malformed header with 401', async () => {
    const raw = JSON.stringify(relayEvent({ orderId: await newOrder(t) }));
    const sign = (secret: string, t0: number, body = raw) => `t=${t0},v1=${relaySignature(secret, t0, body)}`;
    const before = await count();
    const attempts = [
      await post(raw.replace('49.50', '4.95'), sign(RELAY_SECRET, T)),
      await post(raw, sign('another-secret-0123456789', T)),
      await post(raw, sign(RELAY_SECRET, T - 301)),
      await post(raw, sign(RELAY_SECRET, T + 301)),
      await post(raw, null),
      await post(raw, 'sha256=abc'),
      await post(raw, `t=${T}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: DISPUTE_MSG.badSignature });
    }
    expect(await count()).toBe(before);
    // within the five minutes either side: accepted
    expect((await post(raw, sign(RELAY_SECRET, T - 299))).statusCode).toBe(200);
  });

  it('keeps one dispute when two events about a new dispute arrive at once', async () => {
    const orderId = await newOrder(t);
    const first = relayEvent({ orderId });
    const second = relayEvent({ orderId, processorDisputeId: first.processorDisputeId, state: 'under_review' });
    const results = await Promise.all([send(first), send(second)]);
    expect(results.map((r) => r.data.outcome).sort()).toEqual(['created', 'updated']);
    const { data } = await listDisputes(t, team, `orderId=${orderId}`);
    expect(data).toHaveLength(1);
    expect(data[0]?.processor_dispute_id).toBe(first.processorDisputeId);
  });

  it('answers a signed malformed body with 400 naming the field, and stores nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ processorDisputeId: undefined }, 'processorDisputeId'],
      [{ processor: 'visa' }, 'processor'],
      [{ amount: -3 }, 'amount'],
      [{ openedAt: 'yesterday' }, 'openedAt'],
      [{ stage: 'final' }, 'stage'],
      [{ surprise: true }, 'surprise'],
    ];
    for (const [override, field] of cases) {
      const res = await post(JSON.stringify(relayEvent(override)));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().data.errors, JSON.stringify(override)).toHaveProperty([field]);
    }
    const notJson = await post('{"eventId": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The request body is not valid JSON.');
    expect(await count()).toBe(before);
  });
});
