import { CLAIM_MSG, CLAIMS_CONTRACTS, MSG, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const START = Date.UTC(2026, 2, 10, 9, 0, 0);
const hoursFromStart = (h: number) => new Date(START + h * 3_600_000).toISOString();

/** DESIGN §23 "The most urgent order next": POST /api/admin/next-order { folder: 'urgent' }. */
describeEachDialect('next order: the most urgent', (dialect) => {
  let t: TestApp;
  let tara: Member;
  const { order, events } = bulkHelpers(() => t);
  const next = (member: Member, folder = 'urgent') => api(t, CLAIMS_CONTRACTS.nextOrder, { body: { folder } }, member);
  /** one order per entry: its status, due date (hours from START, null: none) and arrival */
  const seed = async (specs: { status: string; due: number | null; arrived: number }[]) => {
    const ids = await seedOrders(
      t,
      specs.map((s) => buildOrder({ process_status: s.status, created_at: hoursFromStart(s.arrived) })),
    );
    for (const [i, id] of ids.entries()) {
      const due = specs[i]?.due;
      await t.app.ctx.db
        .updateTable('orders')
        .set({ sla_due_at: due === null || due === undefined ? null : hoursFromStart(due) })
        .where('order_id', '=', id)
        .execute();
    }
    return ids;
  };
  /** leaves no free order of the three statuses behind a case */
  const drain = async (member: Member) => {
    while ((await next(member)).statusCode === 200);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  it('claims the free order due soonest across New, Priority and Process 5th March, then by arrival', async () => {
    const hal = await createMember(t, ROLE.Team, 'Hal Team');
    const [overdueStandard, dueInAnHour, heldSooner, march, sameDueLater, sameDueEarlier, noDue, pending] = (await seed(
      [
        { status: STATUS.New, due: 5, arrived: -80 },
        { status: STATUS.Priority, due: 1, arrived: -23 },
        { status: STATUS.Priority, due: -2, arrived: -26 },
        { status: STATUS.ProcessMarch, due: 3, arrived: -60 },
        { status: STATUS.New, due: 8, arrived: -10 },
        { status: STATUS.ProcessMarch, due: 8, arrived: -20 },
        { status: STATUS.New, due: null, arrived: -500 },
        { status: STATUS.Pending, due: -50, arrived: -900 },
      ],
    )) as string[];
    await t.app.ctx.db
      .updateTable('orders')
      .set({ assigned_to: hal.id })
      .where('order_id', '=', heldSooner as string)
      .execute();

    const claimed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await next(tara);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.orderAssigned);
      claimed.push(res.json().data.orderId);
    }
    // soonest due first; a tie by arrival; no due date last; held and Pending never
    expect(claimed).toEqual([dueInAnHour, march, overdueStandard, sameDueEarlier, sameDueLater, noDue]);
    const none = await next(tara);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 0, message: CLAIM_MSG.noFreeUrgentOrders });
    expect((await order(heldSooner as string)).assigned_to).toBe(hal.id);
    expect((await order(pending as string)).assigned_to).toBeNull();
    // a claim like any other: one assign event for the member
    expect((await events(dueInAnHour as string)).map((e) => [e.kind, e.staff_id, e.to_value])).toEqual([
      ['assign', tara.id, 'Tara Team'],
    ]);
  });

  it('takes `urgent` in any case, and the folders still give their own oldest', async () => {
    const [oldNew, urgentPriority] = (await seed([
      { status: STATUS.New, due: 40, arrived: -300 },
      { status: STATUS.Priority, due: 2, arrived: -1 },
    ])) as string[];
    expect((await next(tara, 'newOrder')).json().data.orderId).toBe(oldNew);
    expect((await next(tara, 'URGENT')).json().data.orderId).toBe(urgentPriority);
    await drain(tara);
  });

  it('never gives one order to two members racing for the most urgent', async () => {
    const ids = await seed(
      Array.from({ length: 12 }, (_, i) => ({
        status: [STATUS.New, STATUS.Priority, STATUS.ProcessMarch][i % 3] as string,
        due: i,
        arrived: -i,
      })),
    );
    const members = await Promise.all(Array.from({ length: 5 }, (_, i) => createMember(t, ROLE.Team, `Racer ${i}`)));
    const results = await Promise.all(
      members.flatMap((member) => Array.from({ length: 4 }, () => next(member).then((res) => ({ member, res })))),
    );
    const won = results.filter((r) => r.res.statusCode === 200);
    expect(won).toHaveLength(12);
    const claimed = won.map((r) => r.res.json().data.orderId as string);
    expect(new Set(claimed).size).toBe(12);
    expect([...claimed].sort()).toEqual([...ids].sort());
    for (const r of results.filter((r) => r.res.statusCode !== 200)) {
      expect(r.res.statusCode).toBe(404);
      expect(r.res.json().message).toBe(CLAIM_MSG.noFreeUrgentOrders);
    }
    for (const r of won) {
      const id = r.res.json().data.orderId as string;
      expect((await order(id)).assigned_to).toBe(r.member.id);
      expect((await events(id)).map((e) => [e.kind, e.staff_id])).toEqual([['assign', r.member.id]]);
    }
  });
});
