import {
  bulkMoveMessage,
  DETAIL_MSG,
  heldMessage,
  movedMessage,
  moveRefusalMessage,
  ORDERS_CONTRACTS,
  type OrderStatus,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { assignAs, buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §23 "Bulk moves": PUT /api/admin/move-order-status with `orderId` as a list. */
describeEachDialect('bulk moves', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let hal: Member;
  let manager: Member;
  const { order, events } = bulkHelpers(() => t);
  const move = (member: Member | null, orderId: unknown, updatingStatus: string) =>
    api.raw(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus } }, member?.token ?? null);
  const seed = (statuses: OrderStatus[]) =>
    seedOrders(
      t,
      statuses.map((process_status) => buildOrder({ process_status })),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    hal = await createMember(t, ROLE.Team, 'Hal Team');
    manager = await createMember(t, ROLE.Manager, 'Max Manager');
  });
  afterAll(() => t.close());

  it('moves every order the rules allow and reports each refusal with its reason', async () => {
    const [fromNew, fromAwaiting, fromPending, alreadyThere, heldByHal, mine] = (await seed([
      STATUS.New,
      STATUS.Awaiting,
      STATUS.Pending,
      STATUS.AwaitingGovt,
      STATUS.Priority,
      STATUS.ProcessMarch,
    ])) as string[];
    await assignAs(hal.token, t, [heldByHal as string]);
    await assignAs(tara.token, t, [mine as string]);
    const ids = [fromNew, fromAwaiting, fromPending, alreadyThere, heldByHal, 'UKETA-NOPE-9', mine];
    const res = await move(tara, ids, 'AwaitingGovt');
    expect(res.statusCode).toBe(200);
    const refused = [
      { orderId: fromPending, reason: moveRefusalMessage('notFromHere', STATUS.Pending, STATUS.AwaitingGovt) },
      { orderId: alreadyThere, reason: moveRefusalMessage('sameStatus', STATUS.AwaitingGovt, STATUS.AwaitingGovt) },
      { orderId: heldByHal, reason: heldMessage('Hal Team') },
      { orderId: 'UKETA-NOPE-9', reason: DETAIL_MSG.orderNotFound },
    ];
    expect(res.json()).toEqual({
      status: 1,
      message: bulkMoveMessage(3, refused as { orderId: string; reason: string }[], STATUS.AwaitingGovt),
      data: { moved: [fromNew, fromAwaiting, mine], refused },
    });
    expect(res.json().message).toContain('3 of 7 orders moved to Awaiting Govt. Refused:');
    for (const [id, status] of [
      [fromNew, STATUS.AwaitingGovt],
      [fromAwaiting, STATUS.AwaitingGovt],
      [mine, STATUS.AwaitingGovt],
      [fromPending, STATUS.Pending],
      [alreadyThere, STATUS.AwaitingGovt],
      [heldByHal, STATUS.Priority],
    ] as const) {
      expect((await order(id as string)).process_status, id).toBe(status);
    }
    // each move is logged as the detail's move logs it; nothing for a refused one
    expect((await events(fromNew as string)).map((e) => [e.kind, e.from_value, e.to_value])).toEqual([
      ['status', STATUS.New, STATUS.AwaitingGovt],
    ]);
    expect(await events(fromPending as string)).toEqual([]);
  });

  it('attributes Completed as the detail does, and a Manager moves orders another member holds', async () => {
    const [a, b] = (await seed([STATUS.New, STATUS.Awaiting])) as string[];
    await assignAs(hal.token, t, [a as string]);
    const res = await move(manager, [a, b], 'Completed');
    expect(res.json()).toMatchObject({
      status: 1,
      message: '2 orders moved to Completed.',
      data: { moved: [a, b], refused: [] },
    });
    expect((await order(a as string)).processed_by).toBe(manager.id);
    expect((await order(b as string)).processed_by).toBe(manager.id);
  });

  it('refuses Deleted to a member without orders.delete, order by order (409 when none moved)', async () => {
    const [a, b] = (await seed([STATUS.New, STATUS.Pending])) as string[];
    const res = await move(tara, [a, b], 'Deleted');
    expect(res.statusCode).toBe(409);
    const reason = moveRefusalMessage('forbidden', STATUS.New, STATUS.Deleted);
    expect(res.json()).toEqual({
      status: 0,
      message: bulkMoveMessage(
        0,
        [
          { orderId: a as string, reason },
          { orderId: b as string, reason },
        ],
        STATUS.Deleted,
      ),
      data: {
        moved: [],
        refused: [
          { orderId: a, reason },
          { orderId: b, reason },
        ],
      },
    });
    expect((await order(a as string)).process_status).toBe(STATUS.New);
  });

  it('answers 404 when no order exists, and a list of one as a list', async () => {
    const none = await move(tara, ['UKETA-NOPE-1', 'UKETA-NOPE-2'], 'Rejected');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      bulkMoveMessage(
        0,
        [
          { orderId: 'UKETA-NOPE-1', reason: DETAIL_MSG.orderNotFound },
          { orderId: 'UKETA-NOPE-2', reason: DETAIL_MSG.orderNotFound },
        ],
        STATUS.Rejected,
      ),
    );
    const [one] = (await seed([STATUS.New])) as string[];
    expect((await move(tara, [one], 'Rejected')).json()).toEqual({
      status: 1,
      message: '1 order moved to Rejected.',
      data: { moved: [one], refused: [] },
    });
  });

  it('keeps the single id reply exactly as before (SPEC §7)', async () => {
    const [one] = (await seed([STATUS.New])) as string[];
    expect((await move(tara, one, 'Rejected')).json()).toEqual({
      status: 1,
      message: movedMessage(STATUS.Rejected),
      data: { order_id: one, from: STATUS.New, to: STATUS.Rejected },
    });
  });

  it('refuses a bad list (400 naming orderId), an empty one, and no token (401)', async () => {
    for (const orderId of [[], ['!'], [42], Array.from({ length: 501 }, (_, i) => `UKETA-${i + 100}`)]) {
      const res = await move(tara, orderId, 'Rejected');
      expect(res.statusCode, JSON.stringify(orderId).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json<ApiRefusal>().data.errors)).toEqual(['orderId']);
    }
    expect((await move(null, ['UKETA-1'], 'Rejected')).statusCode).toBe(401);
  });
});
