import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DETAIL_CONTRACTS, ROLE } from '@eta/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../src/lib/time.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { renewLease } from '../src/modules/mail/outbox.repository.ts';
import { createMailWorker, MAIL_DEFAULTS, MAIL_WITHDRAWN } from '../src/modules/mail/worker.ts';
import { api } from './api-client.ts';
import { newOrder, outboxOf, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('mail when a provider is down, and across restarts', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let tara: Member;

  beforeAll(async () => {
    // A port with nothing listening: the provider is down until the test opens it.
    sink = await startSmtpSink({ listening: false });
  });
  afterAll(async () => {
    await t?.close();
    await sink.close();
  });

  const detailMail = async (orderId: string) =>
    (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara)).json().data.mailHistory[0];

  it('keeps the message while the provider is down, shows it on the order, and delivers it once it is back', async () => {
    t = await buildTestApp(dialect, {
      INGEST_API_KEY: INGEST_KEY,
      MAIL_CLOUD_URL: sink.url,
      MAIL_DELIVERY_URL: sink.url,
    });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    const id = await newOrder(t);
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await detailMail(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.any(String) });
    // Not due yet: nothing is tried before its backoff, even with the provider back.
    await sink.open();
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.advance(60_000);
    expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(ofOrder(sink, id)).toHaveLength(1);
    expect(await detailMail(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    await sink.close();
  });

  it(`marks a mail failed after ${MAIL_DEFAULTS.maxAttempts} attempts, visibly, and sends it again on request`, async () => {
    const id = await newOrder(t);
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    for (let i = 1; i < MAIL_DEFAULTS.maxAttempts; i += 1) {
      expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      t.advance(3_600_000);
    }
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = await detailMail(id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAIL_DEFAULTS.maxAttempts,
      last_error: expect.any(String),
    });
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
    expect(detail.events[0]).toMatchObject({ kind: 'mail_failed', to_value: 'approval' });
    t.advance(3_600_000);
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const retry = await api(t, DETAIL_CONTRACTS.retryMail, { body: { orderId: id } }, tara);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.mailIds).toEqual([failed!.id]);
    expect(await detailMail(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await sink.open();
    expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(ofOrder(sink, id)).toHaveLength(1);
    const again = await api(t, DETAIL_CONTRACTS.retryMail, { body: { orderId: id } }, tara);
    expect(again.statusCode).toBe(409);
    expect((await api(t, DETAIL_CONTRACTS.retryMail, { body: { orderId: id } })).statusCode).toBe(401);
  });

  it('never sends an approval whose document was rejected while it waited, nor sends it again on request', async () => {
    await sink.close();
    const id = await newOrder(t);
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const rejected = await api(
      t,
      DETAIL_CONTRACTS.rejectionMail,
      { body: { orderId: id, email: 'a@example.test' } },
      tara,
    );
    expect(rejected.statusCode).toBe(200);
    await sink.open();
    t.advance(60_000);
    // The rejection goes out; the approval is withdrawn, for good, and the order says why.
    expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 1 });
    expect(ofOrder(sink, id).map((m) => m.headers.get('x-eta-mail-kind'))).toEqual(['rejection']);
    const mails = await outboxOf(t, id);
    expect(mails.find((m) => m.kind === 'approval')).toMatchObject({ status: 'failed', last_error: MAIL_WITHDRAWN });
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
    expect(detail.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'mail_failed', to_value: 'approval', detail: `cloud: ${MAIL_WITHDRAWN}` }),
      ]),
    );
    const retry = await api(t, DETAIL_CONTRACTS.retryMail, { body: { orderId: id } }, tara);
    expect(retry.statusCode).toBe(409);
    t.advance(3_600_000);
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(ofOrder(sink, id)).toHaveLength(1);
  });

  it('loses nothing and sends nothing twice across a restart, a crashed worker included', async () => {
    // A fresh app: the clock moved on hours in the tests above, and a restarted app starts from real time.
    await t.close();
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, MAIL_CLOUD_URL: sink.url });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    await sink.open();
    const ids = [await newOrder(t), await newOrder(t)];
    for (const id of ids) await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    await api(t, DETAIL_CONTRACTS.resendMail, { body: { orderId: ids[0]!, email: 'a@example.test' } }, tara);
    // A worker claims one mail and dies before sending it: the row stays `sending` under its lease.
    const now = t.app.ctx.clock();
    const crashed = await t.app.ctx.strategies.outboxClaim.claimDue(
      t.app.ctx.db,
      'crashed-worker',
      nowIso(() => now),
      nowIso(() => now + MAIL_DEFAULTS.leaseMs),
      1,
    );
    expect(crashed).toHaveLength(1);
    await t.close({ keepStorage: true });

    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, MAIL_CLOUD_URL: sink.url }, { reuse: t.storage });
    const before = sink.messages.length;
    expect(await drainOutbox(t.app)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    // The crashed worker's row waits for its lease to run out, then is sent by this one.
    t.advance(MAIL_DEFAULTS.leaseMs + 1);
    expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await drainOutbox(t.app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const got = sink.messages.slice(before);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(3);
    const rows = [...(await outboxOf(t, ids[0] as string)), ...(await outboxOf(t, ids[1] as string))];
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    const history = await t.app.ctx.db.selectFrom('mail_history').select('outbox_id').execute();
    expect(new Set(history.map((h) => h.outbox_id)).size).toBe(history.length);
  });

  it('a worker whose lease ran out while it sent others may not send a row another has taken over', async () => {
    const id = await newOrder(t);
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    const now = t.app.ctx.clock();
    const [slow] = await t.app.ctx.strategies.outboxClaim.claimDue(
      t.app.ctx.db,
      'slow-worker',
      nowIso(() => now),
      nowIso(() => now + 1000),
      1,
    );
    expect(slow).toBeDefined();
    // Its lease runs out (a slow provider, the mails before this one); this instance takes the row.
    t.advance(1001);
    expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // The slow worker, reaching the row at last, asks to renew its lease first: refused, so it sends nothing.
    const later = nowIso(() => t.app.ctx.clock() + MAIL_DEFAULTS.leaseMs);
    expect(await renewLease(t.app.ctx.db, Number(slow?.id), 'slow-worker', later)).toBe(false);
    expect(ofOrder(sink, id)).toHaveLength(1);
  });

  it('the running worker sends a queued mail without being drained by hand', async () => {
    await t.close({ keepStorage: true });
    t = await buildTestApp(
      dialect,
      { INGEST_API_KEY: INGEST_KEY, MAIL_CLOUD_URL: sink.url },
      { reuse: t.storage, build: { mailWorker: { pollMs: 50 } } },
    );
    await t.app.ready();
    const id = await newOrder(t);
    const count = sink.messages.length;
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    await sink.waitFor(count + 1);
    expect(ofOrder(sink, id)).toHaveLength(1);
  });
});

