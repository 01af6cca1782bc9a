import {
  DETAIL_CONTRACTS,
  DETAIL_MSG,
  DOCUMENT_MAX_BYTES,
  MSG,
  ORDERS_CONTRACTS,
  ROLE,
  SERVER_MSG,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import {
  HTML_AS_PDF,
  newOrder,
  orderRow,
  outboxOf,
  PDF,
  PNG,
  pdfFile,
  storedDocuments,
  uploadDocument,
} from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('documents: upload, resend, rejection', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let nina: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => t.close());

  const documentsOf = async (orderId: string) => {
    const { id } = await orderRow(t, orderId);
    return t.app.ctx.db.selectFrom('documents').selectAll().where('order_key', '=', id).orderBy('id').execute();
  };
  /** Nothing of a refused upload may remain: no row, no file (temp files included), no mail. */
  const expectNothingStored = async (orderId: string, filesBefore: string[]) => {
    expect(await documentsOf(orderId)).toEqual([]);
    expect(storedDocuments(t)).toEqual(filesBefore);
    expect(await outboxOf(t, orderId)).toEqual([]);
  };
  const post = (path: string, member: Member | null, payload: unknown) =>
    call(t, 'POST', `/api/admin/${path}`, member?.token ?? null, payload);

  describe('upload-visa-document', () => {
    it.each([
      ['a PDF', { filename: 'eta.pdf', type: 'application/pdf', bytes: PDF }, 'application/pdf', 'pdf', 'cloud'],
      ['a PNG', { filename: 'eta.png', type: 'image/png', bytes: PNG }, 'image/png', 'png', 'delivery'],
      // The declared type is never trusted: a PNG sent as a PDF is stored as the PNG it is.
      ['a PNG declared as PDF', { filename: 'x.pdf', type: 'application/pdf', bytes: PNG }, 'image/png', 'png', ''],
    ])(
      'stores %s as orderId_file1, with its row, an event and the approval mail queued',
      async (_n, file, type, ext, provider) => {
        const id = await newOrder(t);
        const res = await uploadDocument(
          t,
          tara.token,
          { orderId: id, email: 'jane@example.test', mailServiceProvider: provider },
          file,
        );
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ status: 1, message: DETAIL_MSG.uploaded });
        const [doc] = await documentsOf(id);
        expect(doc).toMatchObject({
          file1: res.json().data.file1,
          content_type: type,
          size: file.bytes.length,
          customer_name: 'Jane Doe',
          is_rejected_doc: 'No',
          mail_service_provider: provider || 'cloud',
          uploaded_by: tara.id,
        });
        expect(doc?.file1).toMatch(new RegExp(`^${id}_file1_[0-9a-f]{8}\\.${ext}$`));
        expect(storedDocuments(t)).toContain(doc?.file1);
        expect(storedDocuments(t).filter((f) => f.endsWith('.tmp'))).toEqual([]);
        const [mail] = await outboxOf(t, id);
        expect(mail).toMatchObject({
          kind: 'approval',
          provider: provider || 'cloud',
          to_address: 'jane@example.test',
          document_id: doc?.id,
          remainder_mail: 0,
          status: 'queued',
        });
        // The order stays where it was (SPEC §4 "a resend or upload leaves the order in place").
        expect((await orderRow(t, id)).process_status).toBe(STATUS.New);
      },
    );

    it('keeps an earlier document in history when a new one is uploaded', async () => {
      const id = await newOrder(t);
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const docs = await documentsOf(id);
      expect(docs).toHaveLength(2);
      expect(new Set(docs.map((d) => d.file1)).size).toBe(2);
      for (const d of docs) expect(storedDocuments(t)).toContain(d.file1);
    });

    it('refuses 10 MB + 1 byte with 413 and stores nothing; exactly 10 MB is accepted', async () => {
      const id = await newOrder(t);
      const before = storedDocuments(t);
      const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
      PDF.copy(big);
      const res = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile(big));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 0, message: SERVER_MSG.payloadTooLarge });
      await expectNothingStored(id, before);
      const exact = big.subarray(0, DOCUMENT_MAX_BYTES);
      expect(
        (await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile(exact))).statusCode,
      ).toBe(201);
    });

    it('refuses an HTML file named .pdf with 415 and stores nothing', async () => {
      const id = await newOrder(t);
      const before = storedDocuments(t);
      const res = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile(HTML_AS_PDF));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: 0, message: DETAIL_MSG.documentType });
      await expectNothingStored(id, before);
    });

    it.each([
      [{ email: '' }, true, MSG.uploadEmailRequired, 'email'],
      [{}, true, MSG.uploadEmailRequired, 'email'],
      [{ email: 'a@example.test' }, false, MSG.fileRequired, 'uploadVisaDoc'],
      [{ email: 'not-an-email' }, true, MSG.invalidEmail, 'email'],
      [
        { email: 'a@example.test', mailServiceProvider: 'pigeon' },
        true,
        DETAIL_MSG.providerInvalid,
        'mailServiceProvider',
      ],
      [{ email: 'a@example.test', note: 'hi' }, true, DETAIL_MSG.uploadUnknownField, 'note'],
    ])('refuses %j (file: %s) with 400 and SPEC §5 messages', async (fields, withFile, message, field) => {
      const id = await newOrder(t);
      const before = storedDocuments(t);
      const res = await uploadDocument(t, tara.token, { orderId: id, ...fields }, withFile ? pdfFile() : undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
      await expectNothingStored(id, before);
    });

    it('answers 401 without a token, 404 for an unknown order, 415 for a JSON body', async () => {
      const before = storedDocuments(t);
      expect(
        (await uploadDocument(t, null, { orderId: 'UKETA-00000009', email: 'a@example.test' }, pdfFile())).statusCode,
      ).toBe(401);
      expect(
        (await uploadDocument(t, tara.token, { orderId: 'UKETA-00000009', email: 'a@example.test' }, pdfFile()))
          .statusCode,
      ).toBe(404);
      expect(storedDocuments(t)).toEqual(before);
      const json = await post('upload-visa-document', tara, { orderId: 'UKETA-00000009', email: 'a@example.test' });
      expect(json.statusCode).toBe(415);
    });

    it('is refused (409, nothing stored) to Night Staff while Team holds the New order', async () => {
      const id = await newOrder(t);
      await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, tara);
      const before = storedDocuments(t);
      const res = await uploadDocument(t, nina.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Tara Team');
      await expectNothingStored(id, before);
    });
  });

  describe('resend-mail', () => {
    it('queues the approval mail again with remainder_mail 1 for the current document', async () => {
      const id = await newOrder(t);
      const up = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const res = await post('resend-mail', nina, {
        orderId: id,
        email: 'b@example.test',
        mailServiceProvider: 'delivery',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, message: DETAIL_MSG.resent });
      const [first, again] = await outboxOf(t, id);
      expect(first).toMatchObject({ kind: 'approval', remainder_mail: 0 });
      expect(again).toMatchObject({
        kind: 'resend',
        remainder_mail: 1,
        provider: 'delivery',
        to_address: 'b@example.test',
        document_id: up.json().data.documentId,
      });
      expect(again?.subject).toBe(`Reminder: ${first?.subject}`);
      const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
      expect(detail.mailHistory.map((m: { remainder_mail: number }) => m.remainder_mail)).toEqual([1, 0]);
      // The provider defaults to cloud.
      await post('resend-mail', nina, { orderId: id, email: 'b@example.test' });
      expect((await outboxOf(t, id))[2]?.provider).toBe('cloud');
    });

    it('is refused without a document, after a rejection, and without an email', async () => {
      const id = await newOrder(t);
      const none = await post('resend-mail', tara, { orderId: id, email: 'a@example.test' });
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(DETAIL_MSG.noDocument);
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      await post('send-rejection-mail', tara, { orderId: id, email: 'a@example.test' });
      const rejected = await post('resend-mail', tara, { orderId: id, email: 'a@example.test' });
      expect(rejected.statusCode).toBe(409);
      expect(rejected.json().message).toBe(DETAIL_MSG.documentRejected);
      const blank = await post('resend-mail', tara, { orderId: id, email: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(MSG.uploadEmailRequired);
      expect((await post('resend-mail', null, { orderId: id, email: 'a@example.test' })).statusCode).toBe(401);
    });
  });

  describe('send-rejection-mail', () => {
    it("marks the latest document rejected, queues the rejection mail and says 'Rejection mail sent'", async () => {
      const id = await newOrder(t);
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const up = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const res = await post('send-rejection-mail', nina, { orderId: id, email: 'a@example.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, message: MSG.rejectionSent });
      const docs = await documentsOf(id);
      expect(docs.map((d) => d.is_rejected_doc)).toEqual(['No', 'Yes']);
      expect(docs[1]?.id).toBe(up.json().data.documentId);
      const mails = await outboxOf(t, id);
      expect(mails.at(-1)).toMatchObject({ kind: 'rejection', to_address: 'a@example.test', document_id: docs[1]?.id });
      const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
      expect(detail.uploadDoc[0]!.is_rejected_doc).toBe('Yes');
      expect(detail.events[0]).toMatchObject({ kind: 'mail', to_value: 'rejection' });
      expect(detail.events[1]).toMatchObject({ kind: 'rejection', staff_name: 'Nina Night', to_value: docs[1]?.file1 });
    });

    it("moves the detail's Last updated to the rejection, a minute after the upload", async () => {
      const id = await newOrder(t);
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const before = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
      t.advance(60_000);
      await post('send-rejection-mail', tara, { orderId: id, email: 'a@example.test' });
      const after = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara)).json().data;
      const rejection = after.events.find((e: { kind: string }) => e.kind === 'rejection');
      expect(after.updated_at).toBe(rejection!.created_at);
      expect(Date.parse(after.updated_at) - Date.parse(before.updated_at)).toBeGreaterThanOrEqual(60_000);
    });

    it('is refused a second time, and without a document', async () => {
      const id = await newOrder(t);
      const none = await post('send-rejection-mail', tara, { orderId: id, email: 'a@example.test' });
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(DETAIL_MSG.noDocument);
      await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      expect((await post('send-rejection-mail', tara, { orderId: id, email: 'a@example.test' })).statusCode).toBe(200);
      const twice = await post('send-rejection-mail', tara, { orderId: id, email: 'a@example.test' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(DETAIL_MSG.alreadyRejected);
      expect((await outboxOf(t, id)).filter((m) => m.kind === 'rejection')).toHaveLength(1);
      expect((await post('send-rejection-mail', null, { orderId: id, email: 'a@example.test' })).statusCode).toBe(401);
    });
  });
});
