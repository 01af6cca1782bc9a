import { nulRefused } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * Issue 20, finding 3: PostgreSQL refuses text holding NUL (a 500) and SQLite's search pattern breaks on
 * it, so every text field refuses it up front: 400, naming the field.
 */
describeEachDialect('NUL characters in text fields', (dialect) => {
  let t: TestApp;
  let member: Member;
  let orderId: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, PUBLIC_RATE_LIMIT_PER_IP: '1000' });
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
