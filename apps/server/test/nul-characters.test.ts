import { nulRefused, SERVER_MSG, UPLOAD_FILE_FIELD } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { DISPUTE_ENV, disputeEvent, disputeId, postRelay, postStripe, storedIntake } from './dispute-fixtures.ts';
import { buildOrder, INGEST_KEY, postOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * Issue 20, finding 3: PostgreSQL refuses text holding NUL (a 500) and SQLite's search pattern breaks on
 * it, so every text field refuses it up front: 400, naming the field. Issue 31 (DESIGN §22, no 500 from
 * text): a NUL or a byte that is not UTF-8 anywhere in a path, query, body or signed event is 400.
 */
describeEachDialect('NUL characters in text fields', (dialect) => {
  let t: TestApp;
  let member: Member;
  let orderId: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, PUBLIC_RATE_LIMIT_PER_IP: '1000', ...DISPUTE_ENV });
    member = await createMember(t);
    orderId = await newOrder(t);
  });
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      message: nulRefused(field),
      data: { errors: { [field]: nulRefused(field) } },
    });
  };

  it('refuses NUL on the unauthenticated track-order, in either field', async () => {
    refused(
      await call(t, 'POST', '/api/front/track-order', null, { orderId: `${orderId}\u0000`, email: 'a@b.test' }),
      'orderId',
    );
    refused(await call(t, 'POST', '/api/front/track-order', null, { orderId, email: 'a\u0000@b.test' }), 'email');
  });

  it('refuses NUL in the search box', async () => {
    const body = { start: 0, end: 10, searchVal: 'Jane\u0000', folderName: 'newOrder' };
    refused(await call(t, 'POST', '/api/admin/search-order', member.token, body), 'searchVal');
  });

  it('refuses NUL in a remark, and saves nothing', async () => {
    refused(
      await call(t, 'POST', '/api/admin/add-new-remark', member.token, { orderId, remark: 'call\u0000back' }),
      'remark',
    );
    const detail = (await call(t, 'GET', `/api/admin/get-orders-details/${orderId}`, member.token)).json().data;
    expect(detail.remark).toEqual([]);
  });

  it('refuses NUL at sign-in, in the email or the password', async () => {
    refused(
      await call(t, 'POST', '/api/admin/admin-login', null, { email: `${member.email}\u0000`, password: 'x' }),
      'email',
    );
    refused(
      await call(t, 'POST', '/api/admin/admin-login', null, { email: member.email, password: 'Secret\u0000' }),
      'password',
    );
  });

  it('refuses NUL in a path (PostgreSQL answered 500 for a session id), whatever the route checks itself', async () => {
    refused(await call(t, 'DELETE', '/api/admin/sessions/%00', member.token), 'id');
    refused(await call(t, 'DELETE', '/api/admin/sessions/a%00b', member.token), 'id');
    refused(await call(t, 'GET', '/api/admin/team-member-info/%00', member.token), 'id');
  });

  it('refuses NUL in a query string, in a value or a key, even where the query is free', async () => {
    refused(await call(t, 'GET', '/api/admin/disputes?page=1%00', member.token), 'page');
    refused(await call(t, 'GET', '/api/admin/get-folder-count?userName=%00', member.token), 'userName');
    refused(await call(t, 'GET', '/api/admin/get-folder-count?a%00=1', member.token), 'a\u0000');
  });

  it('refuses NUL in a key or deep in a body, and stores nothing', async () => {
    const [first, second] = [buildOrder({ first_name: 'Ja\u0000ne' }), buildOrder({ 'answer\u0000': 'yes' })];
    refused(await postOrders(t, { orders: [first] }), 'orders.0.first_name');
    refused(await postOrders(t, { orders: [second] }), 'orders.0.answer\u0000');
    const stored = await t.app.ctx.db
      .selectFrom('orders')
      .select('order_id')
      .where('order_id', 'in', [first.order_id as string, second.order_id as string])
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses NUL in an uploaded file’s name (PostgreSQL answered 500), and stores no document', async () => {
    const res = await uploadDocument(
      t,
      member.token,
      { orderId, email: 'a@example.test' },
      {
        ...pdfFile(),
        filename: 'eta\u0000.pdf',
      },
    );
    refused(res, UPLOAD_FILE_FIELD);
    const detail = (await call(t, 'GET', `/api/admin/get-orders-details/${orderId}`, member.token)).json().data;
    expect(detail.uploadDoc).toEqual([]);
  });

  it('refuses NUL in an upload’s text fields as in any body: the form is validated through its contract', async () => {
    const form = { orderId, email: 'a@example.test', mailServiceProvider: 'cloud' };
    refused(await uploadDocument(t, member.token, { ...form, email: 'a\u0000@example.test' }, pdfFile()), 'email');
    refused(await uploadDocument(t, member.token, { ...form, orderId: `${orderId}\u0000` }, pdfFile()), 'orderId');
    refused(
      await uploadDocument(t, member.token, { ...form, mailServiceProvider: 'cloud\u0000' }, pdfFile()),
      'mailServiceProvider',
    );
    const detail = (await call(t, 'GET', `/api/admin/get-orders-details/${orderId}`, member.token)).json().data;
    expect(detail.uploadDoc).toEqual([]);
  });

  it('refuses NUL in a signed Stripe event, in an id or a text, and stores nothing (PostgreSQL answered 500)', async () => {
    const before = await storedIntake(t);
    const event = disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response', orderId });
    const dispute = event.data.object;
    const broken = [
      { ...event, id: `${event.id}\u0000` },
      { ...event, data: { object: { ...dispute, id: `${dispute.id}\u0000` } } },
      { ...event, data: { object: { ...dispute, reason: 'fraud\u0000ulent' } } },
      { ...event, data: { object: { ...dispute, metadata: { order_id: `${orderId}\u0000` } } } },
    ];
    for (const body of broken) {
      const res = await postStripe(t, JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/must not contain a NUL character\.$/);
    }
    const relay = { eventId: 'ev-nul', processor: 'adyen', processorDisputeId: 'ady\u0000', reasonCode: '4837' };
    refused(await postRelay(t, JSON.stringify(relay), Math.floor(Date.now() / 1000)), 'processorDisputeId');
    expect(await storedIntake(t)).toEqual(before);
  });

  it('refuses bytes that are not UTF-8 in a path, a query, a body or a signed event', async () => {
    const invalid = { status: 0, message: SERVER_MSG.invalidBody };
    for (const url of ['/api/admin/get-orders-details/%FF', '/api/admin/team-member-info/%ED%A0%80']) {
      const res = await call(t, 'GET', url, member.token);
      expect([res.statusCode, res.json()]).toEqual([400, invalid]);
    }
    const query = await call(t, 'GET', '/api/admin/disputes?state=%FF', member.token);
    expect([query.statusCode, query.json()]).toEqual([400, invalid]);
    const notJson = { status: 0, message: SERVER_MSG.invalidJson };
    const raw = (text: string) =>
      Buffer.concat([Buffer.from(text.slice(0, -2)), Buffer.from([0xff]), Buffer.from('"}')]);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      headers: { 'content-type': 'application/json' },
      payload: raw(JSON.stringify({ orderId, email: 'a@example.test' })),
    });
    expect([body.statusCode, body.json()]).toEqual([400, notJson]);
    const before = await storedIntake(t);
    const event = disputeEvent('charge.dispute.created', { id: disputeId(), status: 'needs_response', orderId });
    const signed = [
      await postStripe(t, raw(JSON.stringify({ ...event, zz: 'x' }))),
      await postRelay(t, raw(JSON.stringify({ eventId: 'ev-ff', zz: 'x' })), Math.floor(Date.now() / 1000)),
    ];
    for (const res of signed) expect([res.statusCode, res.json()]).toEqual([400, notJson]);
    expect(await storedIntake(t)).toEqual(before);
  });

  it('still accepts the same requests without the NUL', async () => {
    const res = await call(t, 'POST', '/api/admin/search-order', member.token, {
      start: 0,
      end: 10,
      searchVal: 'Jane',
      folderName: 'newOrder',
    });
    expect(res.statusCode).toBe(200);
  });
});
