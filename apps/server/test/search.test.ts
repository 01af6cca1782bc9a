import { ORDERS_CONTRACTS, type OrderListItem, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, INGEST_KEY, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('queue search', (dialect) => {
  let t: TestApp;
  let member: Member;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    member = await createMember(t, ROLE.Team);
    // Pairs where the second would match only if a metacharacter acted as SQL instead of text.
    const named: Record<string, Record<string, unknown>> = {
      obrien: { first_name: 'Siobhan', sur_name: "O'Brien", contact_email_address: 'siobhan.obrien@mail.example' },
      plainObrien: { first_name: 'Sean', sur_name: 'OBrien' },
      percent: { first_name: '50%off', sur_name: 'Deal' },
      percentLookalike: { first_name: '50 percent off', sur_name: 'Deal' },
      underscore: { first_name: 'a_b', sur_name: 'Under' },
      underscoreLookalike: { first_name: 'axb', sur_name: 'Under' },
      backslash: { first_name: 'Back', sur_name: 'sla\\sh' },
      backslashLookalike: { first_name: 'Back', sur_name: 'slash' },
      mixedCase: { first_name: 'MiXeD', sur_name: 'CaSe', phone_number: '7700900777' },
    };
    const orders = Object.entries(named).map(([key, fields], i) => {
      const order = buildOrder({ ...fields, created_at: `2026-03-01T10:00:0${i}.000Z` });
      id[key] = order.order_id as string;
      return order;
    });
    // 15 orders sharing a surname, one a minute apart, for the offset tests; and one in another folder.
    for (let i = 0; i < 15; i += 1) {
      orders.push(buildOrder({ sur_name: 'Common', created_at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString() }));
    }
    const elsewhere = buildOrder({ sur_name: 'Common', process_status: STATUS.Completed });
    id.elsewhere = elsewhere.order_id as string;
    orders.push(elsewhere);
    await seedOrders(t, orders);
  });
  afterAll(() => t.close());

  const search = (searchVal: string, extra: Record<string, unknown> = {}) =>
    api(
      t,
      ORDERS_CONTRACTS.search,
      { body: { start: 0, end: 100, searchVal, folderName: 'newOrder', ...extra } },
      member,
    );
  const found = async (searchVal: string) => {
    const res = await search(searchVal);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(body.data.length);
    return (body.data as OrderListItem[]).map((o) => o.order_id).sort();
  };

  it('finds by order id, case-insensitively and by fragment', async () => {
    expect(await found(id.obrien as string)).toEqual([id.obrien]);
    expect(await found((id.obrien as string).toLowerCase())).toEqual([id.obrien]);
    expect(await found((id.obrien as string).slice(2).toLowerCase())).toEqual([id.obrien]);
  });

  it('finds by email fragment, surname, full name and phone', async () => {
    expect(await found('obrien@mail')).toEqual([id.obrien]);
    expect(await found('SIOBHAN.OBRIEN')).toEqual([id.obrien]);
    expect(await found('mixed case')).toEqual([id.mixedCase]);
    expect(await found('case')).toEqual([id.mixedCase]);
    expect(await found('900777')).toEqual([id.mixedCase]);
  });

  it.each([
    ["'", 'obrien', "o'brien"],
    ['%', 'percent', '50%off'],
    ['_', 'underscore', 'a_b'],
    ['\\', 'backslash', 'sla\\sh'],
  ])('matches %s as plain text', async (_char, key, searchVal) => {
    expect(await found(searchVal)).toEqual([id[key]]);
  });

  it('finds nothing for a lone wildcard that matches no stored text', async () => {
    expect(await found('%%')).toEqual([]);
    expect(await found('__')).toEqual([]);
    expect(await found("' or '1'='1")).toEqual([]);
  });

  it('searches inside the folder only', async () => {
    const ids = await found('common');
    expect(ids).toHaveLength(15);
    expect(ids).not.toContain(id.elsewhere);
    const completed = await search('common', { folderName: 'completedorder' });
    expect(completed.json().data.map((o: OrderListItem) => o.order_id)).toEqual([id.elsewhere]);
  });

  it('returns rows start to end (exclusive) of the newest-first matches, with the full total', async () => {
    const all = (await search('common')).json().data as OrderListItem[];
    const res = await search('common', { start: 5, end: 10 });
    expect(res.json().total).toBe(15);
    expect(res.json().data.map((o: OrderListItem) => o.order_id)).toEqual(all.slice(5, 10).map((o) => o.order_id));
    const created = all.map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const tail = await search('common', { start: 12, end: 20 });
    expect(tail.json().data).toHaveLength(3);
  });

  it('sorts search results when asked', async () => {
    const res = await search('deal', { sort: 'first_name', order: 'asc' });
    expect(res.json().data.map((o: OrderListItem) => o.first_name)).toEqual(['50 percent off', '50%off']);
  });

  it('treats an empty search as the whole folder', async () => {
    const res = await search('', { end: 5 });
    expect(res.json().data).toHaveLength(5);
    const counts = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, member)).json().data;
    expect(res.json().total).toBe(counts.newOrdersCount);
  });

  it.each([
    [{ start: 10, end: 5 }],
    [{ start: 0, end: 501 }],
    [{ start: -1, end: 5 }],
    [{ start: 0.5, end: 5 }],
    [{ searchVal: 'x'.repeat(101) }],
    [{ folderName: '' }],
    [{ extra: true }],
  ])('refuses %j with 400', async (extra) => {
    const res = await search('common', extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  it('refuses a search without a session', async () => {
    const res = await api(t, ORDERS_CONTRACTS.search, {
      body: { start: 0, end: 10, searchVal: 'x', folderName: 'newOrder' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('gives unrelated ids no match', async () => {
    expect(await found(nextOrderId())).toEqual([]);
  });
});
