import { DETAIL_CONTRACTS, ROLE } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccessWriter } from '../src/modules/privacy/access-writer.ts';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * The access log's shared writes (DESIGN §16): reads that arrive together share one INSERT, and each
 * reply still waits for its own row; a failed write fails every reply of its batch.
 */
describeEachDialect('access log writes, shared', (dialect) => {
  let t: TestApp;
  let tara: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  const rowsOf = async (orderId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('access_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n;

  it('records every one of many detail views made at once, each before its reply', async () => {
    const id = await newOrder(t);
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    expect(Number(await rowsOf(id))).toBe(25);
  });

  it('answers each write once its rows are in, batching those that wait, up to 500 rows a statement', async () => {
    const writer = createAccessWriter(t.app.ctx.transactions);
    const orderId = await newOrder(t);
    const row = {
      at: new Date().toISOString(),
      member_id: tara.id,
      ip: '203.0.113.7',
      action: 'detail' as const,
      order_id: orderId,
      detail: null,
    };
    const writes = Array.from({ length: 1200 }, async () => {
      await writer.write([row]);
      // resolved only once written: the row (and those before it) can be counted
      return Number(await rowsOf(orderId));
    });
    const seen = await Promise.all(writes);
    expect(Number(await rowsOf(orderId))).toBe(1200);
    for (const count of seen) expect(count).toBeGreaterThan(0);
  });

  it('fails every waiting reply when the write fails, and writes again once it can', async () => {
    const writer = createAccessWriter(t.app.ctx.transactions);
    const orderId = await newOrder(t);
    const row = {
      at: new Date().toISOString(),
      member_id: tara.id,
      ip: null,
      action: 'detail' as const,
      order_id: orderId,
      detail: null,
    };
    await sql`alter table access_log rename to access_log_away`.execute(t.app.ctx.db);
    const failed = await Promise.allSettled([writer.write([row]), writer.write([row]), writer.write([row])]);
    await sql`alter table access_log_away rename to access_log`.execute(t.app.ctx.db);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await writer.write([row]);
    expect(Number(await rowsOf(orderId))).toBe(1);
  });
});
