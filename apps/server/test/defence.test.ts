import {
  DEFENCE_CONTRACTS,
  DEFENCE_DISCLAIMER,
  DEFENCE_MSG,
  DETAIL_CONTRACTS,
  DETAIL_MSG,
  defenceRefusedMessage,
  MSG,
  ORDER_ID_MESSAGE,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { packOrder, packRequest, saveTransaction } from './defence-fixtures.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const BUSINESS = {
  BUSINESS_NAME: 'Atlas Travel Services Ltd',
  BUSINESS_ADDRESS: '10 Quay Street|Manchester M3 3HN|United Kingdom',
  BUSINESS_EMAIL: 'disputes@atlas.example',
  PAYMENT_PROCESSOR_NAME: 'Acme Card Processing',
};

describeEachDialect('transaction details and the defence letter', (dialect) => {
  let t: TestApp;
  let tara: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, ...BUSINESS });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  const save = (payload: unknown, token: string | null = tara.token) =>
    api.raw(t, DEFENCE_CONTRACTS.transactionDetails, { body: payload }, token);
  const events = async (orderId: string) => {
    const { id } = await orderRow(t, orderId);
    return t.app.ctx.db.selectFrom('order_events').selectAll().where('order_key', '=', id).orderBy('id').execute();
  };

  describe('POST /api/admin/defence-pack-details', () => {
    it.each([
      [{ merchantName: 'M', orderId: 'UKETA-123456' }, 'transactionId', MSG.transactionIdRequired],
      [
        { transactionId: '   ', merchantName: 'M', orderId: 'UKETA-123456' },
        'transactionId',
        MSG.transactionIdRequired,
      ],
      [{ transactionId: 'T1', orderId: 'UKETA-123456' }, 'merchantName', MSG.merchantNameRequired],
      [{ transactionId: 'T1', merchantName: '', orderId: 'UKETA-123456' }, 'merchantName', MSG.merchantNameRequired],
      [{ transactionId: 'T1', merchantName: 'M', orderId: 'bad id!' }, 'orderId', ORDER_ID_MESSAGE],
    ])('refuses %j with the SPEC §5 message', async (payload, field, message) => {
      const res = await save(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
    });

    it('gives the first message first when both fields are missing, and refuses unknown keys', async () => {
      expect((await save({ orderId: 'UKETA-123456' })).json().message).toBe(MSG.transactionIdRequired);
      const extra = await save({ transactionId: 'T', merchantName: 'M', orderId: 'UKETA-123456', amount: 5 });
      expect(extra.statusCode).toBe(400);
    });

    it('needs a signed-in member (401) and an existing order (404)', async () => {
      const body = { transactionId: 'T1', merchantName: 'M', orderId: 'UKETA-404404' };
      expect((await save(body, null)).statusCode).toBe(401);
      expect((await save(body, 'not-a-token')).json().status).toBe(401);
      const missing = await save(body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(DETAIL_MSG.orderNotFound);
    });

    it('saves both values on a Completed order, trimmed, with an Activity row; the same values again add none', async () => {
      const orderId = await newOrder(t, { process_status: STATUS.Completed });
      const res = await save({ transactionId: '  ch_3PqL9x  ', merchantName: ' ETA ONLINE ', orderId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: DEFENCE_MSG.transactionSaved });
      expect(await orderRow(t, orderId)).toMatchObject({ transaction_id: 'ch_3PqL9x', merchant_name: 'ETA ONLINE' });
      expect((await events(orderId)).at(-1)).toMatchObject({
        kind: 'transaction',
        from_value: null,
        to_value: 'ch_3PqL9x / ETA ONLINE',
        staff_name: 'Tara Team',
      });
      await save({ transactionId: 'ch_3PqL9x', merchantName: 'ETA ONLINE', orderId });
      expect((await events(orderId)).filter((e) => e.kind === 'transaction')).toHaveLength(1);
      await save({ transactionId: 'ch_NEW', merchantName: 'ETA ONLINE', orderId });
      expect((await events(orderId)).at(-1)).toMatchObject({
        from_value: 'ch_3PqL9x / ETA ONLINE',
        to_value: 'ch_NEW / ETA ONLINE',
      });
      const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara);
      expect(detail.json().data).toMatchObject({ transaction_id: 'ch_NEW', merchant_name: 'ETA ONLINE' });
    });

    it.each([STATUS.CustomerCalled, STATUS.ChargeBack])('is accepted for a %s order', async (status) => {
      const orderId = await newOrder(t, { process_status: status });
      const res = await save({ transactionId: 'ch_CB42', merchantName: 'ATLAS TRAVEL', orderId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: DEFENCE_MSG.transactionSaved });
      const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara)).json().data;
      expect(detail).toMatchObject({
        process_status: status,
        transaction_id: 'ch_CB42',
        merchant_name: 'ATLAS TRAVEL',
      });
      expect(detail.events.filter((e: { kind: string }) => e.kind === 'transaction')).toEqual([
        expect.objectContaining({
          kind: 'transaction',
          staff_name: 'Tara Team',
          from_value: null,
          to_value: 'ch_CB42 / ATLAS TRAVEL',
        }),
      ]);
    });

    it.each([STATUS.New, STATUS.Pending, STATUS.Refunds, STATUS.Awaiting])(
      'is refused (409, naming the status) for a %j order, which keeps its values',
      async (status) => {
        const orderId = await newOrder(t, { process_status: status });
        const res = await save({ transactionId: 'T', merchantName: 'M', orderId });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(defenceRefusedMessage(status));
        expect(await orderRow(t, orderId)).toMatchObject({ transaction_id: null, merchant_name: null });
      },
    );
  });

  describe('GET /api/admin/defence-letter/{orderId}', () => {
    it("fills the letter with the order's values and the business's details", async () => {
      const order = await packOrder(t, tara.token);
      await saveTransaction(t, tara.token, order.orderId, 'TXN-77001', 'ATLAS TRAVEL');
      const res = await api(
        t,
        DEFENCE_CONTRACTS.letter,
        { params: { orderId: order.orderId }, query: { defencePackType: '2' } },
        tara,
      );
      expect(res.statusCode).toBe(200);
      const letter = res.json().data;
      expect(letter).toMatchObject({
        orderId: order.orderId,
        packType: 2,
        from: [
          'Atlas Travel Services Ltd',
          '10 Quay Street',
          'Manchester M3 3HN',
          'United Kingdom',
          'disputes@atlas.example',
        ],
        // the gateway active when the order arrived (DESIGN §15); PAYMENT_PROCESSOR_NAME only when the order names none
        to: ['The Disputes Team', 'Stripe'],
        missing: [],
        enclosures: ['Evidence page: order facts, delivery of the eTA and the download log'],
      });
      expect(letter.subject).toContain('TXN-77001');
      expect(letter.reference).toEqual(
        expect.arrayContaining([
          { label: 'Transaction ID', value: 'TXN-77001' },
          { label: 'Merchant name', value: 'ATLAS TRAVEL' },
          { label: 'Amount', value: '£39.99' },
          { label: 'Order ID', value: order.orderId },
        ]),
      );
      const text = letter.sections.flatMap((s: { paragraphs: string[] }) => s.paragraphs).join('\n');
      expect(text).toContain(`Atlas Travel Services Ltd ${DEFENCE_DISCLAIMER}`);
      expect(text).toContain('downloaded the approved eTA 3 times');
      expect(text).toContain('203.0.113.10');
      expect(text).toContain(order.email);
      const full = await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara);
      expect(full.json().data.packType).toBe(1);
      // the passport image is enclosed only when asked for (DESIGN §15)
      expect(full.json().data.enclosures).toHaveLength(6);
      const withPassport = await api(
        t,
        DEFENCE_CONTRACTS.letter,
        { params: { orderId: order.orderId }, query: { includePassport: 'true' } },
        tara,
      );
      expect(withPassport.json().data.enclosures).toHaveLength(7);
      expect(withPassport.json().data.enclosures).toContain(
        "The applicant's passport image, as uploaded with the application",
      );
    });

    // What the letter says of this order: every section but the general one about the business.
    const letterText = (letter: { sections: { heading: string | null; paragraphs: string[] }[] }) =>
      letter.sections
        .filter((s) => s.heading !== 'About our business')
        .flatMap((s) => [s.heading ?? '', ...s.paragraphs])
        .join('\n');

    it('claims no approval, email or delivery the records do not show', async () => {
      // A chargeback on an order that never had a document, so never had an approval mail.
      const order = await packOrder(t, tara.token, { document: null });
      const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara)).json().data;
      const text = letterText(letter);
      expect(text).toContain('Our team checked the application and submitted it to the UK authorities');
      expect(text).toContain('The service we provided');
      for (const claim of [
        'approved',
        'emailed',
        'delivered that service',
        'The service was delivered',
        'downloaded',
      ]) {
        expect(text, claim).not.toContain(claim);
      }
      expect(letter.enclosures).not.toContain('The approval email as sent');
      expect(letter.enclosures).not.toContain('The approved eTA document as delivered to the customer');
    });

    it('after a rejection puts no earlier document forward as the one delivered', async () => {
      const order = await packOrder(t, tara.token, { downloads: 0 });
      const rejected = await api(
        t,
        DETAIL_CONTRACTS.rejectionMail,
        { body: { orderId: order.orderId, email: order.email } },
        tara,
      );
      expect(rejected.statusCode).toBe(200);
      const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara)).json().data;
      const text = letterText(letter);
      expect(text).not.toContain('The service was delivered');
      expect(text).not.toContain('Once the eTA was approved');
      expect(letter.enclosures).not.toContain('The approved eTA document as delivered to the customer');
    });

    it('with the approval mail sent and no download yet, says it was sent, with a link, not delivered', async () => {
      const order = await packOrder(t, tara.token, { downloads: 0 });
      const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara)).json().data;
      const text = letterText(letter);
      expect(text).toContain(`we emailed ${order.email} a link to it on`);
      expect(text).toContain(
        `Our records show no download from our website yet; the approval email with the link to the download page was sent to ${order.email}.`,
      );
      expect(text).toContain('the approved eTA was sent to them as described above');
      expect(letter.enclosures).toContain('The approval email as sent');
    });

    it('says which transaction fields are not entered yet', async () => {
      const order = await packOrder(t, tara.token, { document: null });
      const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, tara)).json().data;
      expect(letter.missing).toEqual(['transactionId', 'merchantName']);
      expect(letter.reference[0]).toEqual({ label: 'Transaction ID', value: `(${DEFENCE_MSG.notEntered})` });
    });

    it('answers 401, 400, 404 and 409 like the pack', async () => {
      const orderId = await newOrder(t);
      expect((await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId } })).statusCode).toBe(401);
      expect(
        (await call(t, 'GET', `/api/admin/defence-letter/${orderId}?defencePackType=3`, tara.token)).statusCode,
      ).toBe(400);
      expect((await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: 'UKETA-000404' } }, tara)).statusCode).toBe(
        404,
      );
      const refused = await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId } }, tara);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(defenceRefusedMessage(STATUS.New));
    });
  });

  describe('POST /api/admin/get-defence-pack-pdf refusals', () => {
    it('needs a signed-in member', async () => {
      expect((await packRequest(t, null, 'UKETA-123456', 1)).statusCode).toBe(401);
    });

    it.each([[3], [0], ['x'], [null]])('refuses defencePackType %j (400)', async (type) => {
      const res = await packRequest(t, tara.token, 'UKETA-123456', type);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DEFENCE_MSG.packTypeInvalid);
    });

    it('answers 404 for an unknown order', async () => {
      const res = await packRequest(t, tara.token, 'UKETA-999404', 1);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, message: DETAIL_MSG.orderNotFound });
    });

    it.each([
      STATUS.New,
      STATUS.Priority,
      STATUS.Pending,
      STATUS.Awaiting,
      STATUS.Refunds,
      STATUS.Deleted,
      STATUS.Rejected,
    ])('refuses both types for a %j order (409, JSON, no PDF)', async (status) => {
      const orderId = await newOrder(t, { process_status: status });
      for (const type of [1, 2]) {
        const res = await packRequest(t, tara.token, orderId, type);
        expect(res.statusCode).toBe(409);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toMatchObject({ status: 0, message: defenceRefusedMessage(status) });
      }
    });
  });
});
