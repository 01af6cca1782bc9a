import {
  DETAIL_CONTRACTS,
  ORDERS_CONTRACTS,
  type OrderDetail,
  type OrderListItem,
  type ProcessedByReportRow,
  REPORTS_CONTRACTS,
  ROLE,
  STATUS,
  serviceLevelBadge,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiQuery, api } from './api-client.ts';
import { newOrder, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { INGEST_KEY, listAll } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2030-03-02T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Hours of this file's app, unlike the defaults, so the settings are seen to count. */
const SETTINGS = { SLA_PRIORITY_HOURS: '10', SLA_STANDARD_HOURS: '30' };

/**
 * Service levels (DESIGN §18): the due time set on arrival by processing type, paused in the two
 * awaiting folders, met by the first document; the sixteenth folder, Overdue Orders, holding the
 * open orders past it; and the processed-by report's share of orders that met it. The app's clock
 * is moved (test-app.ts), so every time here is exact.
 */
describeEachDialect('service levels', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let manager: Member;
  let telecaller: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...SETTINGS }, { clockStart: T0 });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    manager = await createMember(t, ROLE.Manager, 'Max Manager');
    telecaller = await createMember(t, ROLE.Telecaller, 'Tom Telecaller');
  });
  afterAll(() => t.close());

  const now = () => t.app.ctx.clock();
  const detail = async (orderId: string): Promise<OrderDetail> => {
    const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const move = async (orderId: string, updatingStatus: string) => {
    const res = await api(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus } }, tara);
    expect(res.statusCode, res.body).toBe(200);
  };
  const upload = async (orderId: string, member: Member = tara) => {
    const res = await uploadDocument(t, member.token, { orderId, email: 'applicant@example.test' }, pdfFile());
    expect(res.statusCode, res.body).toBe(201);
  };
  const overdue = async (member: Member = tara, query: ApiQuery<typeof ORDERS_CONTRACTS.list> = {}) => {
    const res = await listAll(t, member.token, 'overdueOrder', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; data: OrderListItem[] };
  };
  const overdueCount = async (member: Member = tara) =>
    (await api(t, ORDERS_CONTRACTS.folderCounts, {}, member)).json().data.overdueOrdersCount;

  describe('due time', () => {
    it('is set on arrival from created_at, by processing type and the configured hours', async () => {
      const priority = await newOrder(t, { processing_type: 'priority' });
      const standard = await newOrder(t, { processing_type: 'standard' });
      const imported = await newOrder(t, { created_at: '2030-01-10T06:00:00Z' });
      expect(await detail(priority)).toMatchObject({
        sla_due_at: iso(now() + 10 * HOUR),
        sla_met_at: null,
        sla_paused_at: null,
      });
      expect((await detail(standard)).sla_due_at).toBe(iso(now() + 30 * HOUR));
      expect((await detail(imported)).sla_due_at).toBe('2030-01-11T12:00:00.000Z');
      // the queue row carries the same
      const rows = (await listAll(t, tara.token, 'priorityOrder')).json().data as OrderListItem[];
      expect(rows.find((r) => r.order_id === priority)).toMatchObject({
        sla_due_at: iso(now() + 10 * HOUR),
        sla_met_at: null,
      });
    });

    it('pauses an order that arrives waiting, from its creation', async () => {
      const waiting = await newOrder(t, { process_status: 'Awaiting', created_at: '2030-03-01T09:00:00Z' });
      expect(await detail(waiting)).toMatchObject({
        process_status: STATUS.Awaiting,
        sla_due_at: '2030-03-02T15:00:00.000Z',
        sla_paused_at: '2030-03-01T09:00:00.000Z',
      });
    });
  });

  describe('pause', () => {
    it('stands still in Awaiting Customer and Awaiting Govt, and adds the time spent there to the due time', async () => {
      const id = await newOrder(t);
      const due = iso(now() + 30 * HOUR);
      t.advance(2 * HOUR);
      await move(id, STATUS.Awaiting);
      const pausedAt = iso(now());
      expect(await detail(id)).toMatchObject({ sla_due_at: due, sla_paused_at: pausedAt });
      // Awaiting Customer to Awaiting Govt: still one pause
      t.advance(5 * HOUR);
      await move(id, STATUS.AwaitingGovt);
      expect(await detail(id)).toMatchObject({ sla_due_at: due, sla_paused_at: pausedAt });
      t.advance(3 * HOUR + 1234);
      await move(id, STATUS.ContactCustomer);
      expect(await detail(id)).toMatchObject({
        sla_due_at: iso(Date.parse(due) + 8 * HOUR + 1234),
        sla_paused_at: null,
      });
      // a second stint adds again
      await move(id, STATUS.Awaiting);
      t.advance(HOUR);
      await move(id, STATUS.ContactCustomer);
      expect((await detail(id)).sla_due_at).toBe(iso(Date.parse(due) + 9 * HOUR + 1234));
    });

    it('ends at the first document: the due time moves on by the pause so far, and a met order never pauses again', async () => {
      const id = await newOrder(t);
      const due = Date.parse((await detail(id)).sla_due_at as string);
      await move(id, STATUS.AwaitingGovt);
      t.advance(4 * HOUR);
      await upload(id);
      expect(await detail(id)).toMatchObject({
        sla_met_at: iso(now()),
        sla_paused_at: null,
        sla_due_at: iso(due + 4 * HOUR),
      });
      await move(id, STATUS.Awaiting);
      t.advance(HOUR);
      await move(id, STATUS.Completed);
      expect(await detail(id)).toMatchObject({
        sla_met_at: iso(now() - HOUR),
        sla_paused_at: null,
        sla_due_at: iso(due + 4 * HOUR),
      });
    });

    it('is met by the first upload only: a later upload changes nothing', async () => {
      const id = await newOrder(t);
      await upload(id);
      const met = iso(now());
      t.advance(HOUR);
      await upload(id, manager);
      expect((await detail(id)).sla_met_at).toBe(met);
    });
  });

  describe('Overdue Orders', () => {
    let fresh: TestApp;
    let member: Member;
    beforeAll(async () => {
      fresh = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...SETTINGS }, { clockStart: T0 });
      member = await createMember(fresh, ROLE.NightStaff, 'Nina Night');
    });
    afterAll(() => fresh.close());

    const list = async (query: ApiQuery<typeof ORDERS_CONTRACTS.list> = {}) => {
      const res = await listAll(fresh, member.token, 'overdueOrder', query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; data: OrderListItem[] };
    };
    const counted = async () =>
      (await api(fresh, ORDERS_CONTRACTS.folderCounts, {}, member)).json().data.overdueOrdersCount;
    const ids = (rows: OrderListItem[]) => rows.map((r) => r.order_id);

    it('holds exactly the open orders past their due time, not paused and not met, longest overdue first', async () => {
      const at = (fields: Record<string, unknown>) => newOrder(fresh, { first_name: 'Olive', ...fields });
      const priorityNew = await at({ processing_type: 'priority', sur_name: 'Early' });
      const standardNew = await at({ processing_type: 'standard', sur_name: 'Later' });
      fresh.advance(HOUR);
      const pending = await at({ processing_type: 'priority', process_status: 'Pending', sur_name: 'Pending' });
      const waiting = await at({ processing_type: 'priority', process_status: 'Awaiting' });
      const done = await at({ processing_type: 'priority', process_status: 'Completed' });
      const met = await at({ processing_type: 'priority' });
      const uploaded = await uploadDocument(fresh, member.token, { orderId: met, email: 'a@example.test' }, pdfFile());
      expect(uploaded.statusCode).toBe(201);

      expect(await list()).toMatchObject({ total: 0, data: [] });
      expect(await counted()).toBe(0);
      // due at T0 + 10 h exactly: not yet past
      fresh.advance(9 * HOUR);
      expect(await counted()).toBe(0);
      fresh.advance(1);
      expect(ids((await list()).data)).toEqual([priorityNew]);
      fresh.advance(HOUR);
      const late = await list();
      expect(late.total).toBe(2);
      expect(ids(late.data)).toEqual([priorityNew, pending]);
      expect(await counted()).toBe(2);
      expect(late.data.every((r) => serviceLevelBadge(r, fresh.app.ctx.clock())?.text === 'Overdue')).toBe(true);
      expect([waiting, done, met, standardNew].some((id) => ids(late.data).includes(id))).toBe(false);

      // the standard order at T0 + 30 h; the paused one never, until it leaves the wait
      fresh.advance(20 * HOUR);
      expect(ids((await list()).data)).toEqual([priorityNew, pending, standardNew]);
      const res = await api(
        fresh,
        ORDERS_CONTRACTS.move,
        { body: { orderId: waiting, updatingStatus: STATUS.ContactCustomer } },
        member,
      );
      expect(res.statusCode, res.body).toBe(200);
      // paused from T0 + 1 h to now (T0 + 31 h): due T0 + 11 h + 30 h, not yet
      expect(await counted()).toBe(3);
      fresh.advance(10 * HOUR + 1);
      expect(ids((await list()).data)).toEqual([priorityNew, pending, standardNew, waiting]);
      expect(await counted()).toBe(4);
    });

    it('pages, sorts and searches inside the folder as the other folders do', async () => {
      const page = async (query: string) => {
        const res = await call(fresh, 'GET', `/api/admin/get-orders-list/overdueOrder?${query}`, member.token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { total: number; data: OrderListItem[] };
      };
      const all = ids((await list()).data);
      expect(all).toHaveLength(4);
      expect(ids((await page('page=2&limit=3')).data)).toEqual(all.slice(3));
      expect((await page('page=2&limit=3')).total).toBe(4);
      expect(ids((await page('limit=10&sort=sla_due_at&order=desc')).data)).toEqual([...all].reverse());
      const search = async (searchVal: string) => {
        const res = await api(
          fresh,
          ORDERS_CONTRACTS.search,
          { body: { start: 0, end: 10, searchVal, folderName: 'overdueOrder' } },
          member,
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { total: number; data: OrderListItem[] };
      };
      // "later" and "pending" are overdue; every order here is Olive, the met and finished ones too
      expect(ids((await search('later')).data)).toEqual([all[2]]);
      const olive = await search('olive');
      expect(olive.total).toBe(4);
      expect(ids(olive.data)).toEqual(all);
    });

    it('lets an order go once its first document is uploaded', async () => {
      const [first] = ids((await list()).data);
      const res = await uploadDocument(
        fresh,
        member.token,
        { orderId: first as string, email: 'a@example.test' },
        pdfFile(),
      );
      expect(res.statusCode).toBe(201);
      expect(ids((await list()).data)).not.toContain(first);
      expect(await counted()).toBe(3);
    });
  });

  describe('the folder for every staff type, and its refusals', () => {
    it('counts and lists for Telecaller and Manager alike', async () => {
      t.advance(100 * HOUR);
      const counts = await Promise.all([overdueCount(tara), overdueCount(manager), overdueCount(telecaller)]);
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size).toBe(1);
      expect((await overdue(telecaller)).total).toBe(counts[0]);
    });

    it('refuses without a session (401) and bad input (400)', async () => {
      const anonymous = await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'overdueOrder' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().status).toBe(401);
      const search = await api(t, ORDERS_CONTRACTS.search, {
        body: { start: 0, end: 10, searchVal: 'x', folderName: 'overdueOrder' },
      });
      expect(search.statusCode).toBe(401);
      for (const query of ['sort=due', 'limit=501', 'page=0', 'overdue=1']) {
        const res = await call(t, 'GET', `/api/admin/get-orders-list/overdueOrder?${query}`, tara.token);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().status).toBe(0);
      }
    });
  });

  describe('processed-by report', () => {
    const report = async (fromDate: string) => {
      const res = await api(t, REPORTS_CONTRACTS.processedBy, { body: { fromDate, toDate: fromDate } }, manager);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as ProcessedByReportRow[];
    };

    it('gives each member the whole percent of their processed orders that met the service level', async () => {
      const day = iso(now()).slice(0, 10);
      const onTime = await newOrder(t);
      const late = await newOrder(t);
      const alsoLate = await newOrder(t);
      await upload(onTime, manager);
      t.advance(30 * HOUR + 1);
      // a day later: the report's day is the upload's
      const lateDay = iso(now()).slice(0, 10);
      await upload(late, manager);
      await upload(alsoLate, manager);
      expect(await report(day)).toEqual([{ processed_by: 'Max Manager', count: 1, sla_met_percent: 100 }]);
      expect(await report(lateDay)).toEqual([{ processed_by: 'Max Manager', count: 2, sla_met_percent: 0 }]);
      const range = await api(t, REPORTS_CONTRACTS.processedBy, { body: { fromDate: day, toDate: lateDay } }, manager);
      expect(range.json().data).toEqual([{ processed_by: 'Max Manager', count: 3, sla_met_percent: 33 }]);
    });

    it('completed without a document counts as not met; met later, it counts then', async () => {
      t.advance(24 * HOUR);
      const day = iso(now()).slice(0, 10);
      const id = await newOrder(t);
      await move(id, STATUS.Completed);
      expect(await report(day)).toEqual([{ processed_by: 'Tara Team', count: 1, sla_met_percent: 0 }]);
      await upload(id);
      expect(await report(day)).toEqual([{ processed_by: 'Tara Team', count: 1, sla_met_percent: 100 }]);
    });

    it('is null for a member none of whose orders had a service level (closed before they began)', async () => {
      t.advance(24 * HOUR);
      const day = iso(now()).slice(0, 10);
      const id = await newOrder(t);
      await t.app.ctx.db.updateTable('orders').set({ sla_due_at: null }).where('order_id', '=', id).execute();
      await move(id, STATUS.Completed);
      expect(await report(day)).toEqual([{ processed_by: 'Tara Team', count: 1, sla_met_percent: null }]);
    });
  });
});
