import { type OrderStatus, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import type { Transactions } from '../src/lib/transaction.ts';
import { postgresOrderWrites } from '../src/modules/orders/order-writes.pg.ts';
import { sqliteOrderWrites } from '../src/modules/orders/order-writes.sqlite.ts';
import type { OrderWrites } from '../src/modules/orders/order-writes.ts';
import { postgresRemarkWrites } from '../src/modules/remarks/remark-writes.pg.ts';
import { type RemarkValues, type RemarkWrites, sqliteRemarkWrites } from '../src/modules/remarks/remark-writes.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/*
 * The contract of the write strategies (order-writes.ts, remark-writes.ts): the same cases, run
 * against SQLite's implementation on SQLite and PostgreSQL's on PostgreSQL, must change the same
 * rows, log the same events and refuse the same way. The implementations are built here from the
 * test app's database, not taken from its context, so each case names what it tests.
 */
const IMPLEMENTATIONS: Record<
  DialectName,
  { orders: (transactions: Transactions) => OrderWrites; remarks: (transactions: Transactions) => RemarkWrites }
> = {
  sqlite: { orders: sqliteOrderWrites, remarks: sqliteRemarkWrites },
  postgres: { orders: postgresOrderWrites, remarks: postgresRemarkWrites },
};

const AT = '2026-03-02T10:00:00.000Z';

describeEachDialect('write strategies: one contract', (dialect) => {
  let t: TestApp;
  let writes: OrderWrites;
  let remarks: RemarkWrites;
  let ann: Member;
  let bob: Member;
  let max: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    writes = IMPLEMENTATIONS[dialect].orders(t.app.ctx.transactions);
    remarks = IMPLEMENTATIONS[dialect].remarks(t.app.ctx.transactions);
    ann = await createMember(t, ROLE.Team, 'Ann Team');
    bob = await createMember(t, ROLE.Team, 'Bob Team');
    max = await createMember(t, ROLE.Manager, 'Max Manager');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const newOrder = async (fields: Record<string, unknown> = {}) => {
    const [orderId] = await seedOrders(t, [buildOrder(fields)]);
    return orderId as string;
  };
  const row = (orderId: string) =>
    db().selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const holdBy = (orderId: string, member: Member) =>
    db().updateTable('orders').set({ assigned_to: member.id }).where('order_id', '=', orderId).execute();
  /** the order's events but its creation, oldest first, every column */
  const events = async (orderId: string) => {
    const { id } = await row(orderId);
    return db()
      .selectFrom('order_events')
      .select(['kind', 'staff_id', 'staff_name', 'from_value', 'to_value', 'detail', 'created_at'])
      .where('order_key', '=', id)
      .where('kind', '<>', 'created')
      .orderBy('id')
      .execute();
  };
  const event = (by: Member, kind: string, from: string | null, to: string | null, detail: string | null = null) => ({
    kind,
    staff_id: by.id,
    staff_name: by.name,
    from_value: from,
    to_value: to,
    detail,
    created_at: AT,
  });

  it('assigns a free order, and logs it', async () => {
    const orderId = await newOrder();
    const { id } = await row(orderId);
    const change = await writes.assign(ann, [orderId], false, AT);
    expect(change.changed).toEqual([id]);
    // the locked rows as they were (LockedOrder; SQLite's carry more fields, which no caller reads)
    expect(change.rows).toMatchObject([{ id, order_id: orderId, process_status: STATUS.New, assigned_to: null }]);
    expect(await row(orderId)).toMatchObject({ assigned_to: ann.id, updated_at: AT });
    expect(await events(orderId)).toEqual([event(ann, 'assign', null, ann.name)]);
  });

  it("leaves an order already mine, and another's without takeover, naming its holder", async () => {
    const mine = await newOrder();
    const theirs = await newOrder();
    await holdBy(mine, ann);
    await holdBy(theirs, bob);
    const change = await writes.assign(ann, [mine, theirs], false, AT);
    expect(change.changed).toEqual([]);
    expect(change.rows.map((r) => r.assigned_to)).toEqual([ann.id, bob.id]);
    expect(change.names.get(bob.id)).toBe(bob.name);
    expect((await row(theirs)).assigned_to).toBe(bob.id);
    expect(await events(mine)).toEqual([]);
    expect(await events(theirs)).toEqual([]);
  });

  it("takes over another's order when allowed, logged as a takeover from the holder", async () => {
    const orderId = await newOrder();
    await holdBy(orderId, bob);
    const change = await writes.assign(max, [orderId, 'UKETA-NOT-THERE'], true, AT);
    expect(change.rows.map((r) => r.order_id)).toEqual([orderId]);
    expect(change.changed).toEqual([(await row(orderId)).id]);
    expect((await row(orderId)).assigned_to).toBe(max.id);
    expect(await events(orderId)).toEqual([event(max, 'takeover', bob.name, max.name)]);
  });

  it('unassigns my own order, and only with anyHolder another member’s; a free order is left', async () => {
    const mine = await newOrder();
    const theirs = await newOrder();
    const free = await newOrder();
    await holdBy(mine, ann);
    await holdBy(theirs, bob);
    const first = await writes.unassign(ann, [mine, theirs, free], false, AT);
    expect(first.changed).toEqual([(await row(mine)).id]);
    expect(first.names.get(bob.id)).toBe(bob.name);
    expect((await row(mine)).assigned_to).toBeNull();
    expect((await row(theirs)).assigned_to).toBe(bob.id);
    expect(await events(mine)).toEqual([event(ann, 'unassign', ann.name, null)]);
    expect(await events(free)).toEqual([]);

    const second = await writes.unassign(max, [theirs], true, AT);
    expect(second.changed).toEqual([(await row(theirs)).id]);
    expect(await events(theirs)).toEqual([event(max, 'unassign', bob.name, null)]);
  });

  it('moves one order as the transition table allows, attributing it on Completed', async () => {
    const orderId = await newOrder();
    expect(await writes.moveOne(ann, orderId, STATUS.Awaiting, AT)).toEqual({ order_id: orderId, from: STATUS.New });
    expect(await writes.moveOne(ann, orderId, STATUS.Completed, AT)).toEqual({
      order_id: orderId,
      from: STATUS.Awaiting,
    });
    expect(await row(orderId)).toMatchObject({ process_status: STATUS.Completed, processed_by: ann.id });
    expect(await events(orderId)).toEqual([
      event(ann, 'status', STATUS.New, STATUS.Awaiting),
      event(ann, 'status', STATUS.Awaiting, STATUS.Completed),
      event(ann, 'processed_by', null, ann.name),
    ]);
    // someone already processed it: Completed again keeps that attribution
    const again = await newOrder();
    await db().updateTable('orders').set({ processed_by: bob.id }).where('order_id', '=', again).execute();
    await writes.moveOne(ann, again, STATUS.Completed, AT);
    expect((await row(again)).processed_by).toBe(bob.id);
    expect(await events(again)).toEqual([event(ann, 'status', STATUS.New, STATUS.Completed)]);
  });

  it('refuses a move the rules refuse, saying why, and changes nothing', async () => {
    const orderId = await newOrder();
    const waiting = await newOrder();
    await db().updateTable('orders').set({ process_status: STATUS.Awaiting }).where('order_id', '=', waiting).execute();
    const refused = (staff: Member, id: string, to: OrderStatus) => expect(writes.moveOne(staff, id, to, AT)).rejects;
    await refused(ann, orderId, STATUS.Pending).toMatchObject({ httpStatus: 400 });
    await refused(ann, orderId, STATUS.Refunds).toMatchObject({ httpStatus: 400 });
    await refused(ann, orderId, STATUS.CustomerCalled).toMatchObject({
      httpStatus: 409,
      data: { process_status: STATUS.New },
    });
    await refused(ann, orderId, STATUS.Deleted).toMatchObject({ httpStatus: 403 });
    await refused(ann, waiting, STATUS.Awaiting).toMatchObject({
      httpStatus: 409,
      data: { process_status: STATUS.Awaiting },
    });
    await refused(ann, 'UKETA-NOT-THERE', STATUS.Awaiting).toMatchObject({ httpStatus: 404 });
    expect((await row(orderId)).process_status).toBe(STATUS.New);
    expect(await events(orderId)).toEqual([]);
    expect(await events(waiting)).toEqual([]);
  });

  it('refuses a move of an order held by another, naming the holder; a manager is not held back', async () => {
    const orderId = await newOrder();
    await holdBy(orderId, bob);
    await expect(writes.moveOne(ann, orderId, STATUS.Awaiting, AT)).rejects.toMatchObject({
      httpStatus: 409,
      data: { order_id: orderId, assign_to: bob.name },
    });
    expect(await events(orderId)).toEqual([]);
    await writes.moveOne(max, orderId, STATUS.Awaiting, AT);
    expect(await events(orderId)).toEqual([event(max, 'status', STATUS.New, STATUS.Awaiting)]);
  });

  const remarkOf = (by: Member, text: string): RemarkValues => ({
    staff_id: by.id,
    remark_name: by.name,
    remark: text,
    whatsapp: 'No',
    telephone: 'Yes',
    status_refund: 'No',
    voided: 'No',
    chargeback: 'No',
    report_error: 'No',
    us_date: '03/02/2026',
    us_time: '05:00 AM',
    created_at: AT,
  });
  const remarksOf = async (orderId: string) =>
    db()
      .selectFrom('remarks')
      .select(['id', 'staff_id', 'remark', 'telephone', 'created_at'])
      .where('order_key', '=', (await row(orderId)).id)
      .execute();

  it('saves a remark with its event', async () => {
    const orderId = await newOrder();
    const saved = await remarks.add(ann, orderId, remarkOf(ann, 'Called, no answer'), 'Called, no answer');
    expect(saved.order_id).toBe(orderId);
    expect(await remarksOf(orderId)).toEqual([
      { id: saved.id, staff_id: ann.id, remark: 'Called, no answer', telephone: 'Yes', created_at: AT },
    ]);
    expect(await events(orderId)).toEqual([event(ann, 'remark', null, null, 'Called, no answer')]);
  });

  it('saves a note on an order held by another (DESIGN §23), and refuses one on no order', async () => {
    const orderId = await newOrder();
    await holdBy(orderId, bob);
    await remarks.add(ann, orderId, remarkOf(ann, 'Called about it'), 'Called about it');
    expect((await remarksOf(orderId)).length).toBe(1);
    await expect(remarks.add(ann, 'UKETA-NOT-THERE', remarkOf(ann, 'x'), 'x')).rejects.toMatchObject({
      httpStatus: 404,
    });
  });
});
