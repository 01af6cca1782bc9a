import {
  DEFENCE_CONTRACTS,
  DETAIL_CONTRACTS,
  invoiceNotFoundMessage,
  MSG,
  ORDER_ID_MESSAGE,
  ORDERS_CONTRACTS,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { readPdf, squash } from './defence-fixtures.ts';
import { newOrder, orderRow, outboxOf } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const YEAR = new Date().getUTCFullYear();

describeEachDialect('Send Invoice', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let tara: Member;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(dialect, {
      INGEST_API_KEY: INGEST_KEY,
      MAIL_CLOUD_URL: sink.url,
      BUSINESS_NAME: 'Atlas Travel Services Ltd',
      INVOICE_PREFIX: 'ATL',
      VAT_NUMBER: 'GB123456789',
      VAT_RATE: '20',
    });
    tara = await createMember(t, ROLE.Telecaller, 'Tom Telecaller');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (payload: unknown, token: string | null = tara.token) =>
    api.raw(t, DEFENCE_CONTRACTS.sendInvoice, { body: payload }, token);

  it.each([
    [{}, MSG.invoiceOrderIdRequired],
    [{ orderId: '' }, MSG.invoiceOrderIdRequired],
    [{ orderId: '   ' }, MSG.invoiceOrderIdRequired],
    [{ orderId: 12345678 }, MSG.invoiceOrderIdRequired],
    [{ orderId: 'UK12' }, MSG.invoiceOrderIdMin],
    [{ orderId: 'UKETA 12345' }, ORDER_ID_MESSAGE],
  ])('refuses %j with %j (400)', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { orderId: message } } });
  });

  it('needs a signed-in member (401) and refuses unknown keys (400)', async () => {
    expect((await send({ orderId: 'UKETA-123456' }, null)).statusCode).toBe(401);
    expect((await send({ orderId: 'UKETA-123456', email: 'x@example.test' })).statusCode).toBe(400);
  });

  it('answers 404 with a clear message for an unknown order id', async () => {
    const res = await send({ orderId: 'UKETA-404404' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: invoiceNotFoundMessage('UKETA-404404') });
  });

  it('mails a numbered invoice PDF to the applicant through the outbox, recorded in mail history and Activity', async () => {
    const orderId = await newOrder(t, {
      amount: 49.5,
      currency: 'GBP',
      process_status: STATUS.Completed,
      address_line1: '5 Elm Row',
    });
    const res = await send({ orderId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data.invoiceNumber).toMatch(new RegExp(`^ATL-${YEAR}-\\d{6}$`));
    const number = body.data.invoiceNumber as string;
    expect(body.message).toBe(`Invoice ${number} has been queued to be sent to ${orderId.toLowerCase()}@example.test.`);

    expect(await drainOutbox(t.app)).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = ofOrder(sink, orderId);
    expect(mail?.subject).toBe(`Your invoice ${number} for order ${orderId}`);
    expect(mail?.to).toMatchObject({ text: `${orderId.toLowerCase()}@example.test` });
    expect(mail?.text).toContain('Amount paid: £49.50');
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const pdf = await readPdf(attachment?.content as Buffer);
    expect(pdf.count).toBe(1);
    const text = squash(pdf.all);
    for (const expected of [
      'INVOICE',
      number,
      orderId,
      '£49.50',
      'UKElectronicTravelAuthorisationapplicationservice',
      'AtlasTravelServicesLtd',
      'JaneDoe',
      '5ElmRow',
      'GB123456789',
      'VATat20%',
      '£8.25',
      '£41.25',
      'Balancedue',
    ]) {
      expect(text).toContain(squash(expected));
    }

    const [row] = await outboxOf(t, orderId);
    expect(row).toMatchObject({ kind: 'invoice', provider: 'cloud', status: 'sent' });
    const { id } = await orderRow(t, orderId);
    const history = await t.app.ctx.db.selectFrom('mail_history').selectAll().where('order_key', '=', id).execute();
    expect(history).toEqual([expect.objectContaining({ kind: 'invoice', provider: 'cloud', outbox_id: row?.id })]);
    const events = await t.app.ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_key', '=', id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['created', 'mail', 'invoice', 'mail_sent']);
    expect(events[2]).toMatchObject({ to_value: number, staff_name: 'Tom Telecaller' });
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara)).json().data;
    expect(detail.mailHistory[0]).toMatchObject({ kind: 'invoice', status: 'sent' });
  });

  it('prints no contact address without BUSINESS_EMAIL: never the no-reply sender of MAIL_FROM (issue 31)', async () => {
    expect(t.config.mail.from).toContain('no-reply@');
    const orderId = await newOrder(t, { amount: 39, currency: 'GBP', process_status: STATUS.Completed });
    const res = await send({ orderId });
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().data.invoiceNumber as string;
    const { readFile } = await import('node:fs/promises');
    const text = (await readPdf(await readFile(`${t.config.dataDir}/invoices/${number}.pdf`))).all;
    // the applicant's own address is billed to; the business gives none
    expect(text.match(/[^\s@]+@[^\s@]+/g)).toEqual([`${orderId.toLowerCase()}@example.test`]);
  });

  it('says on the invoice of a refunded order that the fee was refunded', async () => {
    const orderId = await newOrder(t, { amount: 39, currency: 'GBP', process_status: STATUS.Completed });
    const refunded = await api(t, ORDERS_CONTRACTS.refund, { body: { orderId: [orderId] } }, tara);
    expect(refunded.statusCode).toBe(200);
    await drainOutbox(t.app);
    expect((await send({ orderId })).statusCode).toBe(200);
    await drainOutbox(t.app);
    const invoice = ofOrder(sink, orderId).find((m) => m.subject?.startsWith('Your invoice'));
    const text = squash((await readPdf(invoice?.attachments[0]?.content as Buffer)).all);
    expect(text).toContain(squash('Refunded on'));
    expect(text).toContain(squash('-£39.00'));
    expect(text).toContain(squash('and refunded in full on'));
    expect(text).not.toContain(squash('Paid in full'));
  });

  it('numbers invoices one after another; sending again mails the same invoice', async () => {
    const first = await newOrder(t, { amount: 10, currency: 'USD' });
    const second = await newOrder(t, { amount: 20, currency: 'USD' });
    const a = (await send({ orderId: first })).json().data.invoiceNumber as string;
    const b = (await send({ orderId: second })).json().data.invoiceNumber as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
    const again = await send({ orderId: first });
    expect(again.json().data.invoiceNumber).toBe(a);
    expect(again.json().message).toContain('queued to be sent again');
    await drainOutbox(t.app);
    const mails = ofOrder(sink, first);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.attachments[0]?.filename)).toEqual([`${a}.pdf`, `${a}.pdf`]);
    expect(squash((await readPdf(mails[1]?.attachments[0]?.content as Buffer)).all)).toContain('US$10.00');
  });

  it('hands out distinct numbers to invoices sent at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => newOrder(t, { amount: 5 })));
    const numbers = await Promise.all(ids.map(async (orderId) => (await send({ orderId })).json().data.invoiceNumber));
    expect(new Set(numbers).size).toBe(5);
    const seqs: number[] = numbers.map((n: string) => Number(n.slice(-6))).sort((x: number, y: number) => x - y);
    expect((seqs.at(-1) as number) - (seqs[0] as number)).toBe(4);
  });

  it('refuses an order without an amount (409) and numbers nothing', async () => {
    const orderId = await newOrder(t, { amount: null });
    const res = await send({ orderId });
    expect(res.statusCode).toBe(409);
    const { id } = await orderRow(t, orderId);
    expect(await t.app.ctx.db.selectFrom('invoices').selectAll().where('order_key', '=', id).execute()).toEqual([]);
  });
});

describeEachDialect('invoices without VAT', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, BUSINESS_EMAIL: 'billing@atlas.example' });
  });
  afterAll(() => t.close());

  it('show the total only, and the business address BUSINESS_EMAIL names', async () => {
    const member = await createMember(t, ROLE.Team);
    const orderId = await newOrder(t, { amount: 39.99, currency: 'GBP' });
    const res = await api(t, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId } }, member);
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().data.invoiceNumber as string;
    expect(number).toMatch(new RegExp(`^INV-${YEAR}-000001$`));
    const { readFile } = await import('node:fs/promises');
    const pdf = await readPdf(await readFile(`${t.config.dataDir}/invoices/${number}.pdf`));
    expect(squash(pdf.all)).toContain('£39.99');
    expect(squash(pdf.all)).not.toContain('VAT');
    expect(squash(pdf.all)).toContain('billing@atlas.example');
  });
});
