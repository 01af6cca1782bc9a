import { findFolder, ORDERS_CONTRACTS, ROLE, SLA_RUNNING_STATUSES, STATUS } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOverdueCount } from '../src/modules/orders/counts.repository.ts';
import { api } from './api-client.ts';
import { pdfFile, uploadDocument } from './detail-fixtures.ts';
import { buildOrder, INGEST_KEY, listAll, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2030-03-02T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const SETTINGS = { SLA_PRIORITY_HOURS: '10', SLA_STANDARD_HOURS: '30' };
const STATUSES = [
  STATUS.New,
  STATUS.Pending,
  STATUS.Priority,
  STATUS.ContactCustomer,
  STATUS.CustomerCalled,
  STATUS.Awaiting,
  STATUS.AwaitingGovt,
  STATUS.Completed,
  STATUS.Rejected,
] as const;

/**
 * Overdue Orders' count comes from migration 084's per-day counters and one day's range of orders
 * (counts.repository.ts overdueCountQuery). Here it is held against the folder's definition counted
 * order by order, and the counters against the orders they stand for, through every kind of write
 * that moves an order in or out or moves its due day: arrivals, moves into and out of the waits
 * (which push the due time on, across days), documents, deletions, and rows written by hand.
 */
describeEachDialect('Overdue Orders counted by due day', (dialect) => {
  let t: TestApp;
  let tara: Member;
  const folder = findFolder('overdueOrder');
  if (!folder) throw new Error('no Overdue Orders folder');

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...SETTINGS }, { clockStart: T0 });
    tara = await createMember(t, ROLE.Admin, 'Ada Admin');
  });
  afterAll(() => t.close());

  const now = () => iso(t.app.ctx.clock());
  /** The folder's definition, order by order: what the counters must add up to. */
  const countedOneByOne = async () => {
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('process_status', 'in', [...SLA_RUNNING_STATUSES])
      .where('sla_met_at', 'is', null)
      .where('sla_due_at', '<', now())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const counters = async () => {
    const rows = await t.app.ctx.db.selectFrom('order_due_days').select(['due_day', 'n']).where('n', '<>', 0).execute();
    return Object.fromEntries(rows.map((r) => [r.due_day, Number(r.n)]));
  };
  const countersFromOrders = async () => {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select([sql<string>`substr(sla_due_at, 1, 10)`.as('day'), sql<number | string>`count(*)`.as('n')])
      .where('process_status', 'in', [...SLA_RUNNING_STATUSES])
      .where('sla_met_at', 'is', null)
      .where('sla_due_at', 'is not', null)
      .groupBy(sql`substr(sla_due_at, 1, 10)`)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
  };
  /** The counters match the orders, and the count, read directly, the folder's definition. */
  const expectAgreement = async () => {
    expect(await counters()).toEqual(await countersFromOrders());
    const expected = await countedOneByOne();
    expect(await readOverdueCount(t.app.ctx.db, folder, now())).toBe(expected);
    return expected;
  };
  /** …and what a member sees: the sidebar count and the folder's total (after writes through the API). */
  const expectSeen = async (expected: number) => {
    const counts = await api(t, ORDERS_CONTRACTS.folderCounts, {}, tara);
    expect(counts.json().data.overdueOrdersCount).toBe(expected);
    const list = await listAll(t, tara.token, 'overdueOrder');
    expect(list.json().total).toBe(expected);
  };
  const move = async (orderId: string, updatingStatus: string) => {
    const res = await api(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus } }, tara);
    expect(res.statusCode, res.body).toBe(200);
  };

  let ids: string[] = [];

  it('counts arrivals due on many days, today before and after the time among them', async () => {
    // created over the last four days, every sixth hour: due 10 or 30 hours later
    ids = await seedOrders(
      t,
      Array.from({ length: 36 }, (_, i) =>
        buildOrder({
          created_at: iso(T0 - 4 * DAY + i * 3 * HOUR),
          process_status: STATUSES[i % STATUSES.length],
          processing_type: i % 2 === 0 ? 'priority' : 'standard',
        }),
      ),
    );
    const expected = await expectAgreement();
    expect(expected).toBeGreaterThan(5);
    expect(Object.keys(await counters()).length).toBeGreaterThan(3);
    await expectSeen(expected);
    // as time passes, orders due later today and tomorrow come in
    for (const step of [2 * HOUR, 13 * HOUR, DAY]) {
      t.advance(step);
      await expectSeen(await expectAgreement());
    }
  });

  it('follows moves into and out of the waits, documents and closing moves', async () => {
    const inStatus = (status: string) => ids.filter((_, i) => STATUSES[i % STATUSES.length] === status);
    const [waitA, met] = inStatus(STATUS.New);
    const [waitB, closed] = inStatus(STATUS.Priority);
    const [deleted] = inStatus(STATUS.ContactCustomer);
    if (!waitA || !waitB || !met || !closed || !deleted) throw new Error('too few running orders');
    await move(waitA, STATUS.Awaiting);
    await move(waitB, STATUS.AwaitingGovt);
    await expectSeen(await expectAgreement());
    // two days paused: each due time moves on by two days, out of the past
    t.advance(2 * DAY);
    await move(waitA, STATUS.ContactCustomer);
    await move(waitB, STATUS.ContactCustomer);
    await expectSeen(await expectAgreement());
    const uploaded = await uploadDocument(t, tara.token, { orderId: met, email: 'a@example.test' }, pdfFile());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await move(closed, STATUS.Completed);
    const removed = await api(
      t,
      ORDERS_CONTRACTS.remove,
      { body: { orderId: [deleted], updatingStatus: STATUS.Deleted } },
      tara,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await expectSeen(await expectAgreement());
    // a closed order opened again counts again
    await move(closed, STATUS.ContactCustomer);
    await expectSeen(await expectAgreement());
  });

  it('follows rows written and removed by hand, one at a time and many in one statement', async () => {
    const db = t.app.ctx.db;
    const [first, second, third] = ids;
    if (!first || !second || !third) throw new Error('too few orders');
    await db
      .updateTable('orders')
      .set({ sla_due_at: iso(T0 - 9 * DAY) })
      .where('order_id', '=', first)
      .execute();
    await db
      .updateTable('orders')
      .set({ process_status: STATUS.New, sla_met_at: null, sla_due_at: iso(T0 + 20 * DAY) })
      .where('order_id', '=', second)
      .execute();
    await expectAgreement();
    await db.deleteFrom('orders').where('order_id', '=', third).execute();
    await expectAgreement();
    await db.updateTable('orders').set({ process_status: STATUS.New }).execute();
    await expectAgreement();
    await db.deleteFrom('orders').where('order_id', 'in', ids.slice(3, 20)).execute();
    expect(await expectAgreement()).toBeGreaterThan(0);
    await db.deleteFrom('orders').execute();
    expect(await counters()).toEqual({});
    expect(await expectAgreement()).toBe(0);
  });
});
