import {
  DETAIL_CONTRACTS,
  DISPUTE_MSG,
  DISPUTES_CONTRACTS,
  type DisputeRecord,
  ORDER_EVENT,
  ORDERS_CONTRACTS,
  ROLE,
  ROLES,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { DISPUTE_ENV, DISPUTES_URL, disputeEvents, listDisputes, openBody, openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** The app's clock stands here, so days left are exact. */
const NOW = Date.parse('2030-06-15T12:00:00.000Z');

describeEachDialect('disputes: staff routes', (dialect) => {
  let t: TestApp;
  let members: Record<string, Member>;
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV }, { clockStart: NOW });
    members = {};
    for (const type of ROLES) members[type] = await createMember(t, type);
    team = members[ROLE.Team] as Member;
  });
  afterAll(() => t.close());

  it('opens a dispute: 201 with the record, the order moves to ChargeBack, Activity says both', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed });
    const res = await api(
      t,
      DISPUTES_CONTRACTS.open,
      { body: openBody(orderId, { processorDisputeId: 'dp_open_1' }) },
      team,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, message: DISPUTE_MSG.opened });
    const dispute = res.json().data as DisputeRecord;
    expect(dispute).toMatchObject({
      order_id: orderId,
      processor: 'stripe',
      processor_dispute_id: 'dp_open_1',
      reason_code: '10.4',
      reason_category: 'fraud',
      amount_minor: 3999,
      currency: 'GBP',
      opened_at: '2030-06-01T00:00:00.000Z',
      respond_by: '2030-06-20T23:59:59.999Z',
      respond_by_estimated: false,
      days_left: 6,
      stage: 'chargeback',
      state: 'needs_response',
      source: 'staff',
      closed_at: null,
    });
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ChargeBack);
    expect((await orderRow(t, orderId)).dispute_respond_by).toBe('2030-06-20T23:59:59.999Z');
    const events = await disputeEvents(t, orderId);
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ kind: ORDER_EVENT.disputeOpened, to_value: 'Stripe dp_open_1', staff_name: team.name }),
      expect.objectContaining({ kind: ORDER_EVENT.status, from_value: STATUS.Completed, to_value: STATUS.ChargeBack }),
    ]);
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    expect(detail.disputes).toEqual([dispute]);
  });

  it('keeps an order already in ChargeBack there, and an order may have several disputes', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.ChargeBack });
    await openDispute(t, team, orderId, { respondBy: '2030-06-30' });
    await openDispute(t, team, orderId, { processor: 'paypal', respondBy: '2030-06-17' });
    const events = await disputeEvents(t, orderId);
    expect(events.filter((e) => e.kind === ORDER_EVENT.status)).toHaveLength(0);
    expect(events.filter((e) => e.kind === ORDER_EVENT.disputeOpened)).toHaveLength(2);
    // the queue's deadline is the earliest of the disputes that need a response
    expect((await orderRow(t, orderId)).dispute_respond_by).toBe('2030-06-17T23:59:59.999Z');
    const { data } = await listDisputes(t, team, `orderId=${orderId}`);
    expect(data.map((d) => d.processor)).toEqual(['paypal', 'stripe']);
  });

  it('fills the category from the reason code and estimates a missing deadline, marked as estimated', async () => {
    const orderId = await newOrder(t);
    const mc = await openDispute(t, team, orderId, {
      reasonCode: '4853',
      respondBy: undefined,
      openedAt: '2030-06-10',
    });
    expect(mc).toMatchObject({
      reason_category: 'not_as_described',
      // Mastercard's usual 45 days, to the end of that day
      respond_by: '2030-07-25T23:59:59.999Z',
      respond_by_estimated: true,
    });
    const amex = await openDispute(t, team, orderId, { reasonCode: 'c08', reasonCategory: 'general', respondBy: null });
    expect(amex).toMatchObject({ reason_category: 'general', respond_by: '2030-06-21T23:59:59.999Z' });
    const unknown = await openDispute(t, team, orderId, {
      reasonCode: 'odd-code',
      respondBy: null,
      openedAt: '2030-06-10',
    });
    expect(unknown).toMatchObject({ reason_category: 'general', respond_by: '2030-06-17T23:59:59.999Z' });
  });

  it('refuses bad input with 400 naming the field, and a second dispute with the same processor id with 409', async () => {
    const orderId = await newOrder(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ processor: 'visa' }, 'processor'],
      [{ processorDisputeId: '  ' }, 'processorDisputeId'],
      [{ reasonCode: '' }, 'reasonCode'],
      [{ reasonCategory: 'angry' }, 'reasonCategory'],
      [{ amount: -1 }, 'amount'],
      [{ amount: '12.345' }, 'amount'],
      [{ currency: 'pounds' }, 'currency'],
      [{ openedAt: '2030-02-30' }, 'openedAt'],
      [{ respondBy: 'next week' }, 'respondBy'],
      [{ stage: 'final' }, 'stage'],
      [{ orderId: 'x' }, 'orderId'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [override, field] of cases) {
      const res = await call(t, 'POST', DISPUTES_URL, team.token, { ...openBody(orderId), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().data.errors, JSON.stringify(override)).toHaveProperty(field);
    }
    const shape = await call(t, 'POST', DISPUTES_URL, team.token, { ...openBody(orderId), amount: '49.999' });
    expect(shape.json().message).toBe('amount must be a number of at least 0, with at most 2 decimals.');
    const taken = await openDispute(t, team, orderId);
    const again = await api(
      t,
      DISPUTES_CONTRACTS.open,
      { body: openBody(orderId, { processorDisputeId: taken.processor_dispute_id }) },
      team,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 0, message: DISPUTE_MSG.duplicate });
    const missing = await api(t, DISPUTES_CONTRACTS.open, { body: openBody('UKETA-99999999') }, team);
    expect(missing.statusCode).toBe(404);
  });

  it('changes stage, state, deadline, note and evidence; each change is an Activity event; closing clears the deadline', async () => {
    const orderId = await newOrder(t);
    const dispute = await openDispute(t, team, orderId, { respondBy: '2030-06-16' });
    const put = (body: object, member: Member = team) =>
      api(t, DISPUTES_CONTRACTS.update, { params: { id: dispute.id }, body }, member);

    const evidence = await put({ evidenceSubmittedAt: '2030-06-15T10:00:00Z', note: 'Sent the pack' });
    expect(evidence.statusCode, evidence.body).toBe(200);
    // evidence sent: the dispute waits on the processor now
    expect(evidence.json().data).toMatchObject({ state: 'under_review', note: 'Sent the pack', days_left: null });
    expect((await orderRow(t, orderId)).dispute_respond_by).toBeNull();

    const moved = await put({ stage: 'pre_arbitration', state: 'needs_response', respondBy: '2030-07-01' });
    expect(moved.json().data).toMatchObject({ stage: 'pre_arbitration', state: 'needs_response', days_left: 17 });
    expect((await orderRow(t, orderId)).dispute_respond_by).toBe('2030-07-01T23:59:59.999Z');

    const won = await put({ state: 'won', note: null });
    expect(won.json().data).toMatchObject({ state: 'won', note: null, closed_at: new Date(NOW).toISOString() });
    expect((await orderRow(t, orderId)).dispute_respond_by).toBeNull();

    const changes = (await disputeEvents(t, orderId)).filter((e) => e.kind === ORDER_EVENT.disputeChanged);
    expect(changes.map((e) => [e.detail?.split(' · ')[0], e.from_value, e.to_value])).toEqual([
      ['State', 'Needs response', 'Under review'],
      ['Note', null, 'Sent the pack'],
      ['Evidence submitted', null, '2030-06-15'],
      ['Stage', 'Chargeback', 'Pre-arbitration'],
      ['State', 'Under review', 'Needs response'],
      ['Respond by', '2030-06-16', '2030-07-01'],
      ['State', 'Needs response', 'Won'],
      ['Note', 'Sent the pack', null],
    ]);
    // the same values again: nothing to log
    await put({ state: 'won' });
    expect((await disputeEvents(t, orderId)).filter((e) => e.kind === ORDER_EVENT.disputeChanged)).toHaveLength(8);
  });

  it('refuses an empty change, an unknown dispute and bad values', async () => {
    const orderId = await newOrder(t);
    const dispute = await openDispute(t, team, orderId);
    const empty = await api(t, DISPUTES_CONTRACTS.update, { params: { id: dispute.id }, body: {} }, team);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DISPUTE_MSG.nothingToChange);
    const state = await call(t, 'PUT', `${DISPUTES_URL}/${dispute.id}`, team.token, { state: 'closed' });
    expect(state.statusCode).toBe(400);
    expect(state.json().data.errors).toHaveProperty('state');
    expect(
      (await api(t, DISPUTES_CONTRACTS.update, { params: { id: '999999' }, body: { state: 'won' } }, team)).statusCode,
    ).toBe(404);
    expect(
      (await api(t, DISPUTES_CONTRACTS.update, { params: { id: 'abc' }, body: { state: 'won' } }, team)).statusCode,
    ).toBe(400);
    expect((await api(t, DISPUTES_CONTRACTS.one, { params: { id: '999999' } }, team)).statusCode).toBe(404);
    const one = await api(t, DISPUTES_CONTRACTS.one, { params: { id: dispute.id } }, team);
    expect(one.json().data).toEqual({ ...dispute, ce3: { eligible: false, matches: [] } });
  });

  it('lists soonest deadline first with filters and an exact total', async () => {
    const orderId = await newOrder(t);
    const late = await openDispute(t, team, orderId, { processor: 'adyen', respondBy: '2030-08-01' });
    const soon = await openDispute(t, team, orderId, { processor: 'adyen', respondBy: '2030-06-14' });
    const page = await listDisputes(t, team, 'processor=adyen&limit=1');
    expect(page.total).toBe(2);
    expect(page.data.map((d) => d.id)).toEqual([soon.id]);
    expect(page.data[0]?.days_left).toBe(-1);
    const second = await listDisputes(t, team, 'processor=adyen&limit=1&page=2');
    expect(second.data.map((d) => d.id)).toEqual([late.id]);
    const due = await listDisputes(t, team, 'processor=adyen&dueBefore=2030-06-18&state=needs_response');
    expect(due.data.map((d) => d.id)).toEqual([soon.id]);
    for (const query of [
      'state=open',
      'processor=visa',
      'dueBefore=soon',
      'unmatched=yes',
      'limit=501',
      'page=0',
      'x=1',
    ]) {
      const res = await call(t, 'GET', `${DISPUTES_URL}?${query}`, team.token);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('links an unmatched dispute to its order once; linking it elsewhere is 409', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed });
    const at = new Date(NOW).toISOString();
    const { id } = await t.app.ctx.db
      .insertInto('disputes')
      .values({
        order_key: null,
        processor: 'solidgate',
        processor_dispute_id: 'sg-1',
        reason_code: '13.1',
        reason_category: 'not_received',
        amount_minor: 1000,
        currency: 'EUR',
        opened_at: at,
        respond_by: '2030-06-25T23:59:59.999Z',
        respond_by_estimated: 0,
        stage: 'chargeback',
        state: 'needs_response',
        source: 'relay',
        order_ref: 'their-ref',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unmatched = await listDisputes(t, team, 'unmatched=1');
    expect(unmatched.data.map((d) => d.id)).toContain(Number(id));
    const linked = await api(t, DISPUTES_CONTRACTS.update, { params: { id }, body: { orderId } }, team);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ order_id: orderId, order_ref: 'their-ref' });
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ChargeBack);
    expect((await orderRow(t, orderId)).dispute_respond_by).toBe('2030-06-25T23:59:59.999Z');
    expect((await disputeEvents(t, orderId)).map((e) => e.kind).slice(-2)).toEqual([
      ORDER_EVENT.disputeOpened,
      ORDER_EVENT.status,
    ]);
    expect((await listDisputes(t, team, 'unmatched=1')).data.map((d) => d.id)).not.toContain(Number(id));
    const other = await newOrder(t);
    const twice = await api(t, DISPUTES_CONTRACTS.update, { params: { id }, body: { orderId: other } }, team);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DISPUTE_MSG.alreadyLinked);
    const unknown = await api(
      t,
      DISPUTES_CONTRACTS.update,
      { params: { id }, body: { orderId: 'UKETA-12345678' } },
      team,
    );
    expect(unknown.statusCode).toBe(409);
  });

  it('sorts the ChargeBack queue by the soonest deadline first by default, orders without one last', async () => {
    const [a, b, c] = [await newOrder(t), await newOrder(t), await newOrder(t)];
    await openDispute(t, team, a, { respondBy: '2030-06-29' });
    await openDispute(t, team, b, { respondBy: '2030-06-16' });
    await openDispute(t, team, c, { respondBy: '2030-06-22' });
    const res = await api(
      t,
      ORDERS_CONTRACTS.list,
      { params: { orderName: 'chargeBack' }, query: { limit: '500' } },
      team,
    );
    const rows = res.json().data as { order_id: string; respond_by: string | null }[];
    const ours = rows.filter((r) => [a, b, c].includes(r.order_id)).map((r) => r.order_id);
    expect(ours).toEqual([b, c, a]);
    const deadlines = rows.map((r) => r.respond_by);
    const firstNull = deadlines.indexOf(null);
    expect(deadlines.slice(0, firstNull === -1 ? undefined : firstNull)).toEqual(
      [...deadlines.slice(0, firstNull === -1 ? undefined : firstNull)].sort(),
    );
    if (firstNull !== -1) expect(deadlines.slice(firstNull).every((d) => d === null)).toBe(true);
    // a member's own sort still wins
    const newest = await api(
      t,
      ORDERS_CONTRACTS.list,
      { params: { orderName: 'chargeBack' }, query: { limit: '500', sort: 'created_at' } },
      team,
    );
    const created = (newest.json().data as { created_at: string }[]).map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('answers 401 without a token, lets every staff type work disputes', async () => {
    const orderId = await newOrder(t);
    expect((await api(t, DISPUTES_CONTRACTS.list, {})).statusCode).toBe(401);
    expect((await api(t, DISPUTES_CONTRACTS.open, { body: openBody(orderId) })).statusCode).toBe(401);
    expect((await api(t, DISPUTES_CONTRACTS.update, { params: { id: '1' }, body: { state: 'won' } })).statusCode).toBe(
      401,
    );
    expect((await api(t, DISPUTES_CONTRACTS.one, { params: { id: '1' } })).statusCode).toBe(401);
    for (const type of ROLES) {
      const member = members[type] as Member;
      const opened = await openDispute(t, member, orderId);
      const res = await api(t, DISPUTES_CONTRACTS.update, { params: { id: opened.id }, body: { note: type } }, member);
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('keeps the hold rule: Team cannot open a dispute on a New order another member holds', async () => {
    const orderId = await newOrder(t);
    const other = await createMember(t, ROLE.Team);
    await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [orderId] } }, other);
    const res = await api(t, DISPUTES_CONTRACTS.open, { body: openBody(orderId) }, team);
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.New);
    const manager = members[ROLE.Manager] as Member;
    expect((await api(t, DISPUTES_CONTRACTS.open, { body: openBody(orderId) }, manager)).statusCode).toBe(201);
  });
});
