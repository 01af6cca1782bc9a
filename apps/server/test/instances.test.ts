import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_CONTRACTS, AUTH_CONTRACTS, DEFENCE_CONTRACTS, DETAIL_CONTRACTS, ROLE, SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { isEvent, type LiveReader, listening, openLive } from './live-client.ts';
import { assignAs, buildOrder, INGEST_KEY, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { accessTokenFor, downloadLink, front } from './public-fixtures.ts';
import { type SharedRedis, sharedRedis, TEST_REDIS_URL } from './redis-fixtures.ts';
import { startTestS3, type TestS3 } from './s3-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, DIALECTS, login, type Member, TEST_PASSWORD, type TestApp } from './test-app.ts';

/** How many calls, 10 ms apart, answered before the first 401 (up to 100). */
async function firstRefusal(ask: () => Promise<{ statusCode: number }>): Promise<number> {
  for (let calls = 0; calls < 100; calls += 1) {
    if ((await ask()).statusCode === 401) return calls;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return 100;
}

/**
 * DESIGN §19, issue 22: two instances on one PostgreSQL database, one S3 server and one Redis, each
 * with a DATA_DIR of its own and its own mail worker running, behave as one. Every check below
 * would fail with per-machine files, per-process limits, per-process mail or per-process sessions.
 */
describe.runIf(DIALECTS.includes('postgres') && TEST_REDIS_URL)('two instances as one [postgres, S3, Redis]', () => {
  let s3: TestS3;
  let redis: SharedRedis;
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  let bDataDir: string;
  let tara: Member;
  const streams: LiveReader[] = [];

  beforeAll(async () => {
    s3 = await startTestS3();
    redis = await sharedRedis();
    sink = await startSmtpSink();
    const env = {
      ...s3.env,
      ...redis.env,
      INGEST_API_KEY: INGEST_KEY,
      MAIL_CLOUD_URL: sink.url,
      PUBLIC_RATE_LIMIT_PER_IP: '4',
    };
    const build = { mailWorker: { pollMs: 20 } };
    a = await buildTestApp('postgres', env, { build });
    // B shares the database and the secret (as instances behind one balancer do), not the disk.
    bDataDir = mkdtempSync(path.join(tmpdir(), 'eta-instance-b-'));
    b = await buildTestApp('postgres', env, { reuse: { ...a.storage, dataDir: bDataDir }, build });
    await Promise.all([a.app.ready(), b.app.ready()]);
    tara = await createMember(a, ROLE.Team, 'Tara Team');
  });
  afterAll(async () => {
    for (const reader of streams) reader.close();
    await b.close({ keepStorage: true });
    rmSync(bDataDir, { recursive: true, force: true });
    await a.close();
    await sink.close();
    await redis.drop();
    await s3.close();
  });

  it('a document uploaded through A is served by B, to staff and to the customer', async () => {
    const [orderId] = (await seedOrders(a, [buildOrder({ passport_image: PNG_URL })])) as [string];
    const row = await orderRow(a, orderId);
    const email = row.contact_email_address as string;
    const uploaded = await uploadDocument(a, tara.token, { orderId, email }, pdfFile());
    expect(uploaded.statusCode).toBe(201);
    const doc = await a.app.ctx.db
      .selectFrom('documents')
      .select(['id', 'file1'])
      .where('order_key', '=', row.id)
      .executeTakeFirstOrThrow();

    const onB = await api(b, DETAIL_CONTRACTS.document, { params: { orderId, documentId: doc.id } }, tara);
    expect(onB.statusCode).toBe(200);
    expect(onB.rawPayload.equals(pdfFile().bytes)).toBe(true);
    const image = await api(b, DETAIL_CONTRACTS.image, { params: { orderId, kind: 'passport' } }, tara);
    expect(image.statusCode).toBe(200);

    // the customer's link is made by A and opened through B
    const order = { id: row.id, orderId, email };
    const link = await downloadLink(
      a,
      order,
      { id: doc.id, file1: doc.file1, bytes: pdfFile().bytes },
      await accessTokenFor(a, order),
    );
    const file = await b.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdfFile().bytes)).toBe(true);
    // and it was one link: used once, through either instance
    expect((await a.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });

  it('a limit reached through A holds on B', async () => {
    const [orderId] = (await seedOrders(a, [buildOrder()])) as [string];
    const track = (t: TestApp) =>
      front(t, 'track-order', { orderId, email: 'guess@example.test' }, { ip: '203.0.113.9' });
    for (const t of [a, a, a, a]) expect((await track(t)).statusCode).toBe(404);
    const held = await track(b);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ status: 0, message: SERVER_MSG.tooManyRequests });
  });

  it('every queued mail is sent exactly once while both workers run', async () => {
    const before = sink.messages.length;
    const ids = (await seedOrders(
      a,
      Array.from({ length: 12 }, () => buildOrder()),
    )) as string[];
    // half the invoices are asked of A, half of B: both workers see all twelve rows
    await Promise.all(
      ids.map((orderId, i) =>
        api(i % 2 === 0 ? a : b, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId } }, tara).then((res) => {
          if (res.statusCode !== 200) throw new Error(res.body);
        }),
      ),
    );
    await sink.waitFor(before + ids.length);
    // give a second send, were there one, time to arrive
    await new Promise((resolve) => setTimeout(resolve, 300));
    const theirs = ids.flatMap((orderId) => ofOrder(sink, orderId));
    for (const orderId of ids) expect(ofOrder(sink, orderId), orderId).toHaveLength(1);
    expect(new Set(theirs.map((m) => m.messageId)).size).toBe(ids.length);
  });

  it('a session revoked on A is refused by B as soon as PostgreSQL tells B', async () => {
    const token = await login(a, tara.email, TEST_PASSWORD);
    // B has read the session and keeps it in memory from now on
    expect((await api(b, AUTH_CONTRACTS.userInfo, {}, token)).statusCode).toBe(200);
    expect((await api(a, ACCOUNT_CONTRACTS.logout, {}, token)).statusCode).toBe(200);
    // B's copy is dropped by the NOTIFY of the revocation, which arrives just after A's commit: B
    // refuses from then on, and never accepts again. (Without it, B would accept the token for ever.)
    const refusedAt = await firstRefusal(() => api(b, AUTH_CONTRACTS.userInfo, {}, token));
    expect(refusedAt).toBeLessThan(100);
    for (let i = 0; i < 5; i += 1) expect((await api(b, AUTH_CONTRACTS.userInfo, {}, token)).statusCode).toBe(401);
  });

  it('a change made on A reaches a live stream held by B', async () => {
    const stream = await openLive(await listening(b), tara.token);
    streams.push(stream);
    await stream.next(isEvent('ready'));
    const [orderId] = (await seedOrders(a, [buildOrder()])) as [string];
    expect((await assignAs(tara.token, a, [orderId])).statusCode).toBe(200);
    const seen = await stream.next(isEvent('order', (d) => d.orderId === orderId && d.kind === 'assign'));
    expect(seen.data).toMatchObject({ assignee: 'Tara Team', by: 'Tara Team' });
  });
});
