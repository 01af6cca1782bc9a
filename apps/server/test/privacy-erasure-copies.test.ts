import {
  DEFENCE_CONTRACTS,
  DETAIL_CONTRACTS,
  ERASED_NAME,
  MAIL_STATUS,
  ORDER_EVENT,
  ORDERS_CONTRACTS,
  PRIVACY_CONTRACTS,
  PRIVACY_MSG,
  ROLE,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../src/lib/domain-events.ts';
import { emlFileName } from '../src/modules/mail/index.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { pdfFile, storedDocuments, uploadDocument } from './detail-fixtures.ts';
import { DISPUTE_ENV } from './dispute-fixtures.ts';
import { PERSON, PERSON_TRACES, personWithCopies } from './erasure-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { everyStoredFile, everyStoredRow, type Found, holding } from './stored-text.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

type OrderChanged = DomainEventMap['order.changed'];

/**
 * DESIGN §22 "Erasure erases every copy" (issue 31, findings 4 and 10): after an erasure the
 * person's name, email, phone and address are in no table, no stored file and no reply; the order
 * refuses any mail; Activity and the live change name the member who erased.
 */
describeEachDialect('erasure erases every copy', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let orderId: string;
  let disputeId: number;
  let before: { rows: Found[]; files: Found[]; mails: { id: number; provider: string }[] };
  const changes: OrderChanged[] = [];

  const orderDbId = async () =>
    Number(
      (await t.app.ctx.db.selectFrom('orders').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow())
        .id,
    );
  const outboxCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...DISPUTE_ENV });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    ({ orderId, disputeId } = await personWithCopies(t, admin));
    before = {
      rows: await everyStoredRow(t),
      files: await everyStoredFile(t),
      mails: (
        await t.app.ctx.db
          .selectFrom('mail_outbox')
          .select(['id', 'provider'])
          .where('order_key', '=', await orderDbId())
          .execute()
      ).map((m) => ({ id: Number(m.id), provider: m.provider })),
    };
    t.app.ctx.events.subscribe('order.changed', (e) => void changes.push(e));
    // the order is in ChargeBack (its dispute is open): erased past the legal hold, as the law may require
    const res = await api(
      t,
      PRIVACY_CONTRACTS.erase,
      { params: { orderId }, body: { reason: 'Asked by mail', override: true } },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('leaves the name, email, phone and address in no row of any table', async () => {
    // the copies were there to find: the search reaches each place that held them
    const held = new Set(holding(before.rows, PERSON_TRACES).map((h) => h.where));
    for (const table of [
      'orders',
      'documents',
      'mail_outbox',
      'remarks',
      'order_events',
      'disputes',
      'access_log',
      'audit_log',
    ])
      expect(held).toContain(table);
    expect(holding(await everyStoredRow(t), PERSON_TRACES)).toEqual([]);
  });

  it('leaves them in no stored file: the mails’ .eml files and the invoice PDF are deleted', async () => {
    expect(before.files.some((f) => f.where.startsWith('mail/') && f.text.includes(PERSON.first))).toBe(true);
    expect(before.files.some((f) => f.where.startsWith('invoices/'))).toBe(true);
    const after = await everyStoredFile(t);
    expect(holding(after, PERSON_TRACES)).toEqual([]);
    const names = new Set(after.map((f) => f.where));
    for (const mail of before.mails) expect(names).not.toContain(`mail/${emlFileName(mail.provider, mail.id)}`);
    expect([...names].filter((n) => n.startsWith('invoices/') || n.startsWith('documents/'))).toEqual([]);
  });

  it('leaves them in no reply: detail, mail history, Activity, lists, search, disputes, logs and their CSVs', async () => {
    const urls = [
      `/api/admin/get-orders-details/${orderId}`,
      '/api/admin/get-orders-list/allorder?limit=500',
      '/api/admin/get-orders-list/chargeBack?limit=500',
      '/api/admin/disputes',
      `/api/admin/disputes/${disputeId}`,
      `/api/admin/access-log?orderId=${orderId}`,
      `/api/admin/access-log/csv?orderId=${orderId}`,
      '/api/admin/audit-log?limit=500',
      '/api/admin/audit-log/csv',
    ];
    const replies: Found[] = [];
    for (const url of urls) {
      const res = await call(t, 'GET', url, admin.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      replies.push({ where: url, text: res.body });
    }
    for (const searchVal of [PERSON.last, PERSON.email, PERSON.phone, orderId]) {
      const res = await api(
        t,
        ORDERS_CONTRACTS.search,
        { body: { start: 0, end: 100, searchVal, folderName: 'allorder' } },
        admin,
      );
      expect(res.json().total).toBe(searchVal === orderId ? 1 : 0);
      replies.push({ where: `search ${searchVal}`, text: res.body });
    }
    expect(holding(replies, PERSON_TRACES)).toEqual([]);

    const detail = JSON.parse(replies[0]?.text as string).data;
    expect(detail.uploadDoc.map((d: { customer_name: string }) => d.customer_name)).toEqual([ERASED_NAME]);
    for (const mail of detail.mailHistory) expect(mail.to_address).toBe(ERASED_NAME);
    for (const mail of detail.mailHistory.filter((m: { uploadDoc: unknown }) => m.uploadDoc))
      expect(mail.uploadDoc.customer_name).toBe(ERASED_NAME);
    // the resend still waiting was never sent, and says why
    expect(detail.mailHistory[0]).toMatchObject({
      kind: 'resend',
      status: MAIL_STATUS.failed,
      last_error: PRIVACY_MSG.mailRefused,
    });
  });

  it('names the member who erased in Activity and in the live change, never the system', async () => {
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, admin)).json().data;
    const removals = detail.events.filter((e: { kind: string }) => e.kind === ORDER_EVENT.dataRemoved);
    expect(removals.map((e) => e.detail)).toContain("Personal data erased at the applicant's request");
    for (const event of removals) expect(event.staff_name).toBe('Ada Admin');
    const live = changes.filter((c) => c.kind === ORDER_EVENT.dataRemoved);
    expect(live.length).toBe(removals.length);
    for (const change of live) expect(change.actor).toEqual({ id: admin.id, name: 'Ada Admin' });
  });

  it('refuses every mail afterwards with 409, adds nothing to the outbox; a refund moves the order without one', async () => {
    const mails = await outboxCount();
    const documents = storedDocuments(t).length;
    const upload = await uploadDocument(t, admin.token, { orderId, email: PERSON.email }, pdfFile());
    const refusals = [
      upload,
      await api(t, DETAIL_CONTRACTS.resendMail, { body: { orderId, email: PERSON.email } }, admin),
      await api(t, DETAIL_CONTRACTS.rejectionMail, { body: { orderId, email: PERSON.email } }, admin),
      await api(t, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId } }, admin),
      await api(t, DETAIL_CONTRACTS.retryMail, { body: { orderId } }, admin),
      await api(t, DETAIL_CONTRACTS.emailContent, { params: { orderId } }, admin),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ status: 0, message: PRIVACY_MSG.mailRefused });
    }
    expect(storedDocuments(t)).toHaveLength(documents);
    const refund = await api(t, ORDERS_CONTRACTS.refund, { body: { orderId: [orderId] } }, admin);
    expect(refund.json().data.updated).toEqual([orderId]);
    expect(await outboxCount()).toBe(mails);
    const queued = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', [MAIL_STATUS.queued, MAIL_STATUS.sending])
      .execute();
    expect(queued).toEqual([]);
    // nothing written back, nothing sent: still no trace in any table or file
    await drainOutbox(t.app);
    expect(holding(await everyStoredRow(t), PERSON_TRACES)).toEqual([]);
    expect(holding(await everyStoredFile(t), PERSON_TRACES)).toEqual([]);
  });

  describe('the subject export of the old address', () => {
    it('answers 404 with nothing to download, and the attempt is in the audit log', async () => {
      const res = await api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email: PERSON.email } }, admin);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 0, message: PRIVACY_MSG.exportNotFound });
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['member_id', 'target', 'detail'])
        .where('action', '=', 'subject_export')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // the request names the address the Admin typed: that is what the log is for
      expect(audit).toMatchObject({ member_id: admin.id, target: PERSON.email });
      expect(JSON.parse(audit.detail as string)).toEqual({ orders: 0 });
    });
  });
});
