import { SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart, newOrder, pdfFile, storedDocuments } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Issue 20, finding 4: a malformed multipart body is the client's fault: 400 in the envelope, never a 500. */
describeEachDialect('malformed multipart upload', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let orderId: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t);
    orderId = await newOrder(t);
  });
  afterAll(() => t.close());

  const upload = (contentType: string, payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      headers: { 'content-type': contentType, authorization: admin.token },
      payload,
    });

  it('answers a multipart body with no boundary 400', async () => {
    const { payload } = multipart({ orderId, email: 'a@example.test' }, pdfFile());
    const res = await upload('multipart/form-data', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.malformedMultipart });
  });

  it('answers a body cut before the closing boundary 400 and stores nothing', async () => {
    const { payload, headers } = multipart({ orderId, email: 'a@example.test' }, pdfFile());
    const cut = payload.subarray(0, payload.length - 30);
    const res = await upload(headers['content-type'], cut);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.malformedMultipart });
    expect(storedDocuments(t)).toEqual([]);
  });
});
