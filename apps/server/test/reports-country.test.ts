import {
  type CountryReportRow,
  ORDERS_CONTRACTS,
  REPORT_MSG,
  REPORTS_CONTRACTS,
  ROLE,
  ROLES,
  STATUS,
} from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** [created_at as the website sends it, nationality, processing_type] */
type Seed = [string, string | null, 'standard' | 'priority'];

/** March 2026 with its edges: the first and last millisecond in, one millisecond either side out. */
const MARCH: Seed[] = [
  ['2026-03-01T00:00:00.000Z', 'India', 'standard'],
  ['2026-03-31T23:59:59.999Z', 'India', 'priority'],
  ['2026-02-28T23:59:59.999Z', 'India', 'standard'],
  ['2026-04-01T00:00:00.000Z', 'India', 'priority'],
  // Days are UTC days: 01:30 at +02:00 on the 1st is still February; 23:30 at -01:00 on the 31st is April.
  ['2026-03-01T01:30:00+02:00', 'Brazil', 'standard'],
  ['2026-03-31T23:30:00-01:00', 'Brazil', 'standard'],
  ['2026-03-10T08:00:00Z', 'Brazil', 'standard'],
  ['2026-03-10T09:00:00Z', 'Brazil', 'standard'],
  ['2026-03-11T09:00:00Z', 'Brazil', 'standard'],
  ['2026-03-20T12:00:00Z', 'Albania', 'standard'],
  ['2026-03-21T12:00:00Z', 'Albania', 'priority'],
  // No nationality, and a blank one: both missing.
  ['2026-03-15T10:00:00Z', null, 'standard'],
  ['2026-03-16T10:00:00Z', '   ', 'priority'],
];

const row = (nationality: string | null, standard: number, priority: number): CountryReportRow => ({
  nationality,
  count: standard + priority,
  standard_count: standard,
  priority_count: priority,
});

