import {
  ORDERS_CONTRACTS,
  REPORT_MSG,
  REPORTS_CONTRACTS,
  ROLE,
  ROLES,
  STATUS,
  TREND_MAX_PERIODS,
  TREND_MSG,
  type TrendRow,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const URL = '/api/admin/get-order-trend';
/** The app's clock stands here (a Saturday), so "the last 30 days" is a known range. */
const NOW = Date.parse('2030-06-15T12:00:00.000Z');

/** [created_at, processing_type, processed_at or null] */
type Seed = [string, 'standard' | 'priority', string | null];

/** Around the turn of 2029 to 2030: 2029-12-31 is a Monday, so its ISO week spans both years. */
const TURN: Seed[] = [
  ['2029-12-28T10:00:00Z', 'standard', null], // Friday of the week of Monday 2029-12-24
  ['2029-12-30T10:00:00Z', 'standard', '2030-01-15T08:00:00.000Z'], // Sunday, same week
  ['2029-12-31T00:00:00.000Z', 'priority', null],
  ['2029-12-31T23:59:59.999Z', 'standard', null],
  // Days are UTC days: 23:30 at -01:00 on 1 January is 2 January.
  ['2030-01-01T23:30:00-01:00', 'standard', '2030-01-02T15:00:00.000Z'],
  ['2030-01-02T10:00:00Z', 'priority', '2030-01-02T16:00:00.000Z'],
  ['2030-01-02T11:00:00Z', 'priority', null],
  ['2030-01-15T12:00:00Z', 'standard', null],
  ['2030-02-01T00:00:00.000Z', 'priority', '2030-02-28T23:59:59.999Z'],
];

const row = (period: string, standard = 0, priority = 0, completed = 0): TrendRow => ({
  period,
  count: standard + priority,
  standard_count: standard,
  priority_count: priority,
  completed_count: completed,
});

const dayAfter = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describeEachDialect('order trend', (dialect) => {
  let t: TestApp;
  let members: Member[];
  let team: Member;
  let manager: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: NOW });
    members = [];
    for (const type of ROLES) members.push(await createMember(t, type));
    team = members.find((m) => m.type === ROLE.Team) as Member;
    manager = members.find((m) => m.type === ROLE.Manager) as Member;
  });
  afterAll(() => t.close());

  const trend = async (body: object, member: Member = team) => {
    const res = await api(t, REPORTS_CONTRACTS.orderTrend, { body }, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: TREND_MSG.listed });
    return res.json().data as TrendRow[];
  };
  const refused = async (body: object, field: string, message: string) => {
    const res = await api(t, REPORTS_CONTRACTS.orderTrend, { body }, team);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json(), JSON.stringify(body)).toEqual({ status: 0, message, data: { errors: { [field]: message } } });
  };
  /** processed_by set in the database directly at a chosen instant (the trigger dates the tally). */
  const seed = async (rows: Seed[]) => {
    for (const [created_at, processing_type, processedAt] of rows) {
      const id = await newOrder(t, { created_at, processing_type });
      if (processedAt === null) continue;
      await t.app.ctx.db
        .updateTable('orders')
        .set({ processed_by: manager.id, updated_at: processedAt })
        .where('order_id', '=', id)
        .execute();
    }
  };

  it('counts orders created and processed per day, every day present, edges included', async () => {
    await seed(TURN);
    expect(await trend({ fromDate: '2029-12-30', toDate: '2030-01-03', groupBy: 'day' })).toEqual([
      row('2029-12-30', 1, 0, 0),
      row('2029-12-31', 1, 1, 0),
      row('2030-01-01'),
      row('2030-01-02', 1, 2, 2),
      row('2030-01-03'),
    ]);
    // A day with orders processed but none created.
    expect(await trend({ fromDate: '2030-02-28', toDate: '2030-03-01' })).toEqual([
      row('2030-02-28', 0, 0, 1),
      row('2030-03-01'),
    ]);
  });

  it('groups by ISO week from Monday, counting only the days inside the range', async () => {
    expect(await trend({ fromDate: '2029-12-30', toDate: '2030-01-20', groupBy: 'week' })).toEqual([
      // The Friday before fromDate is outside the range though its week is not.
      row('2029-12-24', 1, 0, 0),
      row('2029-12-31', 2, 3, 2),
      row('2030-01-07'),
      row('2030-01-14', 1, 0, 1),
    ]);
    expect(await trend({ fromDate: '2029-12-24', toDate: '2029-12-31', groupBy: 'week' })).toEqual([
      row('2029-12-24', 2, 0, 0),
      row('2029-12-31', 1, 1, 0),
    ]);
  });

  it('groups by month, empty months included', async () => {
    expect(await trend({ fromDate: '2029-11-15', toDate: '2030-03-31', groupBy: 'month' })).toEqual([
      row('2029-11'),
      row('2029-12', 3, 1, 0),
      row('2030-01', 2, 2, 3),
      row('2030-02', 0, 1, 1),
      row('2030-03'),
    ]);
  });

  it('defaults to the last 30 days by day, today included, and follows the app clock', async () => {
    await seed([
      ['2030-05-16T23:59:59.999Z', 'standard', null], // the day before the range
      ['2030-05-17T00:00:00.000Z', 'priority', null], // its first instant
      ['2030-06-15T09:00:00Z', 'standard', null],
    ]);
    // Completed through the app today: dated by the app's clock.
    const today = await newOrder(t, { created_at: '2030-06-15T10:00:00Z', processing_type: 'priority' });
    const moved = await api(
      t,
      ORDERS_CONTRACTS.move,
      { body: { orderId: today, updatingStatus: STATUS.Completed } },
      team,
    );
    expect(moved.statusCode, moved.body).toBe(200);

    const expected = Array.from({ length: 30 }, (_, i) => row(dayAfter('2030-05-17', i)));
    expected[0] = row('2030-05-17', 0, 1, 0);
    expected[29] = row('2030-06-15', 1, 1, 1);
    expect(await trend({})).toEqual(expected);
    expect(await trend({ fromDate: null, toDate: '' })).toEqual(expected);
    expect(await trend({ groupBy: 'day' })).toEqual(expected);
    // no body at all, as the other reports accept
    const bare = await call(t, 'POST', URL, team.token);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data).toEqual(expected);
    // groupBy left out is by day; an open end is today, or 30 days back from toDate.
    expect(await trend({ fromDate: '2030-06-14' })).toEqual([row('2030-06-14'), row('2030-06-15', 1, 1, 1)]);
    const toOnly = await trend({ toDate: '2030-01-02' });
    expect(toOnly.map((r) => r.period)).toEqual(Array.from({ length: 30 }, (_, i) => dayAfter('2029-12-04', i)));
    expect(toOnly.at(-1)).toEqual(row('2030-01-02', 1, 2, 2));

    t.advance(86_400_000);
    try {
      const tomorrow = await trend({});
      expect(tomorrow[0]?.period).toBe('2030-05-18');
      expect(tomorrow.at(-2)).toEqual(row('2030-06-15', 1, 1, 1));
      expect(tomorrow.at(-1)).toEqual(row('2030-06-16'));
    } finally {
      t.advance(-86_400_000);
    }
  });

  it('reads the day tallies, not the orders', async () => {
    const { db } = t.app.ctx;
    const day = { fromDate: '2035-03-03', toDate: '2035-03-03' };
    expect(await trend(day)).toEqual([row('2035-03-03')]);
    // No order exists on that day: only the tallies can move the answer.
    await db
      .insertInto('report_country_days')
      .values([
        { report_day: '2035-03-03', nationality: 'Chile', processing_type: 'priority', n: 7 },
        { report_day: '2035-03-03', nationality: '', processing_type: 'standard', n: 2 },
        { report_day: '2035-03-03', nationality: 'Peru', processing_type: 'standard', n: 3 },
      ])
      .execute();
    await db
      .insertInto('report_processed_days')
      .values({ report_day: '2035-03-03', staff_id: team.id, n: 4 })
      .execute();
    await db
      .insertInto('report_processed_days')
      .values({ report_day: '2035-03-03', staff_id: manager.id, n: 1 })
      .execute();
    expect(await db.selectFrom('orders').select('id').where('created_at', 'like', '2035-%').execute()).toEqual([]);
    expect(await trend(day)).toEqual([row('2035-03-03', 5, 7, 5)]);
    expect(await trend({ ...day, groupBy: 'month' })).toEqual([row('2035-03', 5, 7, 5)]);
  });

  it('answers up to the longest range and refuses a longer one', async () => {
    const last = dayAfter('2040-01-01', TREND_MAX_PERIODS - 1);
    expect(await trend({ fromDate: '2040-01-01', toDate: last })).toHaveLength(TREND_MAX_PERIODS);
    await refused({ fromDate: '2040-01-01', toDate: dayAfter(last) }, 'fromDate', TREND_MSG.tooLong);
    await refused({ fromDate: '2000-01-01' }, 'fromDate', TREND_MSG.tooLong);
    // The same range by week or month is short enough.
    expect(await trend({ fromDate: '2040-01-01', toDate: dayAfter(last), groupBy: 'week' })).toHaveLength(144);
    expect(await trend({ fromDate: '1950-01-01', toDate: '2033-04-30', groupBy: 'month' })).toHaveLength(1000);
    await refused({ fromDate: '1950-01-01', toDate: '2033-05-01', groupBy: 'month' }, 'fromDate', TREND_MSG.tooLong);
  });

  it('refuses bad requests with a 400 naming the field', async () => {
    await refused({ fromDate: '2030-02-30' }, 'fromDate', REPORT_MSG.fromDate);
    await refused({ fromDate: '01-03-2030' }, 'fromDate', REPORT_MSG.fromDate);
    await refused({ toDate: 'yesterday' }, 'toDate', REPORT_MSG.toDate);
    await refused({ toDate: 20300301 }, 'toDate', REPORT_MSG.toDate);
    await refused({ fromDate: '2030-03-02', toDate: '2030-03-01' }, 'fromDate', REPORT_MSG.rangeOrder);
    // After today with no toDate: today is the end.
    await refused({ fromDate: '2030-06-16' }, 'fromDate', REPORT_MSG.rangeOrder);
    await refused({ groupBy: 'year' }, 'groupBy', TREND_MSG.groupBy);
    await refused({ groupBy: null }, 'groupBy', TREND_MSG.groupBy);
    const unknown = await call(t, 'POST', URL, team.token, { from: '2030-03-01', groupBy: 'week' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<ApiRefusal>().data.errors)).toEqual(['from']);
  });

  it('is open to every staff type, and to nobody else', async () => {
    expect(members.map((m) => m.type)).toEqual(
      expect.arrayContaining([ROLE.Admin, ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]),
    );
    for (const member of members) {
      expect(await trend({ fromDate: '2030-01-02', toDate: '2030-01-02' }, member)).toEqual([
        row('2030-01-02', 1, 2, 2),
      ]);
    }
    const anonymous = await api(t, REPORTS_CONTRACTS.orderTrend, { body: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
    expect((await api(t, REPORTS_CONTRACTS.orderTrend, { body: {} }, 'not-a-token')).statusCode).toBe(401);
  });
});
