import { CLAIM_MSG, CLAIMS_CONTRACTS, MSG, ROLE, ROLES, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEventMap } from '../src/lib/domain-events.ts';
import { type ApiRefusal, api } from './api-client.ts';
import { assignAs, buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 2, 10, 9, 0, 0);
const daysAgo = (n: number) => new Date(START - n * DAY_MS).toISOString();

/** DESIGN §18 "Next order": POST /api/admin/next-order { folder }. */
describeEachDialect('next order', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let admin: Member;
  const { order, events, counts } = bulkHelpers(() => t);
  const next = (member: Member | null, payload: unknown) =>
    api.raw(t, CLAIMS_CONTRACTS.nextOrder, { body: payload }, member?.token ?? null);
  /** orders of one status, created `ages` days before START (oldest first when the ages fall) */
  const ordersIn = (status: string, ages: number[]) =>
    seedOrders(
      t,
      ages.map((age) => buildOrder({ process_status: status, created_at: daysAgo(age) })),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    admin = await createMember(t, ROLE.Admin, 'Alice Admin');
  });
  afterAll(() => t.close());

  it('claims the oldest free order of the folder for the caller, as Assign to me does, and answers its id', async () => {
    const [middle, oldest, newest] = (await ordersIn(STATUS.ProcessMarch, [20, 30, 10])) as [string, string, string];
    const changed: DomainEventMap['order.changed'][] = [];
    const off = t.app.ctx.events.subscribe('order.changed', (e) => void changed.push(e));
    const before = await counts(tara);

    const res = await next(tara, { folder: 'processMarchOrder' });
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: MSG.orderAssigned, data: { orderId: oldest } });
    const row = await order(oldest);
    expect(row.assigned_to).toBe(tara.id);
    expect(row.updated_at).toBe(new Date(START).toISOString());
    // the same row of the event log as a claim, and the same announcement (live stream, mail)
    expect(await events(oldest)).toEqual([
      { kind: 'assign', staff_id: tara.id, staff_name: 'Tara Team', from_value: null, to_value: 'Tara Team' },
    ]);
    expect(changed).toEqual([
      {
        orderDbId: Number(row.id),
        orderId: null,
        kind: 'assign',
        from: null,
        to: 'Tara Team',
        actor: { id: tara.id, name: 'Tara Team' },
      },
    ]);
    // the counters move as for any claim: one more in My Orders, the folder's count unchanged
    const after = await counts(tara);
    expect(after.myOrdersCount).toBe(before.myOrdersCount! + 1);
    expect(after.processMarchOrdersCount).toBe(before.processMarchOrdersCount);

    // The next one down, then nothing: the last is held by someone else.
    expect((await next(tara, { folder: 'processMarchOrder' })).json().data.orderId).toBe(middle);
    await assignAs(admin.token, t, [newest]);
    const none = await next(tara, { folder: 'processMarchOrder' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 0, message: CLAIM_MSG.noFreeOrders });
    expect((await order(newest)).assigned_to).toBe(admin.id);
  });

  it('takes the folder name as FOLDERS has it, in any case, and works New and Priority too', async () => {
    const [fresh] = (await ordersIn(STATUS.New, [400])) as [string];
    const [urgent] = (await ordersIn(STATUS.Priority, [400])) as [string];
    expect((await next(tara, { folder: 'NEWORDER' })).json().data).toEqual({ orderId: fresh });
    expect((await next(tara, { folder: 'priorityOrder' })).json().data).toEqual({ orderId: urgent });
  });

  it('is open to every staff type: whoever may assign orders in these folders', async () => {
    for (const type of ROLES) {
      const member = await createMember(t, type);
      const [id] = (await ordersIn(STATUS.New, [500])) as [string];
      const res = await next(member, { folder: 'newOrder' });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().data.orderId, type).toBe(id);
    }
  });

  it('refuses any other folder, a missing one and unknown keys (400 naming the field), and no token (401)', async () => {
    for (const folder of ['pendingorder', 'myOrder', 'allorder', 'awaitingorder', 'nope', '', 42]) {
      const res = await next(tara, { folder });
      expect(res.statusCode, String(folder)).toBe(400);
      expect(res.json()).toMatchObject({
        status: 0,
        message: CLAIM_MSG.nextOrderFolder,
        data: { errors: { folder: CLAIM_MSG.nextOrderFolder } },
      });
    }
    expect((await next(tara, {})).json<ApiRefusal>().data.errors.folder).toBe(CLAIM_MSG.nextOrderFolder);
    expect((await next(tara, { folder: 'newOrder', assignto: 'Tara Team' })).statusCode).toBe(400);
    const anonymous = await next(null, { folder: 'newOrder' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
  });

  it('never gives one order to two members: six members racing, each claim different, then the 404', async () => {
    // Priority orders older than every other of the folder, so the race is over exactly these.
    const ids = await ordersIn(
      STATUS.Priority,
      Array.from({ length: 14 }, (_, i) => 1000 + i),
    );
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => createMember(t, ROLE.Team, `Racer ${i}`)));
    const calls = members.flatMap((member) =>
      Array.from({ length: 4 }, () => next(member, { folder: 'priorityOrder' }).then((res) => ({ member, res }))),
    );
    const results = await Promise.all(calls);

    const won = results.filter((r) => r.res.statusCode === 200);
    const lost = results.filter((r) => r.res.statusCode !== 200);
    expect(won).toHaveLength(14);
    const claimed = won.map((r) => r.res.json().data.orderId as string);
    expect(new Set(claimed).size).toBe(14);
    expect([...claimed].sort()).toEqual([...ids].sort());
    for (const r of lost) {
      expect(r.res.statusCode).toBe(404);
      expect(r.res.json().message).toBe(CLAIM_MSG.noFreeOrders);
    }
    // each order is held by the member it was given to, with one assign event: none twice
    for (const r of won) {
      const id = r.res.json().data.orderId as string;
      expect((await order(id)).assigned_to).toBe(r.member.id);
      expect((await events(id)).map((e) => [e.kind, e.staff_id])).toEqual([['assign', r.member.id]]);
    }
  });
});
