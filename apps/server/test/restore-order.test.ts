import { FLOW_MSG, ORDERS_CONTRACTS, ROLE, SERVER_MSG, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §23 "Restore": POST /api/admin/restore-order { orderId } (capability orders.delete). */
describeEachDialect('restore a deleted order', (dialect) => {
  let t: TestApp;
  let manager: Member;
  let tara: Member;
  const { order, events, counts, put } = bulkHelpers(() => t);
  const restore = (member: Member | null, payload: unknown) =>
    api.raw(t, ORDERS_CONTRACTS.restore, { body: payload }, member?.token ?? null);
  const seed = async (fields: Record<string, unknown>) => (await seedOrders(t, [buildOrder(fields)]))[0] as string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    manager = await createMember(t, ROLE.Manager, 'Max Manager');
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  it.each([STATUS.Awaiting, STATUS.Completed, STATUS.ContactCustomer, STATUS.Priority])(
    'returns an order deleted from the detail to %s, logged in its Activity',
    async (status) => {
      const id = await seed({ process_status: status });
      expect(
        (await put('move-order-status', manager, { orderId: id, updatingStatus: STATUS.Deleted })).statusCode,
      ).toBe(200);
      const before = await counts(manager);
      const res = await restore(manager, { orderId: id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        message: FLOW_MSG.restored(status),
        data: { order_id: id, from: STATUS.Deleted, to: status },
      });
      expect((await order(id)).process_status).toBe(status);
      expect((await events(id)).at(-1)).toMatchObject({
        kind: 'status',
        staff_id: manager.id,
        from_value: STATUS.Deleted,
        to_value: status,
      });
      const detail = await t.app.ctx.db
        .selectFrom('order_events')
        .select('detail')
        .where('to_value', '=', status)
        .where('from_value', '=', STATUS.Deleted)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(detail.detail).toBe(FLOW_MSG.restoredNote);
      expect((await counts(manager)).deletedOrdersCount).toBe(before.deletedOrdersCount! - 1);
    },
  );

  it('uses the latest deletion: deleted from Pending by the queue, restored, moved and deleted again', async () => {
    const id = await seed({ process_status: STATUS.Pending });
    expect(
      (await put('change-order-status', manager, { orderId: [id], updatingStatus: STATUS.Deleted })).statusCode,
    ).toBe(200);
    expect((await restore(manager, { orderId: id })).json().data.to).toBe(STATUS.Pending);
    await put('move-order-status', manager, { orderId: id, updatingStatus: STATUS.Rejected });
    await put('move-order-status', manager, { orderId: id, updatingStatus: STATUS.Deleted });
    expect((await restore(manager, { orderId: id })).json().data.to).toBe(STATUS.Rejected);
  });

  it('sends an order that arrived Deleted where it would have arrived: Priority for a priority order, else New', async () => {
    const standard = await seed({ process_status: STATUS.Deleted, processing_type: 'standard' });
    const priority = await seed({ process_status: STATUS.Deleted, processing_type: 'priority' });
    expect((await restore(manager, { orderId: standard })).json().data.to).toBe(STATUS.New);
    expect((await restore(manager, { orderId: priority })).json().data.to).toBe(STATUS.Priority);
  });

  it('refuses an order that is not Deleted (409 naming its status) and an unknown one (404)', async () => {
    const id = await seed({ process_status: STATUS.AwaitingGovt });
    const res = await restore(manager, { orderId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 0,
      message: 'Only a deleted order can be restored; this order is in Awaiting Govt.',
      data: { process_status: STATUS.AwaitingGovt },
    });
    expect((await order(id)).process_status).toBe(STATUS.AwaitingGovt);
    expect((await restore(manager, { orderId: 'UKETA-NOPE-1' })).statusCode).toBe(404);
  });

  it('needs orders.delete (403 for Team), a valid order id (400) and a token (401)', async () => {
    const id = await seed({ process_status: STATUS.Deleted });
    const forbidden = await restore(tara, { orderId: id });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 0, message: SERVER_MSG.forbidden });
    expect((await order(id)).process_status).toBe(STATUS.Deleted);
    const bad = await restore(manager, { orderId: '!' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiRefusal>().data.errors)).toEqual(['orderId']);
    expect((await restore(manager, { orderId: id, extra: 1 })).statusCode).toBe(400);
    expect((await restore(null, { orderId: id })).statusCode).toBe(401);
  });
});
