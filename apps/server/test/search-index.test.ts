import { ORDERS_CONTRACTS, ROLE } from '@eta/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeSearchIndex } from '../src/modules/orders/search-index.ts';
import { api } from './api-client.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, type TestApp } from './test-app.ts';

/** SQLite's FTS5 search index (migration 020) and its merge (search-index.ts); PostgreSQL has no such index. */
describe('search index merge [sqlite]', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** one FTS5 b-tree per segment: each has rows in the index's page directory */
  async function btrees(app: TestApp): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(distinct segid) as n from orders_search_idx`.execute(
      app.app.ctx.db,
    );
    return Number(rows[0]?.n);
  }

  /** each ingestion is one transaction, so each batch writes a b-tree of its own */
  async function ingestBatches(app: TestApp, batches: number): Promise<void> {
    for (let b = 0; b < batches; b += 1) {
      const surname = b % 2 === 0 ? 'Merriweather' : 'Quill';
      await seedOrders(
        app,
        Array.from({ length: 15 }, () => buildOrder({ sur_name: surname })),
      );
    }
  }

  async function searchAll(app: TestApp, token: string, text: string) {
    const res = await api(
      app,
      ORDERS_CONTRACTS.search,
      { body: { start: 0, end: 500, searchVal: text, folderName: 'allorder' } },
      token,
    );
    expect(res.statusCode).toBe(200);
    return {
      total: res.json().total as number,
      ids: (res.json().data as { order_id: string }[]).map((o) => o.order_id),
    };
  }

  it('merges every b-tree into one, step by step, and searches find exactly what they found before', async () => {
    t = await buildTestApp('sqlite', { INGEST_API_KEY: INGEST_KEY });
    const member = await createMember(t, ROLE.Manager);
    await ingestBatches(t, 12);
    expect(await btrees(t)).toBeGreaterThan(1);
    const before = [await searchAll(t, member.token, 'merriweather'), await searchAll(t, member.token, 'quill')];
    expect(before.map((r) => r.total)).toEqual([90, 90]);

    expect(await mergeSearchIndex(t.app.ctx.db)).toBeGreaterThan(1);
    expect(await btrees(t)).toBe(1);
    await sql`insert into orders_search (orders_search) values ('integrity-check')`.execute(t.app.ctx.db);
    expect([await searchAll(t, member.token, 'merriweather'), await searchAll(t, member.token, 'quill')]).toEqual(
      before,
    );
    // nothing left to merge: one step that changes nothing
    expect(await mergeSearchIndex(t.app.ctx.db)).toBe(1);

    // orders that arrive later add b-trees again, and the next merge takes them in
    await ingestBatches(t, 3);
    expect(await btrees(t)).toBeGreaterThan(1);
    await mergeSearchIndex(t.app.ctx.db);
    expect(await btrees(t)).toBe(1);
    expect((await searchAll(t, member.token, 'quill')).total).toBe(105);
  });

  it('is run by the server itself on its schedule', async () => {
    t = await buildTestApp('sqlite', {}, { build: { searchIndexSchedule: { firstDelayMs: 200, periodMs: 60_000 } } });
    // written straight to the database, one statement (one b-tree) each: the app is not ready yet,
    // so its schedule has not started
    for (let i = 0; i < 8; i += 1) {
      const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      await t.app.ctx.db
        .insertInto('orders')
        .values({
          order_id: `UKETA-20000000${i}0`,
          domain: 'primary',
          process_status: 'New',
          processing_type: 'standard',
          search_text: `uketa-20000000${i}0\nmerriweather`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    expect(await btrees(t)).toBeGreaterThan(1);
    await t.app.ready();
    // the first run starts 200 ms after the app is ready and pauses between steps: wait for it
    for (let waited = 0; (await btrees(t)) > 1 && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await btrees(t)).toBe(1);
  });
});
