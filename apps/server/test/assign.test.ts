import { MSG, ORDER_MSG, ORDERS_CONTRACTS, type OrderListItem, ROLE, type Role, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { assignAs, bulkHelpers, INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('assignment and bulk status changes', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let nina: Member;
  let admin: Member;
  let manager: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    admin = await createMember(t, ROLE.Admin, 'Alice Admin');
    manager = await createMember(t, ROLE.Manager, 'Mark Manager');
  });
  afterAll(() => t.close());

  const { newOrders, order, events, counts, put } = bulkHelpers(() => t);

  it('assigns free orders to the caller, logs it, and they show in My Orders', async () => {
    const ids = await newOrders(2);
    const before = await counts(tara);
    const res = await put('assign-order-status', tara, { orderId: ids, assignto: 'Tara Team' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: MSG.orderAssigned,
      data: { assigned: ids, conflicts: [], notFound: [] },
    });
    expect((await order(ids[0] as string)).assigned_to).toBe(tara.id);
    expect(await events(ids[0] as string)).toEqual([
      { kind: 'assign', staff_id: tara.id, staff_name: 'Tara Team', from_value: null, to_value: 'Tara Team' },
    ]);
    const mine = (
      await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'myOrder' }, query: { limit: 'all' } }, tara)
    ).json();
    expect(mine.data.map((o: OrderListItem) => o.order_id)).toEqual(expect.arrayContaining(ids));
    expect((await counts(tara)).myOrdersCount).toBe(before.myOrdersCount! + 2);
    // Assigning again is harmless: still mine, nothing new logged.
    const again = await put('assign-order-status', tara, { orderId: ids });
    expect(again.json()).toMatchObject({ status: 1, data: { assigned: ids } });
    expect(await events(ids[0] as string)).toHaveLength(1);
  });

  it('only assigns to the caller: another name in assignto is refused', async () => {
    const [id] = await newOrders(1);
    const res = await put('assign-order-status', tara, { orderId: [id], assignto: 'Nina Night' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: ORDER_MSG.assignToSelfOnly });
    expect((await order(id as string)).assigned_to).toBeNull();
  });

  it('a blank assignto clears the assignment, as Move to Original Folder does (SPEC §4, §7)', async () => {
    const [mine, others] = (await newOrders(2)) as [string, string];
    await assignAs(tara.token, t, [mine]);
    await assignAs(nina.token, t, [others]);
    const res = await put('assign-order-status', tara, { orderId: [mine], assignto: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: ORDER_MSG.unassigned,
      data: { unassigned: [mine], conflicts: [], notFound: [] },
    });
    expect((await order(mine)).assigned_to).toBeNull();
    expect((await events(mine)).map((e) => e.kind)).toEqual(['assign', 'unassign']);
    // Someone else's order stays theirs: the same rule as unassign-order.
    const refused = await put('assign-order-status', tara, { orderId: [others], assignto: '  ' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.conflicts).toEqual([{ order_id: others, assign_to: 'Nina Night' }]);
    expect((await order(others)).assigned_to).toBe(nina.id);
  });

  it('reports orders held by someone else with the holder, and unknown ids', async () => {
    const [held, free] = (await newOrders(2)) as [string, string];
    await assignAs(tara.token, t, [held]);
    const partial = await put('assign-order-status', nina, { orderId: [held, free, 'UKETA-99999999'] });
    expect(partial.statusCode).toBe(200);
    const body = partial.json();
    expect(body.status).toBe(1);
    expect(body.data).toEqual({
      assigned: [free],
      conflicts: [{ order_id: held, assign_to: 'Tara Team' }],
      notFound: ['UKETA-99999999'],
    });
    expect(body.message).toContain('Tara Team');
    expect(body.message).toContain(held);
    const none = await put('assign-order-status', nina, { orderId: [held] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ status: 0, data: { assigned: [], conflicts: [{ assign_to: 'Tara Team' }] } });
    expect(none.json().message).toContain('Tara Team');
    expect((await order(held)).assigned_to).toBe(tara.id);
    const unknown = await put('assign-order-status', nina, { orderId: ['UKETA-99999998'] });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets Admin and Manager take over an order, logged as a takeover', async () => {
    const [a, b] = (await newOrders(2)) as [string, string];
    await assignAs(tara.token, t, [a, b]);
    const res = await put('assign-order-status', admin, { orderId: [a] });
    expect(res.json()).toMatchObject({ status: 1, message: MSG.orderAssigned, data: { assigned: [a] } });
    expect((await order(a)).assigned_to).toBe(admin.id);
    expect((await events(a)).at(-1)).toEqual({
      kind: 'takeover',
      staff_id: admin.id,
      staff_name: 'Alice Admin',
      from_value: 'Tara Team',
      to_value: 'Alice Admin',
    });
    expect((await put('assign-order-status', manager, { orderId: [b] })).json().data.assigned).toEqual([b]);
  });

  it('moves my orders back to their folder; others need Admin or Manager to do it for them', async () => {
    const [a, b] = (await newOrders(2)) as [string, string];
    await assignAs(tara.token, t, [a, b]);
    const mine = await put('unassign-order', tara, { orderId: [a] });
    expect(mine.json()).toEqual({
      status: 1,
      message: ORDER_MSG.unassigned,
      data: { unassigned: [a], conflicts: [], notFound: [] },
    });
    expect((await order(a)).assigned_to).toBeNull();
    expect((await events(a)).at(-1)).toMatchObject({ kind: 'unassign', from_value: 'Tara Team', to_value: null });
    const newList = (
      await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'newOrder' }, query: { limit: 'all' } }, nina)
    ).json();
    expect(newList.data.find((o: OrderListItem) => o.order_id === a)).toMatchObject({ assign_to: '' });

    const notHers = await put('unassign-order', nina, { orderId: [b] });
    expect(notHers.statusCode).toBe(409);
    expect(notHers.json()).toMatchObject({ status: 0, data: { conflicts: [{ order_id: b, assign_to: 'Tara Team' }] } });
    expect((await order(b)).assigned_to).toBe(tara.id);
    expect((await put('unassign-order', manager, { orderId: [b] })).json().data.unassigned).toEqual([b]);
    expect((await order(b)).assigned_to).toBeNull();
  });

  it('gives every order exactly one holder when two members race for them', async () => {
    const ids = await newOrders(10);
    const before = [await counts(tara), await counts(nina)];
    const racers = [tara, nina];
    const requests = Array.from({ length: 40 }, (_, i) => {
      const member = racers[i % 2] as Member;
      // each request names the same orders, in a different order
      const shuffled = [...ids].sort(() => Math.random() - 0.5);
      return assignAs(member.token, t, shuffled).then((res) => ({ member, res }));
    });
    const results = await Promise.all(requests);
    const reportedTo = new Map<string, Set<number>>();
    for (const { member, res } of results) {
      expect([200, 409]).toContain(res.statusCode);
      const body = res.json();
      expect(body.data.assigned.length + body.data.conflicts.length).toBe(10);
      for (const id of body.data.assigned) {
        reportedTo.set(id, new Set([...(reportedTo.get(id) ?? []), member.id]));
      }
      for (const c of body.data.conflicts) {
        expect(c.assign_to).toBe(member.id === tara.id ? 'Nina Night' : 'Tara Team');
      }
    }
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select(['order_id', 'assigned_to'])
      .where('order_id', 'in', ids)
      .execute();
    for (const row of rows) {
      expect([tara.id, nina.id]).toContain(row.assigned_to);
      expect([...(reportedTo.get(row.order_id) ?? [])]).toEqual([row.assigned_to]);
    }
    const after = [await counts(tara), await counts(nina)];
    const [taraGained, ninaGained] = after.map((c, i) => c.myOrdersCount! - before[i]!.myOrdersCount!) as [
      number,
      number,
    ];
    expect(taraGained + ninaGained).toBe(10);
    expect(taraGained).toBe(rows.filter((r) => r.assigned_to === tara.id).length);
    expect(after[0]!.newOrdersCount).toBe(before[0]!.newOrdersCount);
  });

  it('keeps a true history when Admin and Manager take over and free the same orders at once', async () => {
    const ids = await newOrders(5);
    await assignAs(tara.token, t, ids);
    const shuffled = () => [...ids].sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        i % 3 === 2
          ? put('unassign-order', manager, { orderId: shuffled() })
          : put('assign-order-status', i % 3 === 0 ? admin : manager, { orderId: shuffled() }),
      ),
    );
    for (const res of results) {
      const { data } = res.json();
      expect(data.assigned ?? data.unassigned, JSON.stringify(res.json())).toHaveLength(5);
    }
    for (const id of ids) {
      const history = await events(id);
      // every change names the holder the one before it left; the last leaves the order as it is
      let holder: string | null = 'Tara Team';
      for (const e of history.slice(1)) {
        expect(e.from_value, JSON.stringify(history)).toBe(holder);
        expect(e.kind).toBe(e.to_value === null ? 'unassign' : holder === null ? 'assign' : 'takeover');
        holder = e.to_value;
      }
      const current = await order(id);
      expect(current.assigned_to).toBe(holder === null ? null : history.at(-1)?.staff_id);
    }
  });

  it.each([ROLE.Team, ROLE.Telecaller, ROLE.NightStaff] as Role[])('refuses delete to %s with 403', async (type) => {
    const member = await createMember(t, type);
    const [id] = await newOrders(1);
    const res = await put('change-order-status', member, { orderId: [id], updatingStatus: 'Deleted' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(0);
    expect((await order(id as string)).process_status).toBe(STATUS.New);
  });

  it('deletes for a Manager, one id or many, into the Deleted folder', async () => {
    const [a, b, c] = (await newOrders(3)) as [string, string, string];
    const before = await counts(manager);
    const one = await put('change-order-status', manager, { orderId: a, updatingStatus: 'Deleted' });
    expect(one.json()).toEqual({
      status: 1,
      message: MSG.orderDeleted,
      data: { updated: [a], unchanged: [], conflicts: [], notFound: [] },
    });
    const many = await put('change-order-status', admin, { orderId: [b, c], updatingStatus: 'Deleted' });
    expect(many.json()).toMatchObject({ status: 1, message: MSG.orderDeleted });
    expect((await order(c)).process_status).toBe(STATUS.Deleted);
    expect((await events(a)).at(-1)).toMatchObject({
      kind: 'status',
      from_value: STATUS.New,
      to_value: STATUS.Deleted,
    });
    const after = await counts(manager);
    expect(after.deletedOrdersCount).toBe(before.deletedOrdersCount! + 3);
    expect(after.newOrdersCount).toBe(before.newOrdersCount! - 3);
    const again = await put('change-order-status', manager, { orderId: a, updatingStatus: 'Deleted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.unchanged).toEqual([a]);
  });

  it('accepts only Deleted on change-order-status', async () => {
    const [id] = await newOrders(1);
    const res = await put('change-order-status', manager, { orderId: id, updatingStatus: STATUS.Completed });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: ORDER_MSG.onlyDeleted });
  });

  it('applies the hold rule: a New order held by another is refused to Team, Telecaller and Night Staff', async () => {
    const [held, pending] = (await newOrders(2)) as [string, string];
    await assignAs(tara.token, t, [held, pending]);
    await t.app.ctx.db
      .updateTable('orders')
      .set({ process_status: STATUS.Pending })
      .where('order_id', '=', pending)
      .execute();
    const refused = await put('move-to-complete-refund', nina, { orderId: held });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 0,
      data: { conflicts: [{ order_id: held, assign_to: 'Tara Team' }] },
    });
    expect(refused.json().message).toContain('Tara Team');
    expect((await order(held)).process_status).toBe(STATUS.New);
    // Outside New, Priority Processing and moveToProcessMarch the hold does not apply.
    expect((await put('move-to-complete-refund', nina, { orderId: pending })).statusCode).toBe(200);
    // The holder and a Manager may write to it.
    expect((await put('move-to-complete-refund', manager, { orderId: held })).statusCode).toBe(200);
    expect((await order(held)).process_status).toBe(STATUS.Refunds);
  });

  it.each([
    ['assign-order-status', { orderId: [] }],
    ['assign-order-status', { orderId: 'UKETA-12345678' }],
    ['assign-order-status', { orderId: ['bad id!'] }],
    ['assign-order-status', { orderId: Array.from({ length: 501 }, (_, i) => `UKETA-${10_000_000 + i}`) }],
    ['unassign-order', {}],
    ['change-order-status', { orderId: [], updatingStatus: 'Deleted' }],
    ['move-to-complete-refund', { orderId: 42 }],
  ])('refuses %s with %j as 400', async (path, payload) => {
    const res = await put(path, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  it.each([['assign-order-status'], ['unassign-order'], ['change-order-status'], ['move-to-complete-refund']])(
    'refuses %s without a session',
    async (path) => {
      const res = await put(path, null, { orderId: ['UKETA-12345678'], updatingStatus: 'Deleted' });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
    },
  );
});
