import { DETAIL_CONTRACTS, DETAIL_MSG, ORDERS_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { INGEST_KEY, PNG_URL } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describeEachDialect('order detail', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let nina: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => t.close());

  const detail = async (orderId: string, member: Member = tara) => {
    const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, member);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const remark = (member: Member | null, payload: Record<string, unknown>) =>
    api.raw(t, DETAIL_CONTRACTS.addRemark, { body: payload }, member?.token ?? null);

  it('returns every SPEC §3 field, the dial code, amount, names and empty lists for a fresh order', async () => {
    const id = await newOrder(t, {
      country_code: 'UK',
      address_line1: '1 High Street',
      job: 'Engineer',
      criminal_conviction: 'No',
      amount: 39.99,
      currency: 'GBP',
      passport_image: PNG_URL,
      upload_image: PNG_URL,
      a1b2c3: 'yes',
    });
    const d = await detail(id);
    expect(d).toMatchObject({
      order_id: id,
      process_status: STATUS.New,
      first_name: 'Jane',
      sur_name: 'Doe',
      full_name: 'Jane Doe',
      contact_email_address: `${id.toLowerCase()}@example.test`,
      country_code: '44',
      country_code_raw: 'UK',
      nationality: 'United States',
      address_line1: '1 High Street',
      address_line2: null,
      job: 'Engineer',
      criminal_conviction: 'No',
      select_option_for_crime_involvement: null,
      extra_answers: { a1b2c3: 'yes' },
      assign_to: '',
      assigned_to_me: false,
      domain: 'primary',
      processing_type: 'standard',
      amount: '39.99',
      currency: 'GBP',
      refund_date: null,
      processed_by: '',
      uploadDoc: [],
      mailHistory: [],
      downloadHistory: [],
      remark: [],
    });
    const imageUrl = (kind: string) => `/api/admin/order-image/${encodeURIComponent(id)}/${kind}`;
    expect(d.images).toEqual({ passport: imageUrl('passport'), selfie: imageUrl('selfie') });
    expect(d.passport_image).toBe(imageUrl('passport'));
    expect(d.upload_image).toBe(imageUrl('selfie'));
    expect(d.events).toEqual([expect.objectContaining({ kind: 'created', to_value: STATUS.New, staff_name: '' })]);
    for (const field of ['transaction_id', 'merchant_name', 'landing_site', 'email', 'date_of_birth', 'post_code']) {
      expect(d).toHaveProperty(field, null);
    }
  });

  it('fills every nested list: uploadDoc, mailHistory with its document, downloadHistory, remark, events', async () => {
    const id = await newOrder(t);
    await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, tara);
    const up = await uploadDocument(t, tara.token, { orderId: id, email: 'jane@example.test' }, pdfFile());
    expect(up.statusCode).toBe(201);
    await remark(tara, { orderId: id, remark: 'Called the customer', whatsapp: 'Y' });
    const { id: dbId } = await orderRow(t, id);
    await t.app.ctx.db
      .insertInto('download_history')
      .values({
        order_key: dbId,
        document_id: null,
        create_ts: '2026-01-02T03:04:05.000Z',
        ip: '203.0.113.9',
        timezone: 'Europe/London',
        browser: 'Chrome 120',
        os: 'Windows 10',
        user_agent: 'Mozilla/5.0',
      })
      .execute();
    const d = await detail(id);
    expect(d.assign_to).toBe('Tara Team');
    expect(d.assigned_to_me).toBe(true);
    expect(d.processed_by).toBe('Tara Team');
    expect(d.uploadDoc).toEqual([
      {
        id: up.json().data.documentId,
        file1: up.json().data.file1,
        customer_name: 'Jane Doe',
        is_rejected_doc: 'No',
        mail_service_provider: 'cloud',
        content_type: 'application/pdf',
        size: pdfFile().bytes.length,
        uploaded_by: 'Tara Team',
        created_at: expect.any(String),
        url: `/api/admin/order-document/${encodeURIComponent(id)}/${up.json().data.documentId}`,
        removed_at: null,
      },
    ]);
    expect(d.uploadDoc[0]!.file1).toMatch(new RegExp(`^${id}_file1_[0-9a-f]{8}\\.pdf$`));
    expect(d.mailHistory).toEqual([
      expect.objectContaining({
        order_id: id,
        remainder_mail: 0,
        kind: 'approval',
        provider: 'cloud',
        to_address: 'jane@example.test',
        status: 'queued',
        last_error: null,
        uploadDoc: d.uploadDoc[0],
      }),
    ]);
    expect(d.downloadHistory).toEqual([
      {
        order_id: id,
        create_ts: '2026-01-02T03:04:05.000Z',
        ip: '203.0.113.9',
        timezone: 'Europe/London',
        browser: 'Chrome 120',
        os: 'Windows 10',
      },
    ]);
    expect(d.remark).toEqual([
      expect.objectContaining({
        order_id: id,
        remark_name: 'Tara Team',
        remark: 'Called the customer',
        whatsapp: 'Y',
        telephone: 'N',
        status_refund: 'N',
        voided: 'N',
        chargeback: 'N',
        report_error: 'N',
      }),
    ]);
    expect(d.events.map((e: { kind: string }) => e.kind)).toEqual([
      'remark',
      'mail',
      'processed_by',
      'document',
      'assign',
      'created',
    ]);
    // Once the mail is sent (no SMTP URL here: written as an .eml file), the history says so.
    expect(await drainOutbox(t.app)).toMatchObject({ sent: 1 });
    const after = await detail(id);
    expect(after.mailHistory[0]).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    expect(after.mailHistory[0]!.create_ts).toBe(after.mailHistory[0]!.sent_at);
    expect(after.events[0]).toMatchObject({ kind: 'mail_sent', to_value: 'approval', detail: 'cloud', staff_name: '' });
  });

  it('answers 404 for an unknown order, 400 for a malformed id and 401 without a token', async () => {
    expect((await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: 'UKETA-00000000' } }, tara)).statusCode).toBe(
      404,
    );
    expect((await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: 'a b' } }, tara)).statusCode).toBe(400);
    const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: 'UKETA-00000000' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });

  describe('passport and selfie images', () => {
    it('are served to signed-in staff with their stored type, nosniff and no-store; 401 without a token', async () => {
      const id = await newOrder(t, { passport_image: PNG_URL });
      const url = `/api/admin/order-image/${encodeURIComponent(id)}/passport`;
      const res = await call(t, 'GET', url, nina.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(Buffer.from(PNG_URL.split(',')[1] as string, 'base64'))).toBe(true);
      const anonymous = await call(t, 'GET', url, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
      const missing = await api(t, DETAIL_CONTRACTS.image, { params: { orderId: id, kind: 'selfie' } }, nina);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(DETAIL_MSG.imageMissing);
      expect((await call(t, 'GET', `/api/admin/order-image/${id}/other`, nina.token)).statusCode).toBe(400);
    });

    it('serves the uploaded document to staff only', async () => {
      const id = await newOrder(t);
      const up = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      const url = `/api/admin/order-document/${encodeURIComponent(id)}/${up.json().data.documentId}`;
      const res = await call(t, 'GET', url, nina.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(pdfFile().bytes)).toBe(true);
      expect((await call(t, 'GET', url, null)).statusCode).toBe(401);
      const other = await newOrder(t);
      const foreign = `/api/admin/order-document/${encodeURIComponent(other)}/${up.json().data.documentId}`;
      expect((await call(t, 'GET', foreign, nina.token)).statusCode).toBe(404);
    });
  });

  it('shows the approval mail exactly as it would be sent (View Email Content)', async () => {
    const id = await newOrder(t);
    const res = await api(t, DETAIL_CONTRACTS.emailContent, { params: { orderId: id } }, nina);
    expect(res.statusCode).toBe(200);
    const { subject, html, text } = res.json().data;
    expect(subject).toContain(id);
    expect(html).toContain('Dear Jane Doe');
    expect(text).toContain(`Username: ${id.toLowerCase()}@example.test`);
    expect((await api(t, DETAIL_CONTRACTS.emailContent, { params: { orderId: id } })).statusCode).toBe(401);
    expect(
      (await api(t, DETAIL_CONTRACTS.emailContent, { params: { orderId: 'UKETA-00000002' } }, nina)).statusCode,
    ).toBe(404);
  });
});
