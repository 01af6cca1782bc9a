import path from 'node:path';
import {
  DEFENCE_CONTRACTS,
  DISPUTE_STATES,
  DOCUMENT_NOT_REJECTED,
  disputeLabel,
  ORDER_STATUSES,
  paymentProcessorOf,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FILE_FOLDER } from '../src/lib/file-store.ts';
import { runRetentionPass } from '../src/modules/privacy/index.ts';
import { DEMO_ORDER_COUNT, seedDemoOrders } from '../src/seed/demo-orders.ts';
import { runSeed } from '../src/seed/run-seed.ts';
import { DEMO_ACCOUNTS } from '../src/seed/staff.ts';
import { api } from './api-client.ts';
import { buildTestApp, createMember, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('demo orders', (dialect) => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // the seed `npm run demo` runs, with what it prints
    await runSeed(t.app, true, (line) => printed.push(line));
  });
  afterAll(() => t.close());

  const orders = () =>
    t.app.ctx.db
      .selectFrom('orders')
      .select([
        'id',
        'order_id',
        'domain',
        'process_status',
        'processing_type',
        'assigned_to',
        'refund_date',
        'nationality',
      ])
      .select(['phone_number', 'country_code', 'job', 'created_at', 'criminal_conviction'])
      .execute();

  it('seeds about 300 orders covering every status, both domains and both processing types', async () => {
    expect(printed).toContain(`\nDemo orders created: ${DEMO_ORDER_COUNT}`);
    const rows = await orders();
    expect(rows).toHaveLength(DEMO_ORDER_COUNT);
    expect(new Set(rows.map((r) => r.process_status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((r) => r.domain))).toEqual(new Set(['primary', 'secondary']));
    expect(new Set(rows.map((r) => r.processing_type))).toEqual(new Set(['standard', 'priority']));
    expect(new Set(rows.map((r) => r.nationality)).size).toBeGreaterThan(10);
    for (const prefix of ['UKETA-', 'UK-', 'UKTA-', 'eTA-']) {
      expect(
        rows.some((r) => r.order_id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(rows.every((r) => r.phone_number && r.country_code && r.criminal_conviction)).toBe(true);
    // Reserved example domains only: the demo's mails must never reach a real inbox.
    const emails = await t.app.ctx.db.selectFrom('orders').select('contact_email_address').execute();
    expect(emails.every((r) => /@example\.(com|net|org)$/.test(r.contact_email_address ?? ''))).toBe(true);
    const oldest = Math.min(...rows.map((r) => Date.parse(r.created_at)));
    expect(Date.now() - oldest).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect(Date.now() - oldest).toBeLessThanOrEqual(91 * 24 * 3600 * 1000);
  });

  it('gives refunds a refund date, leaves some refund requests to refund, and some open orders to each demo member', async () => {
    const rows = await orders();
    const refunds = rows.filter((r) => r.process_status === STATUS.Refunds);
    const refunded = refunds.filter((r) => r.refund_date !== null);
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => (r.refund_date as string) >= r.created_at)).toBe(true);
    // Refund requests from the websites wait for "Refunded it" on the Refunds queue.
    expect(refunds.length - refunded.length).toBeGreaterThan(0);
    const staff = await t.app.ctx.db
      .selectFrom('staff')
      .select(['id', 'email', 'type'])
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    for (const member of staff) {
      expect(rows.filter((r) => r.assigned_to === member.id).length, member.type).toBeGreaterThan(0);
    }
    expect(staff.map((s) => s.type)).toContain(ROLE.Telecaller);
  });

  it('gives every order the purchase evidence a website sends (DESIGN §15)', async () => {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select(['purchase_ip', 'card_fingerprint', 'gateway_name', 'payment_reference', 'transaction_id'])
      .execute();
    expect(rows.every((r) => r.purchase_ip && r.card_fingerprint && r.gateway_name)).toBe(true);
    expect(rows.every((r) => r.payment_reference === r.transaction_id)).toBe(true);
  });

  it('stores a passport and a selfie image for every order', async () => {
    const images = await t.app.ctx.db.selectFrom('order_images').select(['kind', 'content_type']).execute();
    expect(images.filter((i) => i.kind === 'passport')).toHaveLength(DEMO_ORDER_COUNT);
    expect(images.filter((i) => i.kind === 'selfie')).toHaveLength(DEMO_ORDER_COUNT);
    expect(images.every((i) => i.content_type === 'image/png')).toBe(true);
  });

  it('opens disputes in every state on charged-back orders, some due within three days, and one unmatched', async () => {
    const disputes = await t.app.ctx.db
      .selectFrom('disputes')
      .leftJoin('orders', 'orders.id', 'disputes.order_key')
      .select(['disputes.state', 'disputes.respond_by', 'disputes.respond_by_estimated', 'orders.process_status'])
      .execute();
    expect(new Set(disputes.map((d) => d.state))).toEqual(new Set(DISPUTE_STATES));
    const open = disputes.filter((d) => d.state === 'needs_response');
    const soon = open.filter((d) => Date.parse(d.respond_by as string) - Date.now() <= 3 * 24 * 3600 * 1000);
    expect(soon.length).toBeGreaterThanOrEqual(3);
    expect(open.some((d) => Date.parse(d.respond_by as string) < Date.now())).toBe(true);
    expect(disputes.some((d) => d.respond_by_estimated === 1)).toBe(true);
    expect(disputes.filter((d) => d.process_status === null)).toHaveLength(1);
    expect(disputes.filter((d) => d.process_status !== null).every((d) => d.process_status === STATUS.ChargeBack)).toBe(
      true,
    );
  });

  // DESIGN §22, a demo that tells the truth: no mail at start, nothing for retention on its first day,
  // and a Completed order shows the eTA it was completed with.
  it('writes no mail: nothing in the outbox or the mail history, no file in the mail folder', async () => {
    expect(await t.app.ctx.db.selectFrom('mail_outbox').select(['id', 'kind']).execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('mail_history').select(['id', 'kind']).execute()).toEqual([]);
    const mailFiles: string[] = [];
    for await (const entry of t.app.ctx.files.list(FILE_FOLDER.mail)) mailFiles.push(entry.name);
    expect(mailFiles).toEqual([]);
    // and it says where the mails sent from it will be
    expect(printed.join('\n')).toContain(`written as .eml files under ${path.join(t.config.dataDir, 'mail')}`);
  });

  it('gives every Completed order its approved eTA document, stored, from after it arrived', async () => {
    const completed = await t.app.ctx.db
      .selectFrom('orders')
      .select(['id', 'order_id', 'created_at', 'sla_met_at'])
      .where('process_status', '=', STATUS.Completed)
      .execute();
    expect(completed.length).toBeGreaterThan(20);
    const documents = await t.app.ctx.db
      .selectFrom('documents')
      .select(['order_key', 'file1', 'content_type', 'is_rejected_doc', 'removed_at', 'uploaded_by', 'created_at'])
      .execute();
    for (const order of completed) {
      const approved = documents.filter(
        (d) => Number(d.order_key) === Number(order.id) && d.is_rejected_doc === DOCUMENT_NOT_REJECTED,
      );
      expect(approved, order.order_id).toHaveLength(1);
      const [doc] = approved;
      if (!doc) continue;
      expect(doc.removed_at).toBeNull();
      expect(doc.uploaded_by).not.toBeNull();
      expect(doc.content_type).toBe('application/pdf');
      expect(doc.created_at > order.created_at && doc.created_at <= new Date().toISOString(), order.order_id).toBe(
        true,
      );
      // the service level was met by that document, as an upload meets it (DESIGN §18)
      expect(order.sla_met_at).toBe(doc.created_at);
      const bytes = await t.app.ctx.files.read(FILE_FOLDER.documents, doc.file1);
      expect(bytes?.subarray(0, 5).toString('latin1'), order.order_id).toBe('%PDF-');
    }
  });

  it('leaves a retention pass nothing to remove, right after the seed and all through its first day', async () => {
    const nothing = { images: 0, documents: 0, personal: 0, inboundMails: 0, filesDeleted: 0, auditRowsDeleted: 0 };
    expect(await runRetentionPass(t.app.ctx)).toEqual(nothing);
    t.advance(24 * 3600 * 1000 - 60_000);
    expect(await runRetentionPass(t.app.ctx)).toEqual(nothing);
    const kept = await t.app.ctx.db.selectFrom('order_images').select('kind').where('removed_at', 'is', null).execute();
    expect(kept).toHaveLength(2 * DEMO_ORDER_COUNT);
  });

  it("opens each dispute with the processor that took its order's payment, and its letter is addressed there", async () => {
    const rows = await t.app.ctx.db
      .selectFrom('disputes')
      .innerJoin('orders', 'orders.id', 'disputes.order_key')
      .select(['disputes.processor', 'orders.order_id', 'orders.payment_processor', 'orders.gateway_name'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const member = await createMember(t, ROLE.Manager);
    for (const row of rows) {
      expect(row.processor, row.order_id).toBe(paymentProcessorOf(row) ?? 'other');
      const letter = await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: row.order_id } }, member);
      const addressee = row.processor === 'other' ? row.gateway_name : disputeLabel(row.processor);
      expect(letter.json().data.to, row.order_id).toEqual(['The Disputes Team', addressee]);
    }
    // more than one processor, so the dispute report and filters have something to show
    expect(new Set(rows.map((r) => r.processor)).size).toBeGreaterThanOrEqual(3);
  });

  it('seeds nothing into a database that already has orders', async () => {
    expect(await seedDemoOrders(t.app.ctx)).toBe(0);
    expect(await orders()).toHaveLength(DEMO_ORDER_COUNT);
  });
});
