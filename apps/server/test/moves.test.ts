import {
  DETAIL_CONTRACTS,
  MOVE_RULES,
  movedMessage,
  moveRefusal,
  moveRefusalMessage,
  ORDER_STATUSES,
  ORDERS_CONTRACTS,
  type OrderStatus,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Every status a move may start from, crossed with every status asked for. */
const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));

describeEachDialect('move-order-status', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let tara: Member;
  let nina: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => t.close());

  const move = (member: Member | null, orderId: string, updatingStatus: string) =>
    api(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus } }, member?.token ?? null);
  const setStatus = (orderId: string, status: OrderStatus) =>
    t.app.ctx.db.updateTable('orders').set({ process_status: status }).where('order_id', '=', orderId).execute();

  it('allows exactly the moves of the shared table and says why every other is refused', async () => {
    const ids = await seedOrders(
      t,
      PAIRS.map(() => buildOrder()),
    );
    const outcomes: string[] = [];
    for (const [i, { from, to }] of PAIRS.entries()) {
      const id = ids[i] as string;
      await setStatus(id, from);
      const res = await move(admin, id, to);
      const refusal = moveRefusal(from, to, ROLE.Admin);
      const after = (await orderRow(t, id)).process_status;
      if (refusal === null) {
        expect(res.statusCode, `${from} → ${to}`).toBe(200);
        expect(res.json()).toEqual({ status: 1, message: movedMessage(to), data: { order_id: id, from, to } });
        expect(after).toBe(to);
        outcomes.push(`${from}→${to}`);
      } else {
        const code = refusal === 'sameStatus' || refusal === 'notFromHere' ? 409 : 400;
        expect(res.statusCode, `${from} → ${to}`).toBe(code);
        expect(res.json()).toMatchObject({ status: 0, message: moveRefusalMessage(refusal, from, to) });
        expect(after).toBe(from);
      }
    }
    // The table itself, spelled out (DESIGN §6): 6 targets from any other status, AwaitingGovt from 4, Customer Called from 1.
    expect(outcomes).toHaveLength(6 * 12 + 4 + 1);
    expect(outcomes).toContain(`${STATUS.Awaiting}→${STATUS.AwaitingGovt}`);
    expect(outcomes).not.toContain(`${STATUS.Pending}→${STATUS.AwaitingGovt}`);
    expect(outcomes).not.toContain(`${STATUS.New}→${STATUS.CustomerCalled}`);
    expect(outcomes.some((o) => o.endsWith(`→${STATUS.Refunds}`))).toBe(false);
  });

  it('logs each move as a status event with who, from and to', async () => {
    const id = await newOrder(t);
    await move(nina, id, STATUS.ContactCustomer);
    await move(nina, id, STATUS.CustomerCalled);
    const { id: dbId } = await orderRow(t, id);
    const events = await t.app.ctx.db
      .selectFrom('order_events')
      .select(['kind', 'staff_name', 'from_value', 'to_value'])
      .where('order_key', '=', dbId)
      .where('kind', '=', 'status')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'status', staff_name: 'Nina Night', from_value: STATUS.New, to_value: STATUS.ContactCustomer },
      { kind: 'status', staff_name: 'Nina Night', from_value: STATUS.ContactCustomer, to_value: STATUS.CustomerCalled },
    ]);
  });

  it('accepts Awaiting without its trailing space and refuses unknown statuses', async () => {
    const id = await newOrder(t);
    const res = await move(tara, id, 'Awaiting');
    expect(res.statusCode).toBe(200);
    expect((await orderRow(t, id)).process_status).toBe(STATUS.Awaiting);
    const bad = await move(tara, id, 'Shipped');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown process status.');
  });

  describe('who may move', () => {
    const deleteRule = MOVE_RULES.find((r) => r.to === STATUS.Deleted);

    it.each([ROLE.Team, ROLE.Telecaller, ROLE.NightStaff])('%s cannot delete (403)', async (type) => {
      expect(deleteRule?.capability).toBe('orders.delete');
      const member = await createMember(t, type);
      const id = await newOrder(t);
      const res = await move(member, id, STATUS.Deleted);
      expect(res.statusCode).toBe(403);
      expect((await orderRow(t, id)).process_status).toBe(STATUS.New);
    });

    it.each([ROLE.Admin, ROLE.Manager])('%s can delete', async (type) => {
      const member = await createMember(t, type);
      const id = await newOrder(t);
      const res = await move(member, id, STATUS.Deleted);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ order_id: id, from: STATUS.New, to: STATUS.Deleted });
      // The order really is Deleted: in the database and as the detail screen reads it.
      expect((await orderRow(t, id)).process_status).toBe(STATUS.Deleted);
      const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, member);
      expect(detail.json().data.process_status).toBe(STATUS.Deleted);
    });

    it('answers 401 without a token and 404 for an unknown order', async () => {
      expect((await move(null, 'UKETA-00000001', STATUS.Completed)).statusCode).toBe(401);
      expect((await move(tara, 'UKETA-00000001', STATUS.Completed)).statusCode).toBe(404);
    });

    it('applies the hold rule: a New order held by another is refused to Team, Night Staff and Telecaller', async () => {
      const caller = await createMember(t, ROLE.Telecaller, 'Cal Caller');
      const [held, pending] = (await seedOrders(t, [buildOrder(), buildOrder()])) as [string, string];
      await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [held, pending] } }, tara);
      for (const member of [nina, caller]) {
        const res = await move(member, held, STATUS.Completed);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ status: 0, data: { order_id: held, assign_to: 'Tara Team' } });
        expect(res.json().message).toContain('Tara Team');
      }
      expect((await orderRow(t, held)).process_status).toBe(STATUS.New);
      // Outside New, Priority Processing and moveToProcessMarch the hold does not apply.
      await setStatus(pending, STATUS.Pending);
      expect((await move(nina, pending, STATUS.Awaiting)).statusCode).toBe(200);
      // The holder and Admin may.
      expect((await move(tara, held, STATUS.Awaiting)).statusCode).toBe(200);
      expect((await move(admin, held, STATUS.Completed)).statusCode).toBe(200);
    });
  });

  describe('processed_by (DESIGN §6)', () => {
    it('is who moved the order to Completed, until the first uploader of its document takes it', async () => {
      const id = await newOrder(t);
      await move(tara, id, STATUS.Completed);
      const completed = await orderRow(t, id);
      expect(completed.processed_by).toBe(tara.id);
      // A second move to Completed (after a detour) keeps it.
      await move(nina, id, STATUS.Awaiting);
      await move(nina, id, STATUS.Completed);
      expect((await orderRow(t, id)).processed_by).toBe(tara.id);
      // The status event, then the attribution, and only the first time.
      const log = await t.app.ctx.db
        .selectFrom('order_events')
        .select(['kind', 'staff_name', 'from_value', 'to_value'])
        .where('order_key', '=', completed.id)
        .where('kind', 'in', ['status', 'processed_by'])
        .orderBy('id')
        .execute();
      expect(log).toEqual([
        { kind: 'status', staff_name: 'Tara Team', from_value: STATUS.New, to_value: STATUS.Completed },
        { kind: 'processed_by', staff_name: 'Tara Team', from_value: null, to_value: 'Tara Team' },
        { kind: 'status', staff_name: 'Nina Night', from_value: STATUS.Completed, to_value: STATUS.Awaiting },
        { kind: 'status', staff_name: 'Nina Night', from_value: STATUS.Awaiting, to_value: STATUS.Completed },
      ]);
      // The first upload wins over the Completed move; later uploads change nothing.
      expect(
        (await uploadDocument(t, nina.token, { orderId: id, email: 'x@example.test' }, pdfFile())).statusCode,
      ).toBe(201);
      expect((await orderRow(t, id)).processed_by).toBe(nina.id);
      expect(
        (await uploadDocument(t, admin.token, { orderId: id, email: 'x@example.test' }, pdfFile())).statusCode,
      ).toBe(201);
      expect((await orderRow(t, id)).processed_by).toBe(nina.id);
    });

    it('stays with the first uploader when someone else completes the order', async () => {
      const id = await newOrder(t);
      await uploadDocument(t, nina.token, { orderId: id, email: 'x@example.test' }, pdfFile());
      await move(tara, id, STATUS.Completed);
      expect((await orderRow(t, id)).processed_by).toBe(nina.id);
      const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara);
      expect(detail.json().data.processed_by).toBe('Nina Night');
    });
  });
});
