import { ORDERS_CONTRACTS, type OrderListItem, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { assignAs, buildOrder, INGEST_KEY, listAll, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/*
 * The queries every request runs are built once per shape and reused with each call's values
 * (db/compiled.ts). These calls reuse one shape with other values, or change only what a shape key
 * must name (page size, first or later page, the member, how many orders and holders), so a key
 * that left something out would hand one call another's statement.
 */
describeEachDialect('statements built once per shape', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let tara: Member;
  let theo: Member;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin);
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    theo = await createMember(t, ROLE.Team, 'Theo Team');
    const orders = Array.from({ length: 40 }, (_, i) =>
      buildOrder({
        order_id: nextOrderId(),
        process_status: STATUS.New,
        created_at: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
      }),
    );
    ids.push(...(await seedOrders(t, orders)));
  });
  afterAll(() => t.close());

  const page = async (member: Member, folder: string, query: string) => {
    const res = await call(t, 'GET', `/api/admin/get-orders-list/${folder}?${query}`, member.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { ids: body.data.map((o: OrderListItem) => o.order_id) as string[], total: body.total as number };
  };
  const everything = async (member: Member, folder: string) =>
    (await listAll(t, member.token, folder)).json().data.map((o: OrderListItem) => o.order_id) as string[];
  const put = (member: Member, path: string, body: unknown) => call(t, 'PUT', `/api/admin/${path}`, member.token, body);
  const holderOf = async (orderId: string) =>
    (await t.app.ctx.db.selectFrom('orders').select('assigned_to').where('order_id', '=', orderId).executeTakeFirst())
      ?.assigned_to ?? null;

  it('pages a folder at two page sizes, first and later pages alike', async () => {
    const all = await everything(admin, 'newOrder');
    expect(all).toHaveLength(40);
    expect(await page(admin, 'newOrder', 'page=1&limit=10')).toEqual({ ids: all.slice(0, 10), total: 40 });
    expect(await page(admin, 'newOrder', 'page=1&limit=25')).toEqual({ ids: all.slice(0, 25), total: 40 });
    expect(await page(admin, 'newOrder', 'page=2&limit=10')).toEqual({ ids: all.slice(10, 20), total: 40 });
    expect(await page(admin, 'newOrder', 'page=2&limit=25')).toEqual({ ids: all.slice(25, 40), total: 40 });
    expect(await page(admin, 'newOrder', 'page=3&limit=10')).toEqual({ ids: all.slice(20, 30), total: 40 });
  });

  it("pages each member's own orders with the member's own values", async () => {
    // twelve at once: a bulk assignment longer than the lists compiled per length
    expect((await assignAs(tara.token, t, ids.slice(0, 12))).statusCode).toBe(200);
    expect((await assignAs(theo.token, t, ids.slice(12, 17))).statusCode).toBe(200);
    const taras = await everything(tara, 'myOrder');
    const theos = await everything(theo, 'myOrder');
    expect([...taras].sort()).toEqual([...ids.slice(0, 12)].sort());
    expect([...theos].sort()).toEqual([...ids.slice(12, 17)].sort());
    const pages = async (member: Member, size: number, count: number) => {
      const found: string[] = [];
      for (let n = 1; n <= count; n += 1) {
        const p = await page(member, 'myOrder', `page=${n}&limit=${size}`);
        expect(p.total).toBe(member === tara ? 12 : 5);
        found.push(...p.ids);
      }
      return found;
    };
    expect(await pages(tara, 5, 3)).toEqual(taras);
    expect(await pages(theo, 5, 1)).toEqual(theos);
    expect(await pages(theo, 3, 2)).toEqual(theos);
    expect(await pages(tara, 3, 4)).toEqual(taras);
  });

  it('frees orders of several holders, then as many orders of one holder', async () => {
    const [a1, a2, a3, a4, a5, a6] = ids.slice(0, 6) as [string, string, string, string, string, string];
    const [b1] = ids.slice(12, 13) as [string];
    // three orders of two holders, then four of one: the same number of values, split otherwise
    const first = await put(admin, 'unassign-order', { orderId: [a1, a2, b1] });
    expect(first.json().data.unassigned.sort()).toEqual([a1, a2, b1].sort());
    const second = await put(admin, 'unassign-order', { orderId: [a3, a4, a5, a6] });
    expect(second.json().data.unassigned.sort()).toEqual([a3, a4, a5, a6].sort());
    for (const id of [a1, a2, a3, a4, a5, a6, b1]) expect(await holderOf(id)).toBeNull();
    expect(await holderOf(ids[6] as string)).toBe(tara.id);
    expect(await holderOf(ids[13] as string)).toBe(theo.id);
  });

  it('deletes one order, then eleven at once', async () => {
    const one = await put(admin, 'change-order-status', { orderId: [ids[20]], updatingStatus: 'Deleted' });
    expect(one.json().data.updated).toEqual([ids[20]]);
    const eleven = ids.slice(21, 32);
    const many = await put(admin, 'change-order-status', { orderId: eleven, updatingStatus: 'Deleted' });
    expect(many.json().data.updated.sort()).toEqual([...eleven].sort());
    expect((await everything(admin, 'deletedOrder')).sort()).toEqual([ids[20], ...eleven].sort());
    const counts = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, admin)).json().data;
    expect(counts.deletedOrdersCount).toBe(12);
    expect(counts.newOrdersCount).toBe(28);
  });

  it('frees eleven orders at once', async () => {
    const stillTaras = ids.slice(6, 12); // not freed above
    const more = ids.slice(33, 38);
    expect((await assignAs(tara.token, t, more)).statusCode).toBe(200);
    const eleven = [...stillTaras, ...more];
    const res = await put(admin, 'unassign-order', { orderId: eleven });
    expect(res.json().data.unassigned.sort()).toEqual([...eleven].sort());
    for (const id of eleven) expect(await holderOf(id)).toBeNull();
  });
});
