import { DETAIL_CONTRACTS, MAIL_STATUS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/time.ts';
import { METRICS_TOKEN_REFUSED } from '../src/modules/monitoring/metrics.ts';
import { runRetentionPass } from '../src/modules/privacy/index.ts';
import { api } from './api-client.ts';
import { listening, openLive } from './live-client.ts';
import { drainOutbox, outboxRow, sample } from './monitoring-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { ageOrder, finishedOrder } from './privacy-fixtures.ts';
import { createOrder } from './public-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const TOKEN = 'metrics-token-0123456789';
const ZERO_DAYS = { RETENTION_IMAGES_DAYS: '0', RETENTION_DOCUMENTS_DAYS: '0', RETENTION_PERSONAL_DAYS: '0' };

/** DESIGN §19: GET /metrics, Prometheus text, only with the bearer token. */
describeEachDialect('GET /metrics', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { METRICS_TOKEN: TOKEN, INGEST_API_KEY: INGEST_KEY, ...ZERO_DAYS });
    admin = await createMember(t, ROLE.Admin);
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
  const metrics = async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer ',
      'Basic x',
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      // the house's 401 envelope (plugins/errors.ts)
      expect(res.json()).toEqual({ status: 401, message: METRICS_TOKEN_REFUSED });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text with the process, request, outbox, live and retention metrics', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'http_request_duration_seconds',
      'outbox_pending',
      'outbox_oldest_pending_seconds',
      'outbox_failed_total',
      'live_clients',
      'retention_removed_total',
      'log_lines_dropped_total',
    ]) {
      expect(res.body, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // nothing dropped: the test's log output takes every line (a stalled one: stop-stalled-log.test.ts)
    expect(sample(res.body, 'log_lines_dropped_total')).toBe(0);
    for (const kind of ['images', 'documents', 'personal', 'inbound_mail', 'files', 'audit_rows']) {
      expect(sample(res.body, `retention_removed_total{kind="${kind}"}`), kind).toBe(0);
    }
    // the pool's gauges exist where there is a pool
    for (const name of ['db_pool_total', 'db_pool_idle', 'db_pool_waiting']) {
      expect(sample(res.body, name) !== undefined, name).toBe(dialect === 'postgres');
    }
    if (dialect === 'postgres') expect(sample(res.body, 'db_pool_total')).toBeGreaterThanOrEqual(1);
  });

  it('labels each request by its route pattern, never its raw URL', async () => {
    const order = await createOrder(t);
    const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: order.orderId } }, admin);
    expect(detail.statusCode).toBe(200);
    const probe = 'probe-a1b2c3d4';
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-route/${probe}` })).statusCode).toBe(404);
    const text = await metrics();
    const series =
      'http_request_duration_seconds_count{route="/api/admin/get-orders-details/:orderId",method="GET",status_code="200"}';
    expect(sample(text, series)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="unmatched",method="GET",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(order.orderId);
    expect(text).not.toContain(probe);
  });

  it('reads the outbox from the database at scrape time', async () => {
    await drainOutbox(t);
    let text = await metrics();
    expect([sample(text, 'outbox_pending'), sample(text, 'outbox_oldest_pending_seconds')]).toEqual([0, 0]);
    await outboxRow(
      t,
      MAIL_STATUS.queued,
      nowIso(() => Date.now() - 90_000),
    );
    await outboxRow(t, MAIL_STATUS.queued, nowIso());
    await outboxRow(
      t,
      MAIL_STATUS.failed,
      nowIso(() => Date.now() - 86_400_000),
    );
    text = await metrics();
    expect(sample(text, 'outbox_pending')).toBe(2);
    expect(sample(text, 'outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'outbox_oldest_pending_seconds')).toBeLessThan(150);
    expect(sample(text, 'outbox_failed_total')).toBe(1);
    await drainOutbox(t);
    text = await metrics();
    expect([sample(text, 'outbox_pending'), sample(text, 'outbox_failed_total')]).toEqual([0, 0]);
  });

  it('counts what retention passes removed, by kind: what the pass itself reports', async () => {
    const done = await finishedOrder(t, admin.token);
    await ageOrder(t, done.id, 1);
    const before = await metrics();
    const counts = await runRetentionPass(t.app.ctx);
    const after = await metrics();
    const grew = (kind: string) =>
      (sample(after, `retention_removed_total{kind="${kind}"}`) ?? 0) -
      (sample(before, `retention_removed_total{kind="${kind}"}`) ?? 0);
    // orders whose images, documents, personal fields went; the files deleted (images, document, mail)
    expect(counts).toMatchObject({ images: expect.any(Number), filesDeleted: expect.any(Number) });
    expect(Math.min(counts.images, counts.documents, counts.personal)).toBeGreaterThanOrEqual(1);
    expect(counts.filesDeleted).toBeGreaterThanOrEqual(3);
    expect([grew('images'), grew('documents'), grew('personal'), grew('files'), grew('audit_rows')]).toEqual([
      counts.images,
      counts.documents,
      counts.personal,
      counts.filesDeleted,
      counts.auditRowsDeleted,
    ]);
  });

  it("counts this process's open live streams", async () => {
    const base = await listening(t);
    const stream = await openLive(base, admin.token);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'counts');
    expect(sample(await metrics(), 'live_clients')).toBe(1);
    stream.close();
    for (let i = 0; i < 50 && sample(await metrics(), 'live_clients') !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sample(await metrics(), 'live_clients')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('does not exist: 404 exactly as an unknown path, whatever the token', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path' });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
  });
});