describeEachDialect('mail without an SMTP URL', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
  });
  afterAll(() => t.close());

  it('writes the message as an .eml file under DATA_DIR/mail and counts it as sent', async () => {
    const tara = await createMember(t, ROLE.Team);
    const id = await newOrder(t);
    await uploadDocument(
      t,
      tara.token,
      { orderId: id, email: 'a@example.test', mailServiceProvider: 'delivery' },
      pdfFile(),
    );
    expect(await drainOutbox(t.app)).toMatchObject({ sent: 1 });
    const [row] = await outboxOf(t, id);
    expect(row?.status).toBe('sent');
    const file = path.join(t.config.dataDir, 'mail', `delivery-${row?.id}.eml`);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe(row?.subject);
    expect(parsed.to).toMatchObject({ text: 'a@example.test' });
  });

  it('says at start which providers write files instead of sending', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg), error: () => {} };
    const withCloud = {
      ...t.app.ctx,
      config: { ...t.config, mail: { ...t.config.mail, cloudUrl: 'smtp://127.0.0.1:1' } },
    };
    const worker = createMailWorker(withCloud, { log, pollMs: 60_000 });
    worker.start();
    await worker.stop();
    expect(warnings).toEqual([
      'mail provider delivery has no SMTP URL: its mails are written as .eml files and count as sent',
    ]);
  });
});
