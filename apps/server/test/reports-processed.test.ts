import {
  encodeId,
  ORDERS_CONTRACTS,
  type ProcessedByReportRow,
  REPORT_MSG,
  REPORTS_CONTRACTS,
  ROLE,
  STATUS,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** The app's clock is moved here, so "processed today" is a known day whatever the real date. */
const NOON = Date.parse('2030-06-15T12:00:00.000Z');
const DAY = { fromDate: '2030-06-15', toDate: '2030-06-15' };

describeEachDialect('processed-by report', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let manager: Member;
  let tara: Member;
  let nina: Member;
  let telecaller: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    manager = await createMember(t, ROLE.Manager, 'Max Manager');
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    telecaller = await createMember(t, ROLE.Telecaller, 'Tom Telecaller');
    t.advance(NOON - t.app.ctx.clock());
  });
  afterAll(() => t.close());

  const move = (member: Member, orderId: string, updatingStatus: string) =>
    api(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus } }, member);
  const upload = (member: Member, orderId: string) =>
    uploadDocument(t, member.token, { orderId, email: 'applicant@example.test' }, pdfFile());
  const report = async (body: object, member: Member = manager) => {
    const res = await api(t, REPORTS_CONTRACTS.processedBy, { body }, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: REPORT_MSG.processedListed });
    return res.json().data as ProcessedByReportRow[];
  };
  /** processed_by set in the database directly, at a chosen instant (the trigger dates it). */
  const processAt = (orderId: string, member: Member, at: string) =>
    t.app.ctx.db
      .updateTable('orders')
      .set({ processed_by: member.id, updated_at: at })
      .where('order_id', '=', orderId)
      .execute();

  it('credits the first uploader, else whoever completed the order, on the day it was processed', async () => {
    expect(await report(DAY)).toEqual([]);
    // Completed only: Tara.
    const a = await newOrder(t);
    expect((await move(tara, a, STATUS.Completed)).statusCode).toBe(200);
    // Uploaded by Nina, completed by Tara: Nina.
    const b = await newOrder(t);
    expect((await upload(nina, b)).statusCode).toBe(201);
    expect((await move(tara, b, STATUS.Completed)).statusCode).toBe(200);
    // Completed by Tara, then the first upload by Nina: the upload wins, and Tara's count goes down.
    const c = await newOrder(t);
    expect((await move(tara, c, STATUS.Completed)).statusCode).toBe(200);
    // Documents met the service level of Nina's (DESIGN §18); Tara's orders were completed with none.
    expect(await report(DAY)).toEqual([
      { processed_by: 'Tara Team', count: 2, sla_met_percent: 0 },
      { processed_by: 'Nina Night', count: 1, sla_met_percent: 100 },
    ]);
    expect((await upload(nina, c)).statusCode).toBe(201);
    // A later upload by someone else changes nothing.
    expect((await upload(admin, c)).statusCode).toBe(201);
    // Not processed: moved, but neither uploaded nor completed.
    const d = await newOrder(t);
    expect((await move(tara, d, STATUS.Awaiting)).statusCode).toBe(200);

    // Dated when the upload took the attribution over: the app's clock, today.
    expect((await orderRow(t, c)).processed_at?.slice(0, 10)).toBe(DAY.fromDate);
    expect(await report(DAY)).toEqual([
      { processed_by: 'Nina Night', count: 2, sla_met_percent: 100 },
      { processed_by: 'Tara Team', count: 1, sla_met_percent: 0 },
    ]);
    expect(await report(DAY, admin)).toEqual(await report(DAY, manager));
    expect(await report({ fromDate: '2030-06-16' })).toEqual([]);
    expect(await report({ toDate: '2030-06-14' })).toEqual([]);
  });

  it('counts by the day an order was processed, not the day it was created, edges included', async () => {
    const created2019 = await newOrder(t, { created_at: '2019-05-05T10:00:00Z' });
    const first = await newOrder(t);
    const last = await newOrder(t);
    const before = await newOrder(t);
    const after = await newOrder(t);
    await processAt(created2019, manager, '2031-03-10T08:00:00.000Z');
    await processAt(first, manager, '2031-03-01T00:00:00.000Z');
    await processAt(last, admin, '2031-03-31T23:59:59.999Z');
    await processAt(before, admin, '2031-02-28T23:59:59.999Z');
    await processAt(after, admin, '2031-04-01T00:00:00.000Z');

    expect(await report({ fromDate: '2031-03-01', toDate: '2031-03-31' })).toEqual([
      { processed_by: 'Max Manager', count: 2, sla_met_percent: 0 },
      { processed_by: 'Ada Admin', count: 1, sla_met_percent: 0 },
    ]);
    expect(await report({ fromDate: '2031-03-31', toDate: '2031-03-31' })).toEqual([
      { processed_by: 'Ada Admin', count: 1, sla_met_percent: 0 },
    ]);
    expect(await report({ fromDate: '2031-02-28', toDate: '2031-04-01' })).toEqual([
      { processed_by: 'Ada Admin', count: 3, sla_met_percent: 0 },
      { processed_by: 'Max Manager', count: 2, sla_met_percent: 0 },
    ]);
    expect(await report({ fromDate: '2019-05-01', toDate: '2019-05-31' })).toEqual([]);
    expect((await orderRow(t, last)).processed_at).toBe('2031-03-31T23:59:59.999Z');

    // Clearing the attribution takes the order out of the report.
    await t.app.ctx.db.updateTable('orders').set({ processed_by: null }).where('order_id', '=', first).execute();
    expect((await orderRow(t, first)).processed_at).toBeNull();
    expect(await report({ fromDate: '2031-03-01', toDate: '2031-03-01' })).toEqual([]);
  });

  it('follows orders written and removed many in one statement', async () => {
    const { id: _id, ...template } = await orderRow(t, await newOrder(t));
    const rows = Array.from({ length: 6 }, (_, i) => ({
      ...template,
      order_id: `${template.order_id}-B${i}`,
      processed_by: i % 3 === 0 ? admin.id : manager.id,
      processed_at: `2031-11-0${1 + (i % 2)}T09:00:00.000Z`,
      // the first three met their service level (DESIGN §18): the statement's tallies count them too
      sla_met_at: i < 3 ? template.created_at : null,
    }));
    const { db } = t.app.ctx;
    await db.insertInto('orders').values(rows).execute();
    expect(await report({ fromDate: '2031-11-01', toDate: '2031-11-30' })).toEqual([
      { processed_by: 'Max Manager', count: 4, sla_met_percent: 50 },
      { processed_by: 'Ada Admin', count: 2, sla_met_percent: 50 },
    ]);
    expect(await report({ fromDate: '2031-11-02', toDate: '2031-11-02' })).toEqual([
      { processed_by: 'Max Manager', count: 2, sla_met_percent: 50 },
      { processed_by: 'Ada Admin', count: 1, sla_met_percent: 0 },
    ]);
    await db
      .deleteFrom('orders')
      .where(
        'order_id',
        'in',
        rows.slice(0, 4).map((r) => r.order_id),
      )
      .execute();
    expect(await report({ fromDate: '2031-11-01', toDate: '2031-11-30' })).toEqual([
      { processed_by: 'Max Manager', count: 2, sla_met_percent: 0 },
    ]);
    await db
      .deleteFrom('orders')
      .where(
        'order_id',
        'in',
        rows.map((r) => r.order_id),
      )
      .execute();
    expect(await report({ fromDate: '2031-11-01', toDate: '2031-11-30' })).toEqual([]);
  });

  it('keeps a deleted member under their name', async () => {
    const gone = await createMember(t, ROLE.Team, 'Gina Gone');
    const id = await newOrder(t);
    await processAt(id, gone, '2032-01-10T10:00:00.000Z');
    const res = await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(gone.id) } }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await report({ fromDate: '2032-01-01' })).toEqual([
      { processed_by: 'Gina Gone', count: 1, sla_met_percent: 0 },
    ]);
  });

  it('is for Admin and Manager only', async () => {
    for (const member of [tara, nina, telecaller]) {
      const res = await api(t, REPORTS_CONTRACTS.processedBy, { body: DAY }, member);
      expect(res.statusCode, member.type).toBe(403);
      expect(res.json().status).toBe(0);
    }
    const anonymous = await api(t, REPORTS_CONTRACTS.processedBy, { body: DAY });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
  });

  it('refuses bad dates with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ fromDate: '2030-13-01' }, 'fromDate', REPORT_MSG.fromDate],
      [{ toDate: 'yesterday' }, 'toDate', REPORT_MSG.toDate],
      [{ fromDate: '2030-06-16', toDate: '2030-06-15' }, 'fromDate', REPORT_MSG.rangeOrder],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(t, REPORTS_CONTRACTS.processedBy, { body }, manager);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 0, message, data: { errors: { [field]: message } } });
    }
  });
});
