import { DETAIL_CONTRACTS, ORDERS_CONTRACTS } from '@eta/shared';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, type Member, type TestApp } from './test-app.ts';

/**
 * SQLite: the statements of the hottest reads stay prepared (db/connect.ts keeps statements up to a
 * length). The order detail's one statement grew past the old limit with the order's disputes and was
 * prepared on every call, three times its run (issue 17's bench): a repeat of that fails here.
 */
describe('statement cache [sqlite]', () => {
  let t: TestApp;
  let team: Member;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { INGEST_API_KEY: INGEST_KEY });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  it('prepares the order detail and a queue page once, then reuses them', async () => {
    const orderId = await newOrder(t);
    await openDispute(t, team, orderId);
    const read = async () => {
      expect((await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).statusCode).toBe(200);
      expect((await api(t, ORDERS_CONTRACTS.list, { params: { orderName: 'chargeBack' } }, team)).statusCode).toBe(200);
    };
    await read();
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      for (let i = 0; i < 5; i += 1) await read();
      expect(prepare.mock.calls.map(([sql]) => String(sql).slice(0, 80))).toEqual([]);
    } finally {
      prepare.mockRestore();
    }
  });
});
