import {
  FOLDERS,
  LIST_SORT_COLUMNS,
  type ListSortColumn,
  OPEN_STATUSES,
  ORDER_MSG,
  ORDERS_CONTRACTS,
  type OrderListItem,
  type OrderStatus,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { assignAs, buildOrder, INGEST_KEY, listAll, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Mixed case on purpose: sorting is case-insensitive, which a bytewise sort would get wrong. */
const FIRST_NAMES = ['alice', 'Bob', 'charlie', 'Dora', 'eve', 'Frank', "o'neil", 'Zed'];
const SUR_NAMES = ['Smith', 'jones', 'Brown', 'taylor', 'Wilson', 'davies'];

interface Model {
  status: OrderStatus;
  holder: number | null;
}

describeEachDialect('queues: lists, counts, paging and sorting', (dialect) => {
  let t: TestApp;
  let teamA: Member;
  let teamB: Member;
  let telecaller: Member;
  const model = new Map<string, Model>();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    teamA = await createMember(t, ROLE.Team, 'Tara Team');
    teamB = await createMember(t, ROLE.NightStaff, 'nina Night');
    telecaller = await createMember(t, ROLE.Telecaller);

    // Every status three times, plus 22 more New orders so the New queue has pages; orders come in
    // pairs sharing a timestamp, so paging must break ties.
    const statuses: OrderStatus[] = [
      ...Object.values(STATUS).flatMap((s) => [s, s, s]),
      ...Array.from({ length: 22 }, () => STATUS.New),
    ];
    const orders = statuses.map((status, i) =>
      buildOrder({
        order_id: nextOrderId(i % 2 ? 'UKETA-' : 'eTA-'),
        process_status: status,
        first_name: FIRST_NAMES[i % FIRST_NAMES.length],
        sur_name: SUR_NAMES[i % SUR_NAMES.length],
        phone_number: i % 4 === 0 ? null : `7700${String(900000 + ((i * 7919) % 99991))}`,
        intended_travel_date: i % 5 === 0 ? null : `2026-0${1 + (i % 9)}-1${i % 10}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 3_600_000).toISOString(),
      }),
    );
    const ids = await seedOrders(t, orders);
    ids.forEach((id, i) => {
      model.set(id, { status: statuses[i] as OrderStatus, holder: null });
    });

    const firstOf = (status: OrderStatus, n = 1) =>
      [...model]
        .filter(([, m]) => m.status === status && m.holder === null)
        .slice(0, n)
        .map(([id]) => id);
    const take = async (member: Member, orderIds: string[]) => {
      expect((await assignAs(member.token, t, orderIds)).statusCode).toBe(200);
      for (const id of orderIds) (model.get(id) as Model).holder = member.id;
    };
    await take(teamA, [...firstOf(STATUS.New, 2), ...firstOf(STATUS.Pending), ...firstOf(STATUS.Completed)]);
    await take(teamA, firstOf(STATUS.Priority));
    await take(teamB, [...firstOf(STATUS.Awaiting), ...firstOf(STATUS.New)]);

    // Two Completed orders refunded through the API at different times: they get refund dates.
    for (const id of firstOf(STATUS.Completed, 2)) {
      t.advance(60_000);
      const res = await api(t, ORDERS_CONTRACTS.refund, { body: { orderId: id } }, teamA);
      expect(res.statusCode).toBe(200);
      (model.get(id) as Model).status = STATUS.Refunds;
    }
  });
  afterAll(() => t.close());

  const inFolder = (folderName: string, member: Member) => {
    const folder = FOLDERS.find((f) => f.name === folderName);
    if (!folder) throw new Error(folderName);
    // Overdue Orders: every order here arrived in January 2026, so each open one with its clock running
    // is long past due (service-levels.test.ts moves the clock around its due times).
    return [...model]
      .filter(([, m]) => folder.statuses === null || folder.statuses.includes(m.status))
      .filter(([, m]) => !folder.mine || (m.holder === member.id && OPEN_STATUSES.includes(m.status)))
      .map(([id]) => id);
  };

  it.each(FOLDERS.map((f) => [f.name, f.countField]))(
    '%s: total, folder count and rows all follow the folder definition',
    async (name, countField) => {
      const counts = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, teamA)).json().data;
      const expected = inFolder(name, teamA);
      const res = await listAll(t, teamA.token, name);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(1);
      expect(body.total).toBe(expected.length);
      expect(counts[countField]).toBe(expected.length);
      expect(body.data.map((o: OrderListItem) => o.order_id).sort()).toEqual([...expected].sort());
    },
  );

  it('accepts and ignores userName on the folder counts, sent once or more (DESIGN §5)', async () => {
    const plain = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, teamA)).json();
    for (const query of ['?userName=Someone%20Else', '?userName=a&userName=b&delay=1']) {
      const res = await call(t, 'GET', `/api/admin/get-folder-count${query}`, teamA.token);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual(plain);
    }
  });

  it('covers every status in the seeded set, so no folder above was trivially empty', async () => {
    for (const folder of FOLDERS) expect(inFolder(folder.name, teamA).length, folder.name).toBeGreaterThan(0);
  });

  it('lists SPEC §3 items: assignee name, mine flag, refund date', async () => {
    const mine = (await listAll(t, teamA.token, 'myOrder')).json().data as OrderListItem[];
    expect(mine.every((o) => o.assign_to === 'Tara Team' && o.assigned_to_me)).toBe(true);
    const fresh = (await listAll(t, teamB.token, 'newOrder')).json().data as OrderListItem[];
    const heldByA = fresh.filter((o) => o.assign_to === 'Tara Team');
    expect(heldByA).toHaveLength(2);
    expect(heldByA.every((o) => !o.assigned_to_me)).toBe(true);
    expect(fresh.filter((o) => o.assign_to === '').length).toBe(fresh.length - 3);
    const refunds = (await listAll(t, teamA.token, 'refundorder')).json().data as OrderListItem[];
    expect(refunds.filter((o) => o.refund_date !== null)).toHaveLength(2);
    expect(Object.keys(refunds[0] as object).sort()).toEqual(
      [
        'order_id',
        'process_status',
        'first_name',
        'sur_name',
        'contact_email_address',
        'phone_number',
        'intended_travel_date',
        'assign_to',
        'assigned_to_me',
        'created_at',
        'refund_date',
        'respond_by',
        'sla_due_at',
        'sla_met_at',
        'sla_paused_at',
        'follow_up_on',
        'refund_state',
        'customer_replied_at',
      ].sort(),
    );
  });

  it("carries customer_replied_at on each row, from the order's own column (DESIGN §25)", async () => {
    const awaiting = (await listAll(t, teamA.token, 'awaitingorder')).json().data as OrderListItem[];
    expect(awaiting.length).toBeGreaterThan(1);
    expect(awaiting.every((o) => o.customer_replied_at === null)).toBe(true);
    const [replied] = awaiting;
    const at = '2026-02-03T04:05:06.000Z';
    await t.app.ctx.db
      .updateTable('orders')
      .set({ customer_replied_at: at })
      .where('order_id', '=', replied!.order_id)
      .execute();
    const again = (await listAll(t, teamA.token, 'awaitingorder')).json().data as OrderListItem[];
    expect(again.find((o) => o.order_id === replied!.order_id)?.customer_replied_at).toBe(at);
    expect(again.filter((o) => o.customer_replied_at !== null)).toHaveLength(1);
    await t.app.ctx.db
      .updateTable('orders')
      .set({ customer_replied_at: null })
      .where('order_id', '=', replied!.order_id)
      .execute();
  });

  it('pages from 1 with 10 by default, newest first; page 2 holds the next rows with no overlap', async () => {
    const all = (await listAll(t, teamA.token, 'newOrder')).json().data as OrderListItem[];
    expect(all.length).toBeGreaterThan(20);
    const first = (
      await api(
        t,
        ORDERS_CONTRACTS.list,
        { params: { orderName: 'newOrder' }, query: { delay: '1', userName: 'x' } },
        teamA,
      )
    ).json();
    expect(first.data).toHaveLength(10);
    const ids = (items: OrderListItem[]) => items.map((o) => o.order_id);
    expect(ids(first.data)).toEqual(ids(all.slice(0, 10)));
    const pages: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await api(
        t,
        ORDERS_CONTRACTS.list,
        { params: { orderName: 'newOrder' }, query: { page, limit: '10' } },
        teamA,
      );
      pages.push(...ids(res.json().data));
    }
    expect(pages).toEqual(ids(all).slice(0, 30));
    expect(new Set(pages).size).toBe(pages.length);
    const created = all.map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const beyond = await api(
      t,
      ORDERS_CONTRACTS.list,
      { params: { orderName: 'newOrder' }, query: { page: '99' } },
      teamA,
    );
    expect(beyond.json()).toMatchObject({ status: 1, data: [], total: all.length });
  });

  const sortKey = (item: OrderListItem, column: ListSortColumn): string | null => {
    const value = item[column] as string | null;
    if (value === null || value === '') return null;
    return column === 'created_at' || column === 'refund_date' || column === 'respond_by' ? value : value.toLowerCase();
  };
  /** Empty values last in both directions; text compared case-insensitively. */
  const compare = (a: string | null, b: string | null, order: 'asc' | 'desc') => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return (a < b ? -1 : 1) * (order === 'asc' ? 1 : -1);
  };

  it.each(LIST_SORT_COLUMNS.flatMap((column) => [[column, 'asc'] as const, [column, 'desc'] as const]))(
    'sorts Order History by %s %s, and pages through that order without overlap',
    async (column, order) => {
      // Deadlines are kept on the order by the dispute writes (disputes.test.ts); a few written here suffice.
      if (column === 'respond_by') {
        const some = await t.app.ctx.db.selectFrom('orders').select('id').orderBy('id').limit(5).execute();
        for (const [i, o] of some.entries()) {
          await t.app.ctx.db
            .updateTable('orders')
            .set({ dispute_respond_by: `2030-01-0${i + 1}T23:59:59.999Z` })
            .where('id', '=', o.id)
            .execute();
        }
      }
      // Follow-up days (DESIGN §18, the Awaiting queues' sort of §23): a few written here suffice.
      if (column === 'follow_up_on') {
        const some = await t.app.ctx.db.selectFrom('orders').select('id').orderBy('id').limit(5).execute();
        for (const [i, o] of some.entries()) {
          await t.app.ctx.db
            .updateTable('orders')
            .set({ follow_up_on: `2030-02-0${5 - i}` })
            .where('id', '=', o.id)
            .execute();
        }
      }
      const res = await listAll(t, teamA.token, 'allorder', { sort: column, order });
      expect(res.statusCode).toBe(200);
      const items = res.json().data as OrderListItem[];
      const keys = items.map((o) => sortKey(o, column));
      expect(keys).toEqual([...keys].sort((a, b) => compare(a, b, order)));
      expect(new Set(keys).size).toBeGreaterThan(1);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(items.length / 25); page += 1) {
        const url = `/api/admin/get-orders-list/allorder?page=${page}&limit=25&sort=${column}&order=${order}`;
        paged.push(...(await call(t, 'GET', url, teamA.token)).json().data.map((o: OrderListItem) => o.order_id));
      }
      expect(paged).toEqual(items.map((o) => o.order_id));
    },
  );

  it('matches folder names case-insensitively and refuses unknown folders with 404', async () => {
    expect((await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'NEWORDER' } }, teamA)).statusCode).toBe(200);
    const res = await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'secretOrders' } }, teamA);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: ORDER_MSG.unknownFolder });
    const search = await api(
      t,
      ORDERS_CONTRACTS.search,
      { body: { start: 0, end: 10, searchVal: 'a', folderName: 'nope' } },
      teamA,
    );
    expect(search.statusCode).toBe(404);
  });

  it('keeps Order History from a Telecaller: list and search 403, no allOrdersCount', async () => {
    const list = await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'allorder' } }, telecaller);
    expect(list.statusCode).toBe(403);
    expect(list.json().status).toBe(0);
    const search = await api(
      t,
      ORDERS_CONTRACTS.search,
      { body: { start: 0, end: 10, searchVal: 'a', folderName: 'allorder' } },
      telecaller,
    );
    expect(search.statusCode).toBe(403);
    const counts = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, telecaller)).json().data;
    expect(counts).not.toHaveProperty('allOrdersCount');
    expect(counts.newOrdersCount).toBe(inFolder('newOrder', telecaller).length);
    expect((await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'newOrder' } }, telecaller)).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['limit=501'],
    ['limit=0'],
    ['limit=ten'],
    ['page=0'],
    ['sort=password'],
    ['order=sideways'],
    ['unknown=1'],
  ])('refuses %s with 400', async (query) => {
    const res = await call(t, 'GET', `/api/admin/get-orders-list/newOrder?${query}`, teamA.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  it('refuses lists and counts without a session', async () => {
    for (const url of ['/api/admin/get-orders-list/newOrder', '/api/admin/get-folder-count']) {
      const res = await call(t, 'GET', url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
    }
  });

  it('offers All only while the folder holds at most 1,000 orders', async () => {
    const more = Array.from({ length: 1001 }, () => buildOrder({ process_status: STATUS.ChargeBack }));
    await seedOrders(t, more);
    const refused = await listAll(t, teamA.token, 'chargeBack');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 0, message: ORDER_MSG.limitAllTooMany });
    expect((await listAll(t, teamA.token, 'allorder')).statusCode).toBe(400);
    const page = await api(
      t,
      ORDERS_CONTRACTS.list,
      { params: { orderName: 'chargeBack' }, query: { page: '3', limit: '500' } },
      teamA,
    );
    expect(page.json()).toMatchObject({ status: 1, total: 1004 });
    expect(page.json().data).toHaveLength(4);
    expect((await listAll(t, teamA.token, 'newOrder')).statusCode).toBe(200);
  });
});
