import {
  DETAIL_CONTRACTS,
  FOLLOW_UP_CONTRACTS,
  FOLLOW_UP_MSG,
  ORDERS_CONTRACTS,
  type OrderListItem,
  ROLE,
  ROLES,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { folderCountsOfMany } from '../src/modules/orders/index.ts';
import { api } from './api-client.ts';
import { buildOrder, bulkHelpers, INGEST_KEY, listAll, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY_MS = 86_400_000;
/** 10 March 2026, 23:30 UTC: half an hour before the 11th's follow-ups come due */
const START = Date.UTC(2026, 2, 10, 23, 30, 0);

/** DESIGN §18: follow-up dates on Awaiting Customer and Awaiting Govt, and their due counts. */
describeEachDialect('follow-up dates', (dialect) => {
  let t: TestApp;
  let tara: Member;
  const { order, events, counts } = bulkHelpers(() => t);
  const followUp = (member: Member | null, payload: unknown) =>
    api.raw(t, FOLLOW_UP_CONTRACTS.followUp, { body: payload }, member?.token ?? null);
  const ordersIn = (status: string, n: number) =>
    seedOrders(
      t,
      Array.from({ length: n }, () => buildOrder({ process_status: status })),
    );
  const detail = async (orderId: string) =>
    (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara)).json().data;
  const due = async () => {
    const c = await counts(tara);
    return [c.awaitingFollowUpDueCount, c.awaitingGovtFollowUpDueCount];
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  it('sets and clears the date on an order in Awaiting Customer, each an Activity event, shown in list and detail', async () => {
    const [id] = (await ordersIn(STATUS.Awaiting, 1)) as [string];
    const set = await followUp(tara, { orderId: id, followUpOn: '2026-03-12' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      status: 1,
      message: FOLLOW_UP_MSG.set,
      data: { order_id: id, follow_up_on: '2026-03-12' },
    });
    expect((await detail(id)).follow_up_on).toBe('2026-03-12');
    const rows: OrderListItem[] = (await listAll(t, tara.token, 'awaitingorder')).json().data;
    expect(rows.find((r) => r.order_id === id)?.follow_up_on).toBe('2026-03-12');

    // the same day again changes nothing; another day is a change from the first
    await followUp(tara, { orderId: id, followUpOn: '2026-03-12' });
    await followUp(tara, { orderId: id, followUpOn: '2026-03-14' });
    const cleared = await followUp(tara, { orderId: id, followUpOn: null });
    expect(cleared.json()).toEqual({
      status: 1,
      message: FOLLOW_UP_MSG.cleared,
      data: { order_id: id, follow_up_on: null },
    });
    expect((await order(id)).follow_up_on).toBeNull();
    const by = { staff_id: tara.id, staff_name: 'Tara Team' };
    expect(await events(id)).toEqual([
      { kind: 'follow_up', ...by, from_value: null, to_value: '2026-03-12' },
      { kind: 'follow_up', ...by, from_value: '2026-03-12', to_value: '2026-03-14' },
      { kind: 'follow_up', ...by, from_value: '2026-03-14', to_value: null },
    ]);
    expect((await detail(id)).events.map((e: { kind: string }) => e.kind)).toContain('follow_up');
  });

  it('is open to every staff type on Awaiting Govt too', async () => {
    for (const type of ROLES) {
      const member = await createMember(t, type);
      const [id] = (await ordersIn(STATUS.AwaitingGovt, 1)) as [string];
      const res = await followUp(member, { orderId: id, followUpOn: '2026-04-01' });
      expect(res.statusCode, type).toBe(200);
      await followUp(member, { orderId: id, followUpOn: null });
    }
  });

  it('refuses other statuses (409), unknown orders (404), bad dates and bodies (400) and no token (401)', async () => {
    const [fresh] = (await ordersIn(STATUS.New, 1)) as [string];
    const [waiting] = (await ordersIn(STATUS.Awaiting, 1)) as [string];
    const wrong = await followUp(tara, { orderId: fresh, followUpOn: '2026-03-12' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ status: 0, message: FOLLOW_UP_MSG.wrongStatus });
    expect((await order(fresh)).follow_up_on).toBeNull();

    const unknown = await followUp(tara, { orderId: 'UKETA-99999999', followUpOn: '2026-03-12' });
    expect(unknown.statusCode).toBe(404);

    for (const followUpOn of ['2026-02-30', '12-03-2026', '2026-03-12T10:00:00Z', '', 20260312, undefined]) {
      const res = await followUp(tara, { orderId: waiting, followUpOn });
      expect(res.statusCode, String(followUpOn)).toBe(400);
      expect(res.json()).toMatchObject({
        message: FOLLOW_UP_MSG.date,
        data: { errors: { followUpOn: FOLLOW_UP_MSG.date } },
      });
    }
    expect((await followUp(tara, { orderId: 'x', followUpOn: null })).statusCode).toBe(400);
    expect((await followUp(tara, { orderId: waiting, followUpOn: null, note: 'x' })).statusCode).toBe(400);
    expect((await followUp(null, { orderId: waiting, followUpOn: null })).statusCode).toBe(401);
  });

  it('counts the due ones beside their folders as the days come (UTC), and only while in those statuses', async () => {
    expect(await due()).toEqual([0, 0]);
    const [soon, later] = (await ordersIn(STATUS.Awaiting, 2)) as [string, string];
    const [govt] = (await ordersIn(STATUS.AwaitingGovt, 1)) as [string];
    await followUp(tara, { orderId: soon, followUpOn: '2026-03-11' });
    await followUp(tara, { orderId: later, followUpOn: '2026-03-12' });
    await followUp(tara, { orderId: govt, followUpOn: '2026-03-10' });
    expect(await due()).toEqual([0, 1]);

    t.advance(30 * 60_000); // midnight: the 11th has come
    expect(await due()).toEqual([1, 1]);
    t.advance(DAY_MS);
    expect(await due()).toEqual([2, 1]);

    // moved on (to Completed), the order no longer counts; cleared, neither
    const moved = await api(
      t,
      ORDERS_CONTRACTS.move,
      { body: { orderId: later, updatingStatus: STATUS.Completed } },
      tara,
    );
    expect(moved.statusCode).toBe(200);
    await followUp(tara, { orderId: govt, followUpOn: null });
    expect(await due()).toEqual([1, 0]);
    // the live stream's counts (one read for every open stream) carry them too
    const live = (await folderCountsOfMany(t.app.ctx, [tara])).get(tara.id);
    expect(live).toMatchObject({ awaitingFollowUpDueCount: 1, awaitingGovtFollowUpDueCount: 0 });
  });
});
