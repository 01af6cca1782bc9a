import {
  DETAIL_CONTRACTS,
  ETA_FACTS,
  encodeOrderRef,
  formatUtcDate,
  ORDERS_CONTRACTS,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { createMailWorker } from '../src/modules/mail/worker.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow, outboxOf, PNG, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { INGEST_KEY, nextOrderId } from './orders-fixtures.ts';
import { hrefOf, ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const SITES = {
  PUBLIC_BASE_URL_PRIMARY: 'https://primary.test',
  PUBLIC_BASE_URL_SECONDARY: 'https://secondary.test',
  SITE_COMPLAINT_URL_SECONDARY: 'https://help.secondary.test/complaints',
  SITE_TERMS_URL_PRIMARY: 'https://legal.primary.test/terms',
  MAIL_FROM: 'eTA Desk <desk@mail.test>',
  MAIL_SUPPORT_PHONE: '+44 20 7946 0123',
};
const LINKS = {
  primary: {
    base: 'https://primary.test',
    complaint: 'https://primary.test/complaints',
    terms: 'https://legal.primary.test/terms',
  },
  secondary: {
    base: 'https://secondary.test',
    complaint: 'https://help.secondary.test/complaints',
    terms: 'https://secondary.test/terms-and-conditions',
  },
} as const;

describeEachDialect('mail through two real SMTP providers', (dialect) => {
  let cloud: SmtpSink;
  let delivery: SmtpSink;
  let t: TestApp;
  let tara: Member;

  beforeAll(async () => {
    cloud = await startSmtpSink();
    delivery = await startSmtpSink();
    t = await buildTestApp(dialect, {
      INGEST_API_KEY: INGEST_KEY,
      MAIL_CLOUD_URL: cloud.url,
      MAIL_DELIVERY_URL: delivery.url,
      ...SITES,
    });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(async () => {
    await t.close();
    await cloud.close();
    await delivery.close();
  });

  describe.each([
    ['primary', 'UKETA-', 'cloud'],
    ['secondary', 'UKTA-', 'delivery'],
    ['secondary', 'eTA-', 'cloud'],
    ['primary', 'UK-', 'delivery'],
  ] as const)('the approval mail of a %s order (%s…) through %s', (domain, prefix, provider) => {
    it('arrives through the chosen provider only, with the track, complaint and terms links of its site', async () => {
      const id = await newOrder(t, { order_id: nextOrderId(prefix), first_name: 'Zoë', sur_name: "<O'Brien> & Co" });
      const res = await uploadDocument(
        t,
        tara.token,
        { orderId: id, email: 'jane@example.test', mailServiceProvider: provider },
        pdfFile(),
      );
      expect(res.statusCode).toBe(201);
      expect(await drainOutbox(t.app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const chosen = provider === 'cloud' ? cloud : delivery;
      const other = provider === 'cloud' ? delivery : cloud;
      expect(ofOrder(other, id)).toEqual([]);
      const [mail] = ofOrder(chosen, id);
      expect(ofOrder(chosen, id)).toHaveLength(1);
      const html = mail?.html as string;
      const text = mail?.text as string;
      const links = LINKS[domain];
      const track = `${links.base}/track-order/${encodeOrderRef(id)}`;
      expect(mail?.to).toMatchObject({ text: 'jane@example.test' });
      // from the site that signs the mail, not the back office's name (issue 21)
      const site = domain === 'primary' ? 'UK ETA Online' : 'UK ETA Apply';
      expect(mail?.from?.value).toEqual([{ name: site, address: 'desk@mail.test' }]);
      expect(mail?.subject).toBe(`Your UK eTA has been approved - Order ${id}`);
      expect(mail?.messageId).toMatch(/^<outbox-\d+\.\d+@mail\.test>$/);
      expect(hrefOf(html, 'Click here')).toBe(track);
      expect(hrefOf(html, 'make a complaint')).toBe(links.complaint);
      expect(hrefOf(html, 'terms and conditions')).toBe(links.terms);
      expect(hrefOf(html, 'Terms')).toBe(links.terms);
      expect(hrefOf(html, 'Privacy')).toBe(`${links.base}/privacy-policy`);
      expect(hrefOf(html, 'Contact')).toBe(`${links.base}/contact-us`);
      expect(hrefOf(html, 'Refund')).toBe(`${links.base}/refund-policy`);
      // Greeting with the name (escaped in HTML), username = the contact email, order id, SPEC §9 figures.
      expect(html).toContain('Dear Zoë &lt;O&#39;Brien&gt; &amp; Co,');
      expect(html).not.toContain("<O'Brien>");
      expect(text).toContain("Dear Zoë <O'Brien> & Co,");
      expect(text).toContain(`Username: ${id.toLowerCase()}@example.test`);
      expect(text).toContain(`Order ID: ${id}`);
      expect(text).toContain(`Click here: ${track}`);
      expect(text).toContain(`${ETA_FACTS.validityYears} years`);
      expect(text).toContain(`${ETA_FACTS.decisionWorkingDays} working days`);
      expect(text).toContain(`${ETA_FACTS.maxStayMonths} months`);
      expect(text).toContain(`${ETA_FACTS.transitMonths} months when you are in transit`);
      expect(text).toContain('+44 20 7946 0123');
      expect(text).toMatch(/application has been approved/i);
      // Recorded: outbox sent, one mail_history row with the provider and the document.
      const [row] = await outboxOf(t, id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, provider });
      const history = await t.app.ctx.db
        .selectFrom('mail_history')
        .selectAll()
        .where('outbox_id', '=', row?.id as number)
        .execute();
      expect(history).toEqual([
        expect.objectContaining({
          kind: 'approval',
          provider,
          remainder_mail: 0,
          document_id: res.json().data.documentId,
        }),
      ]);
    });
  });

  it('View Email Content shows exactly what the approval mail carries', async () => {
    const id = await newOrder(t, { order_id: nextOrderId('UKTA-') });
    const preview = (await api(t, DETAIL_CONTRACTS.emailContent, { params: { orderId: id } }, tara)).json().data;
    await uploadDocument(t, tara.token, { orderId: id, email: 'x@example.test' }, pdfFile());
    const [row] = await outboxOf(t, id);
    expect(preview).toEqual({ subject: row?.subject, html: row?.html, text: row?.text });
  });

  it('sends the refund mail with the order id, the amount refunded and the date', async () => {
    const id = await newOrder(t, { amount: 39.99, currency: 'GBP', process_status: STATUS.Completed });
    const res = await api(t, ORDERS_CONTRACTS.refund, { body: { orderId: [id] } }, tara);
    expect(res.statusCode).toBe(200);
    await drainOutbox(t.app);
    const [mail] = ofOrder(cloud, id);
    const { refund_date } = await orderRow(t, id);
    expect(mail?.subject).toBe(`Your refund for order ${id}`);
    expect(mail?.to).toMatchObject({ text: `${id.toLowerCase()}@example.test` });
    expect(mail?.text).toContain('Amount refunded: £39.99');
    expect(mail?.text).toContain(`Refund date: ${formatUtcDate(refund_date)}`);
    expect(mail?.html).toContain(`<strong>${id}</strong>`);
  });

  it('sends the rejection mail through the provider asked for', async () => {
    const id = await newOrder(t);
    await uploadDocument(
      t,
      tara.token,
      { orderId: id, email: 'a@example.test' },
      { filename: 'p.png', type: 'image/png', bytes: PNG },
    );
    await drainOutbox(t.app);
    await api(
      t,
      DETAIL_CONTRACTS.rejectionMail,
      { body: { orderId: id, email: 'a@example.test', mailServiceProvider: 'delivery' } },
      tara,
    );
    await drainOutbox(t.app);
    const [mail] = ofOrder(delivery, id);
    expect(mail?.text).toContain('has not been approved');
    expect(mail?.text).toContain('withdrawn');
  });

  it('two workers draining at once send every mail exactly once', async () => {
    const id = await newOrder(t);
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    for (let i = 0; i < 11; i += 1) {
      await api(t, DETAIL_CONTRACTS.resendMail, { body: { orderId: id, email: 'a@example.test' } }, tara);
    }
    const a = createMailWorker(t.app.ctx, { batch: 3 });
    const b = createMailWorker(t.app.ctx, { batch: 3 });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(ra.sent + rb.sent).toBe(12);
    const got = ofOrder(cloud, id);
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(12);
    expect((await outboxOf(t, id)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
