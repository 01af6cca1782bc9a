import { DISPUTE_MSG, DISPUTES_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, INGEST_KEY, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** DESIGN §23: an unmatched dispute suggests orders by payment reference, amount and date. */
describeEachDialect('dispute candidates', (dialect) => {
  let t: TestApp;
  let team: Member;
  const ids: Record<string, string> = {};
  const candidates = (m: Member | null, id: number | string) =>
    api(t, DISPUTES_CONTRACTS.candidates, { params: { id } }, m?.token ?? null);

  async function dispute(fields: { order_key?: number | null; payment_reference?: string | null }): Promise<number> {
    const row = await t.app.ctx.db
      .insertInto('disputes')
      .values({
        order_key: fields.order_key ?? null,
        processor: 'adyen',
        processor_dispute_id: `ady-${Math.random()}`,
        reason_code: '4837',
        reason_category: 'fraud',
        amount_minor: 4950,
        currency: 'EUR',
        opened_at: iso(NOW - DAY),
        respond_by: null,
        respond_by_estimated: 0,
        stage: 'chargeback',
        state: 'needs_response',
        evidence_submitted_at: null,
        note: null,
        source: 'relay',
        payment_reference: fields.payment_reference ?? null,
        transaction_id: null,
        order_ref: null,
        processor_event_at: null,
        closed_at: null,
        created_at: iso(NOW),
        updated_at: iso(NOW),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: NOW });
    team = await createMember(t, ROLE.Telecaller, 'Tel Caller');
    const order = (key: string, fields: Record<string, unknown>) => {
      ids[key] = nextOrderId();
      return buildOrder({ order_id: ids[key], ...fields });
    };
    await seedOrders(t, [
      order('referenced', {
        amount: 12,
        currency: 'GBP',
        created_at: iso(NOW - 300 * DAY),
        payment_reference: 'pi_777',
      }),
      order('samePriceOld', { amount: 49.5, currency: 'EUR', created_at: iso(NOW - 200 * DAY) }),
      order('samePriceNear', { amount: 49.5, currency: 'EUR', created_at: iso(NOW - 10 * DAY) }),
      order('samePriceLater', { amount: 49.5, currency: 'EUR', created_at: iso(NOW - DAY / 2) }),
      order('otherCurrency', { amount: 49.5, currency: 'GBP', created_at: iso(NOW - 5 * DAY) }),
      order('samePriceNearer', { amount: 49.5, currency: 'EUR', created_at: iso(NOW - 3 * DAY) }),
    ]);
  });
  afterAll(() => t.close());

  it('suggests the referenced order first, then orders of its amount bought shortly before, latest first', async () => {
    const id = await dispute({ payment_reference: 'pi_777' });
    const res = await candidates(team, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DISPUTE_MSG.candidates);
    const found = res.json().data.map((c: { order_id: string; match: string[] }) => [c.order_id, c.match]);
    expect(found).toEqual([
      [ids.referenced, ['payment_reference']],
      [ids.samePriceNearer, ['amount', 'date']],
      [ids.samePriceNear, ['amount', 'date']],
    ]);
    expect(res.json().data[1]).toMatchObject({ full_name: 'Jane Doe', amount_minor: 4950, currency: 'EUR' });
  });

  it('refuses a dispute that already has its order (409), an unknown one (404), a bad id (400) and no token (401)', async () => {
    const [orderRow] = await t.app.ctx.db.selectFrom('orders').select('id').limit(1).execute();
    const linked = await dispute({ order_key: Number(orderRow?.id) });
    const res = await candidates(team, linked);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DISPUTE_MSG.alreadyLinked);
    expect((await candidates(team, 999_999)).statusCode).toBe(404);
    expect((await candidates(team, 'abc')).statusCode).toBe(400);
    expect((await candidates(null, linked)).statusCode).toBe(401);
  });
});
