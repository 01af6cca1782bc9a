import {
  FOLDERS,
  type FolderDef,
  OPEN_STATUSES,
  ORDERS_CONTRACTS,
  type OrderListItem,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BenchMember, type GenerateResult, generateDataset } from '../../../bench/src/generate.ts';
import { BENCH_PASSWORD, DAY, OPEN_PLAN, YEARS } from '../../../bench/src/plan.ts';
import { api } from './api-client.ts';
import { buildTestApp, describeEachDialect, login, type TestApp } from './test-app.ts';

/**
 * The benchmark's dataset generator (bench/, issue 8) on a few thousand orders: what it writes must
 * be what the app itself would count and list, or the benchmark measures a database no one has.
 * No timings here (DESIGN §11: the benchmark measures, tests do not).
 */
const ORDERS = 3_000;
const NOW = Date.UTC(2026, 10, 1, 12);

describeEachDialect('benchmark dataset generator', (dialect) => {
  let t: TestApp;
  let result: GenerateResult;
  const tokens = new Map<string, string>();

  const directCount = async (folder: FolderDef, member: BenchMember) => {
    let query = t.app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (folder.statuses) query = query.where('process_status', 'in', [...folder.statuses]);
    if (folder.mine) query = query.where('assigned_to', '=', member.id);
    if (folder.overdue) {
      query = query.where('sla_met_at', 'is', null).where('sla_due_at', '<', new Date(t.app.ctx.clock()).toISOString());
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const tokenOf = async (member: BenchMember) => {
    let token = tokens.get(member.email);
    if (!token) {
      token = await login(t, member.email, BENCH_PASSWORD);
      tokens.set(member.email, token);
    }
    return token;
  };
  /** the member holding the most orders, so their My Orders is not empty */
  let busiest: () => BenchMember;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const passwordHash = await t.app.ctx.passwords.hash(BENCH_PASSWORD);
    result = await generateDataset(t.app.ctx.db, { orders: ORDERS, seed: 7, now: NOW, passwordHash });
    const top = await t.app.ctx.db
      .selectFrom('orders')
      .select(['assigned_to', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('assigned_to', 'is not', null)
      .groupBy('assigned_to')
      .orderBy('n', 'desc')
      .orderBy('assigned_to')
      .executeTakeFirstOrThrow();
    const member = result.staff.find((m) => m.id === Number(top.assigned_to)) as BenchMember;
    busiest = () => member;
  });
  afterAll(() => t.close());

  it('writes the orders and members it reports, each member able to sign in', async () => {
    const orders = await t.app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(ORDERS);
    expect(result.rows.orders).toBe(ORDERS);
    expect(result.staff).toHaveLength(20);
    expect(new Set(result.staff.map((m) => m.type))).toEqual(new Set(Object.values(ROLE)));
    for (const table of ['order_events', 'order_images', 'documents', 'download_history', 'remarks']) {
      expect(result.rows[table], table).toBeGreaterThan(0);
    }
    expect(await tokenOf(result.staff[0] as BenchMember)).toMatch(/^ey/);
  });

  it('gives folder counts equal to a direct count, for every folder and member type', async () => {
    for (const type of [ROLE.Team, ROLE.Telecaller, ROLE.Manager]) {
      const member = result.staff.find((m) => m.type === type) as BenchMember;
      const res = await api(t, ORDERS_CONTRACTS.folderCounts, {}, await tokenOf(member));
      expect(res.statusCode).toBe(200);
      const counts = res.json().data as Record<string, number>;
      for (const folder of FOLDERS) {
        if (!(folder.countField in counts)) continue;
        expect(counts[folder.countField], `${type} ${folder.name}`).toBe(await directCount(folder, member));
      }
    }
  });

  it('lists every folder as its filter says, newest first, with the counted total', async () => {
    const member = busiest();
    const token = await tokenOf(member);
    for (const folder of FOLDERS) {
      const res = await api(
        t,
        ORDERS_CONTRACTS.list,
        { params: { orderName: folder.name }, query: { page: '1', limit: '500' } },
        token,
      );
      expect(res.statusCode, folder.name).toBe(200);
      const body = res.json();
      const items = body.data as OrderListItem[];
      expect(body.total, folder.name).toBe(await directCount(folder, member));
      expect(items.length, folder.name).toBe(Math.min(500, body.total));
      for (const item of items) {
        if (folder.statuses) expect(folder.statuses, folder.name).toContain(item.process_status);
        if (folder.mine) expect(item.assigned_to_me, folder.name).toBe(true);
      }
      // Each folder's own order: newest first, ChargeBack its soonest dispute deadline first (none here),
      // Overdue Orders the longest overdue first.
      const created = items.map((i) => i.created_at);
      const due = items.map((i) => i.sla_due_at);
      if (folder.view.defaultSort.sort === 'created_at') {
        expect(created, folder.name).toEqual([...created].sort().reverse());
      } else if (folder.overdue) {
        expect(items.length, folder.name).toBeGreaterThan(0);
        expect(due, folder.name).toEqual([...due].sort());
      } else {
        expect(folder.view.defaultSort, folder.name).toEqual({ sort: 'respond_by', order: 'asc' });
        expect(items.every((i) => i.respond_by === null)).toBe(true);
      }
    }
  });

  it('shapes a back office: mostly completed, open queues recent and partly held, three years of orders', async () => {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select(['process_status', 'created_at', 'assigned_to', 'nationality'])
      .execute();
    const byStatus = new Map<string, number>();
    for (const r of rows) byStatus.set(r.process_status, (byStatus.get(r.process_status) ?? 0) + 1);
    expect(byStatus.get(STATUS.Completed)).toBeGreaterThan(ORDERS * 0.8);
    for (const plan of OPEN_PLAN) {
      const open = rows.filter((r) => r.process_status === plan.status);
      expect(open.length, plan.status).toBeGreaterThan(0);
    }
    const oldest = Math.min(...rows.map((r) => Date.parse(r.created_at)));
    expect(oldest).toBeGreaterThanOrEqual(NOW - YEARS * 365 * DAY);
    expect(oldest).toBeLessThan(NOW - (YEARS * 365 - 30) * DAY);
    const newest = Math.max(...rows.map((r) => Date.parse(r.created_at)));
    expect(newest).toBeLessThanOrEqual(NOW);
    const held = rows.filter((r) => r.assigned_to !== null);
    expect(held.length).toBeGreaterThan(0);
    for (const r of held) expect(OPEN_STATUSES).toContain(r.process_status);
    expect(new Set(rows.map((r) => r.nationality)).size).toBeGreaterThan(30);
  });

  it('finds a generated customer by email fragment and surname through the search', async () => {
    const member = busiest();
    const order = await t.app.ctx.db
      .selectFrom('orders')
      .select(['order_id', 'contact_email_address', 'sur_name'])
      .orderBy('id')
      .offset(1234)
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const searchVal of [
      order.order_id,
      (order.contact_email_address as string).split('@')[0],
      order.sur_name,
    ] as string[]) {
      const res = await api(
        t,
        ORDERS_CONTRACTS.search,
        { body: { start: 0, end: 500, searchVal, folderName: 'allorder' } },
        await tokenOf(member),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((o: OrderListItem) => o.order_id)).toContain(order.order_id);
    }
  });
});
