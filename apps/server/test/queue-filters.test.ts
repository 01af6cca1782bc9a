import {
  encodeId,
  FILTERED_COUNT_CAP,
  findFolder,
  isFollowUpDue,
  ORDERS_CONTRACTS,
  type OrderListItem,
  QUEUE_FILTER_MSG,
  type QueueFilters,
  ROLE,
  SLA_RUNNING_STATUSES,
  STATUS,
  serviceLevelBadge,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { buildOrder, INGEST_KEY, listAll, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
/** 10 March 2026, 12:00 UTC */
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

interface Row {
  order_id: string;
  id: number;
  process_status: string;
  assigned_to: number | null;
  domain: string;
  payment_processor: string | null;
  nationality: string | null;
  created_at: string;
  sla_due_at: string | null;
  sla_met_at: string | null;
  sla_paused_at: string | null;
  follow_up_on: string | null;
}

/** The filters as plain JavaScript over the rows read back from the database: what the SQL must agree with. */
function matches(row: Row, f: QueueFilters, ids: Record<string, number>): boolean {
  if (f.assignee === 'none' && row.assigned_to !== null) return false;
  if (f.assignee && f.assignee !== 'none' && row.assigned_to !== ids[f.assignee]) return false;
  if (f.sla === 'overdue' && serviceLevelBadge(row, NOW)?.tone !== 'overdue') return false;
  if (f.sla === 'due_soon') {
    const running = (SLA_RUNNING_STATUSES as readonly string[]).includes(row.process_status);
    const left = row.sla_due_at ? Date.parse(row.sla_due_at) - NOW : -1;
    if (!running || row.sla_met_at || left < 0 || left > 3 * HOUR) return false;
  }
  if (f.followUpDue && !isFollowUpDue(row, NOW)) return false;
  if (f.domain && row.domain !== f.domain) return false;
  if (f.processor && row.payment_processor !== f.processor) return false;
  if (f.nationality && row.nationality !== f.nationality) return false;
  if (f.fromDate && row.created_at.slice(0, 10) < f.fromDate) return false;
  if (f.toDate && row.created_at.slice(0, 10) > f.toDate) return false;
  return true;
}

/** DESIGN §23: each queue filter against a plain filter over the same orders, on the list and the counts. */
describeEachDialect('queue filters', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let bob: Member;
  let rows: Row[];
  const memberIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: NOW });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    bob = await createMember(t, ROLE.Telecaller, 'Bob Caller');
    memberIds[encodeId(tara.id)] = tara.id;
    memberIds[encodeId(bob.id)] = bob.id;
    const statuses = [
      STATUS.New,
      STATUS.Priority,
      STATUS.Awaiting,
      STATUS.AwaitingGovt,
      STATUS.Completed,
      STATUS.Pending,
    ];
    const nations = ['India', 'France', 'United States'];
    const processors = ['stripe', 'paypal', undefined];
    const orders = Array.from({ length: 72 }, (_, i) =>
      buildOrder({
        order_id: nextOrderId(i % 3 === 0 ? 'UKTA-' : 'UKETA-'),
        process_status: statuses[i % statuses.length],
        nationality: nations[(i % 5) % 3],
        ...(processors[(i % 7) % 3] ? { payment_processor: processors[(i % 7) % 3] } : {}),
        created_at: iso(NOW - (i % 9) * 24 * HOUR - i * 60_000),
      }),
    );
    await seedOrders(t, orders);
    const db = t.app.ctx.db;
    const all = await db.selectFrom('orders').select(['id', 'process_status']).orderBy('id').execute();
    // holders, due times either side of now (and of the 3 h mark), met ones, follow-up days around today
    for (const [k, o] of all.entries()) {
      const holder = k % 4 === 0 ? tara.id : k % 4 === 1 ? bob.id : null;
      const paused = o.process_status === STATUS.Awaiting || o.process_status === STATUS.AwaitingGovt;
      await db
        .updateTable('orders')
        .set({
          assigned_to: holder,
          sla_due_at: iso(NOW + ((k % 11) - 5) * HOUR + 60_000),
          sla_met_at: k % 10 === 0 ? iso(NOW - HOUR) : null,
          ...(paused ? { sla_paused_at: iso(NOW - (k % 3) * 2 * HOUR) } : {}),
          follow_up_on: paused && k % 4 !== 2 ? ['2026-03-09', '2026-03-10', '2026-03-11'][(k >> 1) % 3] : null,
        })
        .where('id', '=', o.id)
        .execute();
    }
    rows = (await db
      .selectFrom('orders')
      .select([
        'order_id',
        'id',
        'process_status',
        'assigned_to',
        'domain',
        'payment_processor',
        'nationality',
        'created_at',
        'sla_due_at',
        'sla_met_at',
        'sla_paused_at',
        'follow_up_on',
      ])
      .execute()) as Row[];
    for (const r of rows) r.assigned_to = r.assigned_to === null ? null : Number(r.assigned_to);
  });
  afterAll(() => t.close());

  const query = (f: QueueFilters) =>
    Object.entries(f)
      .map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`)
      .join('');

  const cases = (): QueueFilters[] => [
    { assignee: encodeId(tara.id) },
    { assignee: 'none' },
    { sla: 'overdue' },
    { sla: 'due_soon' },
    { followUpDue: '1' },
    { domain: 'primary' },
    { domain: 'secondary' },
    { processor: 'stripe' },
    { processor: 'paypal' },
    { nationality: 'France' },
    { fromDate: '2026-03-05' },
    { toDate: '2026-03-04' },
    { fromDate: '2026-03-03', toDate: '2026-03-07' },
    { domain: 'primary', nationality: 'India', assignee: 'none' },
    { sla: 'overdue', processor: 'stripe' },
  ];

  for (const folderName of ['allorder', 'newOrder', 'awaitingorder', 'myOrder', 'overdueOrder', 'completedorder']) {
    it(`filters ${folderName} as a plain filter does, page, total and count alike`, async () => {
      const folder = findFolder(folderName);
      if (!folder) throw new Error(folderName);
      const inFolder = (r: Row) =>
        (folder.statuses === null || (folder.statuses as readonly string[]).includes(r.process_status)) &&
        (!folder.mine || r.assigned_to === tara.id) &&
        (!folder.overdue || serviceLevelBadge(r, NOW)?.tone === 'overdue');
      for (const f of cases()) {
        const expected = rows
          .filter((r) => inFolder(r) && matches(r, f, memberIds))
          .sort((a, b) => (b.created_at === a.created_at ? b.id - a.id : b.created_at < a.created_at ? -1 : 1))
          .map((r) => r.order_id);
        const list = await listAll(t, tara.token, folderName, { ...f, sort: 'created_at', order: 'desc' });
        expect(list.statusCode, JSON.stringify(f)).toBe(200);
        expect(
          list.json().data.map((r: OrderListItem) => r.order_id),
          JSON.stringify(f),
        ).toEqual(expected);
        expect(list.json().total).toBe(expected.length);
        const page2 = await call(
          t,
          'GET',
          `/api/admin/get-orders-list/${folderName}?page=2&limit=3${query(f)}&sort=created_at`,
          tara.token,
        );
        expect(page2.json().data.map((r: OrderListItem) => r.order_id)).toEqual(expected.slice(3, 6));
        const counts = await call(t, 'GET', `/api/admin/get-folder-count?folder=${folderName}${query(f)}`, tara.token);
        expect(counts.json().data, JSON.stringify(f)).toEqual({ [folder.countField]: expected.length });
      }
      // the cases above are not all empty: a plain filter that matched nothing would prove nothing
      expect(rows.filter(inFolder).length).toBeGreaterThan(0);
    });
  }

  it('with filters and no folder, counts every folder the member may open under them', async () => {
    const res = await api(t, ORDERS_CONTRACTS.folderCounts, { query: { domain: 'secondary' } }, bob);
    const data = res.json().data;
    expect(data.allOrdersCount).toBeUndefined(); // Telecaller: no Order History
    expect(data.newOrdersCount).toBe(
      rows.filter((r) => r.process_status === STATUS.New && r.domain === 'secondary').length,
    );
    const open = findFolder('myOrder')?.statuses as readonly string[];
    expect(data.myOrdersCount).toBe(
      rows.filter((r) => r.assigned_to === bob.id && r.domain === 'secondary' && open.includes(r.process_status))
        .length,
    );
    expect(FILTERED_COUNT_CAP).toBe(10_000);
  });

  it('sorts the Awaiting queue by follow-up day, soonest first and orders without one last', async () => {
    const awaiting = rows.filter((r) => r.process_status === STATUS.Awaiting);
    const key = (r: Row) => r.follow_up_on ?? '9999-12-31';
    const expected = [...awaiting]
      .sort((a, b) => (key(a) === key(b) ? b.id - a.id : key(a) < key(b) ? -1 : 1))
      .map((r) => r.order_id);
    const res = await listAll(t, tara.token, 'awaitingorder', { sort: 'follow_up_on', order: 'asc' });
    expect(res.json().data.map((r: OrderListItem) => r.order_id)).toEqual(expected);
    expect(awaiting.some((r) => r.follow_up_on) && awaiting.some((r) => !r.follow_up_on)).toBe(true);
  });

  it.each([
    ['assignee=bob', 'assignee', QUEUE_FILTER_MSG.assignee],
    ['assignee=Mw', 'assignee', QUEUE_FILTER_MSG.assignee],
    ['sla=late', 'sla', QUEUE_FILTER_MSG.sla],
    ['followUpDue=yes', 'followUpDue', QUEUE_FILTER_MSG.followUpDue],
    ['domain=tertiary', 'domain', QUEUE_FILTER_MSG.domain],
    ['processor=visa', 'processor', QUEUE_FILTER_MSG.processor],
    [`nationality=${'x'.repeat(101)}`, 'nationality', QUEUE_FILTER_MSG.nationality],
    ['fromDate=2026-02-30', 'fromDate', QUEUE_FILTER_MSG.fromDate],
    ['toDate=10-03-2026', 'toDate', QUEUE_FILTER_MSG.toDate],
    ['fromDate=2026-03-10&toDate=2026-03-09', 'toDate', QUEUE_FILTER_MSG.range],
  ])('refuses %s with a 400 naming %s, on the list and the counts', async (q, field, message) => {
    for (const url of [`/api/admin/get-orders-list/newOrder?${q}`, `/api/admin/get-folder-count?${q}`]) {
      const res = await call(t, 'GET', url, tara.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.errors[field]).toBe(message);
    }
  });

  it('refuses a count of a folder that is not one (400), or not the member’s (403), and answers 401 without a token', async () => {
    const unknown = await api(
      t,
      ORDERS_CONTRACTS.folderCounts,
      { query: { folder: 'nofolder', domain: 'primary' } },
      tara,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiRefusal>().data.errors.folder).toBe(QUEUE_FILTER_MSG.folder);
    const hidden = await api(
      t,
      ORDERS_CONTRACTS.folderCounts,
      { query: { folder: 'allorder', domain: 'primary' } },
      bob,
    );
    expect(hidden.statusCode).toBe(403);
    const list = await api(
      t,
      ORDERS_CONTRACTS.list,
      { params: { orderName: 'allorder' }, query: { domain: 'primary' } },
      bob,
    );
    expect(list.statusCode).toBe(403);
    expect(
      (await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'newOrder' }, query: { domain: 'primary' } }))
        .statusCode,
    ).toBe(401);
    expect((await api(t, ORDERS_CONTRACTS.folderCounts, { query: { domain: 'primary' } })).statusCode).toBe(401);
  });
});