describeEachDialect('country order report', (dialect) => {
  let t: TestApp;
  let members: Member[];
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    members = [];
    for (const type of ROLES) members.push(await createMember(t, type));
    team = members.find((m) => m.type === ROLE.Team) as Member;
  });
  afterAll(() => t.close());

  const seed = (rows: Seed[]) =>
    seedOrders(
      t,
      rows.map(([created_at, nationality, processing_type]) =>
        buildOrder({ created_at, nationality, processing_type }),
      ),
    );
  const report = async (body?: object, member: Member = team) => {
    const res = await api(t, REPORTS_CONTRACTS.countryOrders, { body }, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: REPORT_MSG.countryListed });
    return res.json().data as CountryReportRow[];
  };

  it('counts orders per nationality over whole UTC days, edges included, missing nationality as null', async () => {
    await seed(MARCH);
    // Ties (Albania, India, missing) by name, the missing nationality last.
    expect(await report({ fromDate: '2026-03-01', toDate: '2026-03-31' })).toEqual([
      row('Brazil', 3, 0),
      row('Albania', 1, 1),
      row('India', 1, 1),
      row(null, 1, 1),
    ]);
    expect(await report({ fromDate: '2026-03-01', toDate: '2026-03-01' })).toEqual([row('India', 1, 0)]);
    expect(await report({ fromDate: '2026-03-31', toDate: '2026-03-31' })).toEqual([row('India', 0, 1)]);
    // Open ends.
    expect(await report({ fromDate: '2026-04-01' })).toEqual([row('Brazil', 1, 0), row('India', 0, 1)]);
    expect(await report({ toDate: '2026-02-28' })).toEqual([row('Brazil', 1, 0), row('India', 1, 0)]);
    const everything = [row('Brazil', 5, 0), row('India', 2, 2), row('Albania', 1, 1), row(null, 1, 1)];
    expect(await report({})).toEqual(everything);
    expect(await report({ fromDate: '', toDate: null })).toEqual(everything);
    // SPEC §7: the body is optional.
    expect(await report()).toEqual(everything);
    expect(await report({ fromDate: '2026-05-01', toDate: '2026-05-31' })).toEqual([]);
  });

  it('is open to every signed-in member, and to nobody else', async () => {
    for (const member of members) await report({ fromDate: '2031-01-01' }, member);
    const anonymous = await api(t, REPORTS_CONTRACTS.countryOrders, { body: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
    expect((await api(t, REPORTS_CONTRACTS.countryOrders, { body: {} }, 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses bad dates with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ fromDate: '2026-02-30' }, 'fromDate', REPORT_MSG.fromDate],
      [{ fromDate: '01-03-2026' }, 'fromDate', REPORT_MSG.fromDate],
      [{ toDate: '2026-03-01T00:00:00Z' }, 'toDate', REPORT_MSG.toDate],
      [{ toDate: 20260301 }, 'toDate', REPORT_MSG.toDate],
      [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'fromDate', REPORT_MSG.rangeOrder],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(t, REPORTS_CONTRACTS.countryOrders, { body }, team);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 0, message, data: { errors: { [field]: message } } });
    }
    const unknown = await call(t, 'POST', '/api/admin/get-country-order-count', team.token, { from: '2026-03-01' });
    expect(unknown.statusCode).toBe(400);
  });

  it('counts an order whatever its status, and follows a changed nationality', async () => {
    const [a, b] = await seed([
      ['2027-01-05T10:00:00Z', 'Chile', 'standard'],
      ['2027-01-06T10:00:00Z', 'Chile', 'priority'],
    ]);
    const range = { fromDate: '2027-01-01', toDate: '2027-01-31' };
    const admin = members.find((m) => m.type === ROLE.Admin) as Member;
    const del = await api(
      t,
      ORDERS_CONTRACTS.remove,
      { body: { orderId: [a!], updatingStatus: STATUS.Deleted } },
      admin,
    );
    expect(del.statusCode).toBe(200);
    expect(await report(range)).toEqual([row('Chile', 1, 1)]);
    // A correction made in the database directly is followed too (the tallies are kept by triggers).
    await t.app.ctx.db
      .updateTable('orders')
      .set({ nationality: 'Peru' })
      .where('order_id', '=', b as string)
      .execute();
    expect(await report(range)).toEqual([row('Chile', 1, 0), row('Peru', 0, 1)]);
  });

  it('keeps its day tallies equal to the orders themselves through inserts, updates and deletes', async () => {
    const ids = await seed(
      Array.from(
        { length: 40 },
        (_, i): Seed => [
          new Date(Date.UTC(2028, 0, 1 + (i % 9), (i * 7) % 24)).toISOString(),
          ['Kenya', 'Nepal', null][i % 3] ?? null,
          i % 4 === 0 ? 'priority' : 'standard',
        ],
      ),
    );
    const { db } = t.app.ctx;
    await db
      .updateTable('orders')
      .set({ processing_type: 'priority' })
      .where('order_id', 'in', ids.slice(0, 10))
      .execute();
    await db
      .updateTable('orders')
      .set({ created_at: '2028-02-01T00:00:00.000Z' })
      .where('order_id', 'in', ids.slice(5, 15))
      .execute();
    await db.updateTable('orders').set({ nationality: null }).where('order_id', 'in', ids.slice(12, 20)).execute();
    await db.deleteFrom('orders').where('order_id', 'in', ids.slice(25, 32)).execute();

    const truth = await db
      .selectFrom('orders')
      .select([
        sql<string>`coalesce(nationality, '')`.as('nationality'),
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(case when processing_type = 'priority' then 1 else 0 end)`.as('p'),
      ])
      .where('created_at', '>=', '2028-01-01')
      .where('created_at', '<', '2028-03-01')
      .groupBy(sql`coalesce(nationality, '')`)
      .execute();
    const expected = truth
      .map((r) => row(r.nationality || null, Number(r.n) - Number(r.p), Number(r.p)))
      .sort((x, y) => y.count - x.count || (x.nationality ?? '~').localeCompare(y.nationality ?? '~'));
    expect(await report({ fromDate: '2028-01-01', toDate: '2028-02-29' })).toEqual(expected);
    expect(expected.reduce((sum, r) => sum + r.count, 0)).toBe(33);
  });
});
