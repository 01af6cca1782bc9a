import {
  DISPUTE_MSG,
  DISPUTES_CONTRACTS,
  type DisputeProcessor,
  type DisputeReportRow,
  REPORT_MSG,
  ROLE,
  ROLES,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { DISPUTE_ENV, DISPUTES_URL, openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const URL = '/api/admin/get-dispute-report';
const NOW = Date.parse('2030-06-15T12:00:00.000Z');

describeEachDialect('dispute report', (dialect) => {
  let t: TestApp;
  let members: Record<string, Member>;
  let manager: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV }, { clockStart: NOW });
    members = {};
    for (const type of ROLES) members[type] = await createMember(t, type);
    manager = members[ROLE.Manager] as Member;
    const orderId = await newOrder(t);
    /** [processor, reason code, amount, currency, opened, final state] */
    const seeds: [DisputeProcessor, string, number, string, string, string | null][] = [
      ['stripe', '10.4', 40, 'GBP', '2030-05-01', 'won'],
      ['stripe', '10.4', 40, 'GBP', '2030-05-02', 'won'],
      ['stripe', '13.1', 25, 'GBP', '2030-05-03', 'lost'],
      ['stripe', '13.1', 10, 'GBP', '2030-05-04', 'accepted'],
      ['stripe', '4853', 15, 'GBP', '2030-05-05', null],
      ['stripe', '10.4', 30, 'EUR', '2030-05-06', 'won'],
      ['paypal', '10.4', 20, 'GBP', '2030-05-31', 'under_review'],
      // outside the range asked below
      ['paypal', '10.4', 99, 'GBP', '2030-04-30', 'won'],
      ['paypal', '10.4', 99, 'GBP', '2030-06-01', 'lost'],
    ];
    for (const [processor, reasonCode, amount, currency, openedAt, state] of seeds) {
      const d = await openDispute(t, manager, orderId, { processor, reasonCode, amount, currency, openedAt });
      if (state) await call(t, 'PUT', `${DISPUTES_URL}/${d.id}`, manager.token, { state });
    }
  });
  afterAll(() => t.close());

  const row = (
    dimension: string,
    key: string,
    currency: string,
    counts: Partial<DisputeReportRow>,
  ): DisputeReportRow => ({
    dimension: dimension as DisputeReportRow['dimension'],
    key,
    currency,
    opened: 0,
    won: 0,
    lost: 0,
    accepted: 0,
    open: 0,
    win_rate: null,
    amount_won_minor: 0,
    amount_lost_minor: 0,
    ...counts,
  });

  it('counts outcomes, win rate and amounts per processor and per reason category, a row per currency, within whole days', async () => {
    const res = await api(
      t,
      DISPUTES_CONTRACTS.report,
      { body: { fromDate: '2030-05-01', toDate: '2030-05-31' } },
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, message: DISPUTE_MSG.reported });
    expect(res.json().data).toEqual([
      row('processor', 'stripe', 'GBP', {
        opened: 5,
        won: 2,
        lost: 1,
        accepted: 1,
        open: 1,
        win_rate: 0.5,
        amount_won_minor: 8000,
        amount_lost_minor: 3500,
      }),
      row('processor', 'paypal', 'GBP', { opened: 1, open: 1 }),
      row('processor', 'stripe', 'EUR', { opened: 1, won: 1, win_rate: 1, amount_won_minor: 3000 }),
      row('reason_category', 'fraud', 'GBP', { opened: 3, won: 2, open: 1, win_rate: 1, amount_won_minor: 8000 }),
      row('reason_category', 'not_received', 'GBP', {
        opened: 2,
        lost: 1,
        accepted: 1,
        win_rate: 0,
        amount_lost_minor: 3500,
      }),
      row('reason_category', 'fraud', 'EUR', { opened: 1, won: 1, win_rate: 1, amount_won_minor: 3000 }),
      row('reason_category', 'not_as_described', 'GBP', { opened: 1, open: 1 }),
    ]);
  });

  it('covers every dispute with no range, and an empty range gives no rows', async () => {
    const all = (await call(t, 'POST', URL, manager.token)).json().data as DisputeReportRow[];
    const paypal = all.find((r) => r.dimension === 'processor' && r.key === 'paypal');
    expect(paypal).toMatchObject({ opened: 3, won: 1, lost: 1, open: 1, win_rate: 0.5 });
    const none = await api(
      t,
      DISPUTES_CONTRACTS.report,
      { body: { fromDate: '2031-01-01', toDate: '2031-01-31' } },
      manager,
    );
    expect(none.json().data).toEqual([]);
  });

  it('refuses bad dates with 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ fromDate: '2030-13-01' }, 'fromDate', REPORT_MSG.fromDate],
      [{ toDate: 'soon' }, 'toDate', REPORT_MSG.toDate],
      [{ fromDate: '2030-06-02', toDate: '2030-06-01' }, 'fromDate', REPORT_MSG.rangeOrder],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(t, DISPUTES_CONTRACTS.report, { body }, manager);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
    }
  });

  it('is for Admin and Manager: 401 without a token, 403 for the other staff types', async () => {
    expect((await api(t, DISPUTES_CONTRACTS.report, { body: {} })).statusCode).toBe(401);
    for (const type of ROLES) {
      const res = await api(t, DISPUTES_CONTRACTS.report, { body: {} }, (members[type] as Member).token);
      expect(res.statusCode, type).toBe(type === ROLE.Admin || type === ROLE.Manager ? 200 : 403);
    }
  });
});
