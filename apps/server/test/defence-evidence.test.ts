import { DEFENCE_CONTRACTS, DETAIL_CONTRACTS, type DefenceLetter, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampUtc } from '../src/lib/pdf/text.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { documentPdf, packRequest, readPdf, saveTransaction, squash } from './defence-fixtures.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { downloadLink, front } from './public-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
const START = Date.parse('2030-03-02T09:00:00.000Z');
const OLD_IP = '203.0.113.10';
const NEW_IP = '192.0.2.200';

const letterText = (letter: DefenceLetter) =>
  [...letter.to, ...letter.sections.flatMap((s) => [s.heading ?? '', ...s.paragraphs]), ...letter.enclosures].join(
    '\n',
  );

describeEachDialect('defence evidence: only the current document counts (issue 18)', (dialect) => {
  let t: TestApp;
  let tara: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    tara = await createMember(t, 'Team', 'Tara Team');
  });
  afterAll(() => t.close());

  const mailsOf = async (orderId: string) => {
    const { id } = await orderRow(t, orderId);
    return t.app.ctx.db.selectFrom('mail_outbox').selectAll().where('order_key', '=', id).orderBy('id').execute();
  };

  /** Uploads a one-page document for the order with `provider`, mails it, and returns its stored name. */
  async function uploadAndMail(order: { orderId: string; email: string }, provider: 'cloud' | 'delivery') {
    const upload = await uploadDocument(
      t,
      tara.token,
      { ...order, mailServiceProvider: provider },
      pdfFile(await documentPdf(1)),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    // sent ten minutes after the upload, so the mail's time is its own in the pack
    t.advance(10 * 60_000);
    await drainOutbox(t.app);
    const { id } = await orderRow(t, order.orderId);
    const [doc] = await t.app.ctx.db
      .selectFrom('documents')
      .select('file1')
      .where('order_key', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    return { id, file1: doc?.file1 as string };
  }

  async function download(order: { orderId: string; email: string }, doc: { id: number; file1: string }, ip: string) {
    const access = (await front(t, 'track-order', order)).json().data.accessToken as string;
    await downloadLink(t, { id: doc.id, ...order }, { id: 0, file1: doc.file1, bytes: Buffer.alloc(0) }, access, {
      ip,
      timezone: 'Europe/Paris',
    });
  }

  /**
   * An order whose first document was mailed and downloaded twice, then rejected (with its mail) and
   * replaced by a second one, mailed through the other provider and downloaded once: each step an
   * hour or two after the last, so every time in a pack says which step it came from.
   */
  async function replacedDocumentOrder() {
    const orderId = await newOrder(t, { process_status: STATUS.Completed, purchase_ip: NEW_IP });
    const { contact_email_address: email } = await orderRow(t, orderId);
    const order = { orderId, email: email as string };
    t.advance(HOUR);
    const first = await uploadAndMail(order, 'cloud');
    await download(order, first, OLD_IP);
    await download(order, first, OLD_IP);
    t.advance(HOUR);
    const rejected = await api(t, DETAIL_CONTRACTS.rejectionMail, { body: order }, tara);
    expect(rejected.statusCode, rejected.body).toBe(200);
    await drainOutbox(t.app);
    t.advance(2 * HOUR);
    const second = await uploadAndMail(order, 'delivery');
    t.advance(HOUR);
    await download(order, second, NEW_IP);
    const mails = await mailsOf(orderId);
    const approvals = mails.filter((m) => m.kind === 'approval');
    expect(approvals).toHaveLength(2);
    const rejection = mails.find((m) => m.kind === 'rejection');
    return { ...order, oldMail: approvals[0], newMail: approvals[1], rejection };
  }

  it('states the mail and the downloads of the replacement document, never those of the withdrawn one', async () => {
    const order = await replacedDocumentOrder();
    const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara)).json()
      .data as DefenceLetter;
    const text = letterText(letter);
    expect(text).toContain(`a link to it on ${stampUtc(order.newMail?.sent_at)}`);
    expect(text).not.toContain(stampUtc(order.oldMail?.sent_at));
    expect(text).toContain(`downloaded the approved eTA once from that page, from IP address ${NEW_IP}`);

    await saveTransaction(t, tara.token, order.orderId);
    for (const type of [1, 2]) {
      const res = await packRequest(t, tara.token, order.orderId, type);
      expect(res.statusCode).toBe(200);
      const pdf = squash((await readPdf(res.rawPayload)).all);
      expect(pdf, `pack ${type}`).not.toContain(squash(stampUtc(order.oldMail?.sent_at)));
      expect(pdf, `pack ${type}`).not.toContain(squash('Document withdrawn'));
      expect(pdf, `pack ${type}`).not.toContain(squash('Rejection email sent'));
      expect(pdf, `pack ${type}`).not.toContain(squash(stampUtc(order.rejection?.sent_at)));
      expect(pdf, `pack ${type}`).not.toContain(OLD_IP);
      expect(pdf, `pack ${type}`).toContain(squash(stampUtc(order.newMail?.sent_at)));
      expect(pdf, `pack ${type}`).toContain(NEW_IP);
      // the withdrawn document's two downloads from elsewhere do not count either
      expect(pdf, `pack ${type}`).toContain(squash(`1 of 1 download from the purchase IP (${NEW_IP})`));
    }
  });

  describe('addressee', () => {
    it('writes to the processor of an open dispute, else the order’s processor, else the gateway that took the payment; never today’s gateway', async () => {
      const paidByGateway = await newOrder(t, { process_status: STATUS.Completed, gateway_name: 'Stripe' });
      const paidByProcessor = await newOrder(t, {
        process_status: STATUS.Completed,
        gateway_name: 'Stripe',
        payment_processor: 'checkout',
      });
      // Today the primary domain's active gateway is another one.
      await t.app.ctx.db.updateTable('payment_gateways').set({ is_active: 0 }).execute();
      await t.app.ctx.db
        .updateTable('payment_gateways')
        .set({ is_active: 1 })
        .where('gateway_name', '=', 'Worldpay')
        .execute();
      const to = async (orderId: string) =>
        ((await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId } }, tara)).json().data as DefenceLetter).to;
      expect(await to(paidByGateway)).toEqual(['The Disputes Team', 'Stripe']);
      expect(await to(paidByProcessor)).toEqual(['The Disputes Team', 'Checkout.com']);
      await openDispute(t, tara, paidByProcessor, { processor: 'adyen' });
      expect(await to(paidByProcessor)).toEqual(['The Disputes Team', 'Adyen']);
      const unknown = await newOrder(t, { process_status: STATUS.Completed });
      await t.app.ctx.db.updateTable('orders').set({ gateway_name: null }).where('order_id', '=', unknown).execute();
      expect(await to(unknown)).toEqual(['The Disputes Team', 'Payment Processor']);
      const configured = await buildTestApp(dialect, {
        INGEST_API_KEY: INGEST_KEY,
        PAYMENT_PROCESSOR_NAME: 'Acme Card Processing',
      });
      try {
        const member = await createMember(configured, 'Team');
        const orderId = await newOrder(configured, { process_status: STATUS.Completed, payment_processor: 'other' });
        await configured.app.ctx.db
          .updateTable('orders')
          .set({ gateway_name: null })
          .where('order_id', '=', orderId)
          .execute();
        const res = await api(configured, DEFENCE_CONTRACTS.letter, { params: { orderId } }, member);
        expect((res.json().data as DefenceLetter).to).toEqual(['The Disputes Team', 'Acme Card Processing']);
      } finally {
        await configured.close();
      }
    });
  });
});
