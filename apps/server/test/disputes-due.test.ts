import { DISPUTES_CONTRACTS, dueBeforeIso } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { DISPUTE_ENV, DISPUTES_URL, listDisputes, openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
/** The app's clock stands here, so "now" in a query is the server's now. */
const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();

/**
 * The dashboard's "Disputes due in 3 days" (DESIGN §14, issue 31): the disputes that need a response
 * by a deadline from now to three days on, and apart from them the overdue ones; one never counts twice.
 */
describeEachDialect('disputes due in three days, and overdue apart', (dialect) => {
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV }, { clockStart: NOW });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  it('counts a deadline from now to three days on as due, one already passed only as overdue', async () => {
    const orderId = await newOrder(t);
    const open = (processorDisputeId: string, respondBy: string) =>
      openDispute(t, team, orderId, { processor: 'checkout', processorDisputeId, respondBy });
    const passed = await open('ck_passed', at(-5));
    const now = await open('ck_now', at(0));
    const soon = await open('ck_soon', at(5));
    const edge = await open('ck_edge', at(72));
    await open('ck_later', at(73));
    const answered = await open('ck_answered', at(10));
    const put = await api(
      t,
      DISPUTES_CONTRACTS.update,
      { params: { id: answered.id }, body: { state: 'under_review' } },
      team,
    );
    expect(put.statusCode, put.body).toBe(200);

    const base = 'processor=checkout&state=needs_response&limit=500';
    const due = await listDisputes(t, team, `${base}&dueAfter=${at(0)}&dueBefore=${dueBeforeIso(NOW)}`);
    expect(due.data.map((d) => d.id)).toEqual([soon.id, edge.id]);
    expect(due.total).toBe(2);
    expect(due.data.every((d) => (d.days_left ?? 0) > 0)).toBe(true);
    const overdue = await listDisputes(t, team, `${base}&dueBefore=${at(0)}`);
    expect(overdue.data.map((d) => d.id)).toEqual([passed.id, now.id]);
    expect(overdue.data.every((d) => (d.days_left ?? 1) <= 0)).toBe(true);

    const bad = await call(t, 'GET', `${DISPUTES_URL}?dueAfter=soon`, team.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toHaveProperty('dueAfter');
  });
});
