import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOVACUUM_OFF, autovacuumWarning } from '../src/db/pg-upkeep.ts';
import { buildOrder, INGEST_KEY, postOrders } from './orders-fixtures.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

describe('the autovacuum warning', () => {
  it('is given when autovacuum is off, and says what it costs and what to do', () => {
    expect(autovacuumWarning('off')).toBe(AUTOVACUUM_OFF);
    expect(AUTOVACUUM_OFF).toMatch(/folder counts, lists and searches slow down/);
    expect(AUTOVACUUM_OFF).toMatch(/autovacuum = on in postgresql\.conf/);
    expect(autovacuumWarning('on')).toBeNull();
  });
});

/** DESIGN §19, PostgreSQL only: the start's warning, and fresh statistics after many new orders. */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL upkeep', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; orders?: number });

  beforeAll(async () => {
    t = await buildTestApp(
      'postgres',
      { INGEST_API_KEY: INGEST_KEY },
      { build: { logger: true, logStream: { write: (line: string) => lines.push(line) }, analyzeAfterOrders: 3 } },
    );
  });
  afterAll(() => t.close());

  /** What the server itself says, asked on a connection of the test's own. */
  async function ask<R extends pg.QueryResultRow>(query: string): Promise<R[]> {
    const client = new pg.Client({ connectionString: t.config.databaseUrl as string });
    await client.connect();
    try {
      return (await client.query<R>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const lastAnalyze = async (table: string) =>
    (
      await ask<{ last_analyze: Date | null }>(
        `select last_analyze from pg_stat_user_tables where relname = '${table}'`,
      )
    )[0]?.last_analyze ?? null;

  it('warns once at start exactly when the server runs without autovacuum', async () => {
    const [{ autovacuum }] = (await ask<{ autovacuum: string }>('show autovacuum')) as [{ autovacuum: string }];
    const warnings = logged().filter((entry) => entry.msg === AUTOVACUUM_OFF);
    expect(warnings.length).toBe(autovacuum === 'off' ? 1 : 0);
    if (warnings[0]) expect(warnings[0].level).toBe(40);
  });

  it('analyzes the tables new orders grew once enough have arrived, in the background', async () => {
    expect(await lastAnalyze('orders')).toBeNull();
    expect((await postOrders(t, { orders: [buildOrder(), buildOrder()] })).statusCode).toBe(201);
    expect((await postOrders(t, { orders: [buildOrder()] })).statusCode).toBe(201);
    const refreshed = () => logged().filter((entry) => entry.msg === 'statistics refreshed after new orders');
    for (let i = 0; i < 100 && refreshed().length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    // one ANALYZE, started by the third order: the first two stayed under the threshold
    expect(refreshed().map((entry) => entry.orders)).toEqual([3]);
    let analyzed: Date | null = null;
    for (let i = 0; i < 100 && !analyzed; i += 1) {
      analyzed = await lastAnalyze('orders');
      if (!analyzed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(analyzed).not.toBeNull();
    expect(await lastAnalyze('order_events')).not.toBeNull();
  });

  it('analyzes at most once a minute while orders keep coming, and the one waiting when the app closes', async () => {
    const own: string[] = [];
    const u = await buildTestApp(
      'postgres',
      { INGEST_API_KEY: INGEST_KEY },
      { build: { logger: true, logStream: { write: (line: string) => own.push(line) }, analyzeAfterOrders: 2 } },
    );
    const refreshed = () =>
      own
        .map((line) => JSON.parse(line) as { msg: string; orders?: number })
        .filter((entry) => entry.msg === 'statistics refreshed after new orders')
        .map((entry) => entry.orders);
    try {
      expect((await postOrders(u, { orders: [buildOrder(), buildOrder()] })).statusCode).toBe(201);
      for (let i = 0; i < 100 && refreshed().length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(refreshed()).toEqual([2]);
      // enough for a second, but the first started under a minute ago: these wait for it
      expect((await postOrders(u, { orders: [buildOrder(), buildOrder(), buildOrder()] })).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 300));
      expect(refreshed()).toEqual([2]);
    } finally {
      await u.close();
    }
    expect(refreshed()).toEqual([2, 3]);
  });
});
