import { ORDER_MSG, ORDERS_CONTRACTS, type OrderListItem, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { bulkHelpers, INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** PUT /admin/move-to-complete-refund: "Completed Refunds" and the Refunds queue's "Refunded it" (SPEC §4). */
describeEachDialect('refunds', (dialect) => {
  let t: TestApp;
  let nina: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => t.close());

  const { newOrders, order, events, counts, put } = bulkHelpers(() => t);

  it('refunds: status Refunds, refund_date set, one refund event per order and its refund mail', async () => {
    const [a, b] = (await newOrders(2, { process_status: STATUS.Completed })) as [string, string];
    const res = await put('move-to-complete-refund', nina, { orderId: [a, b] });
    expect(res.json()).toMatchObject({ status: 1, message: ORDER_MSG.refunded, data: { updated: [a, b] } });
    const row = await order(a);
    expect(row.process_status).toBe(STATUS.Refunds);
    expect(row.refund_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await events(a)).toEqual([
      {
        kind: 'refund',
        staff_id: nina.id,
        staff_name: 'Nina Night',
        from_value: STATUS.Completed,
        to_value: STATUS.Refunds,
      },
      // The refund mail is queued with the move (SPEC §4); its content is tested in detail-mail.test.ts.
      { kind: 'mail', staff_id: nina.id, staff_name: 'Nina Night', from_value: null, to_value: 'refund' },
    ]);
    const list = (
      await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'refundorder' }, query: { limit: 'all' } }, nina)
    ).json();
    expect(list.data.find((o: OrderListItem) => o.order_id === a)!.refund_date).toBe(row.refund_date);
  });

  it('refunds a refund request in the Refunds queue: its refund date, one refund event and its mail, status kept', async () => {
    // A refund request arrives from a website already in Refunds, with no refund date (SPEC §2 refund view).
    const [requested, completed] = (await newOrders(1, { process_status: STATUS.Refunds }).then(async (r) => [
      ...r,
      ...(await newOrders(1, { process_status: STATUS.Completed })),
    ])) as [string, string];
    expect((await order(requested)).refund_date).toBeNull();
    const listed = (
      await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'refundorder' }, query: { limit: 'all' } }, nina)
    ).json();
    expect(listed.data.map((o: OrderListItem) => o.order_id)).toContain(requested);

    const countsBefore = await counts(nina);
    const res = await put('move-to-complete-refund', nina, { orderId: [requested] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: ORDER_MSG.refunded, data: { updated: [requested] } });
    // No status changed, so no folder count did (the counters follow process_status only).
    expect(await counts(nina)).toEqual(countsBefore);
    const row = await order(requested);
    expect(row.process_status).toBe(STATUS.Refunds);
    expect(row.refund_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await events(requested)).toEqual([
      {
        kind: 'refund',
        staff_id: nina.id,
        staff_name: 'Nina Night',
        from_value: STATUS.Refunds,
        to_value: STATUS.Refunds,
      },
      { kind: 'mail', staff_id: nina.id, staff_name: 'Nina Night', from_value: null, to_value: 'refund' },
    ]);

    // Refunded once is refunded: asked again with an order still to refund, only that one changes.
    const again = await put('move-to-complete-refund', nina, { orderId: [requested, completed] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 1,
      message: `1 of 2 orders marked as refunded. Already refunded: ${requested}.`,
      data: { updated: [completed], unchanged: [requested] },
    });
    expect((await order(requested)).refund_date).toBe(row.refund_date);
    expect(await events(requested)).toHaveLength(2);
    const none = await put('move-to-complete-refund', nina, { orderId: [requested] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ status: 0, message: `Already refunded: ${requested}.` });
  });
});
