import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, createMember, describeEachDialect, type TestApp } from './test-app.ts';

/** Issue 20, finding 5: API replies carry personal data, so no browser or proxy may keep a copy. */
describeEachDialect('Cache-Control on API replies', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = (await createMember(t)).token;
  });
  afterAll(() => t.close());

  it('sends no-store on a successful staff reply', async () => {
    const res = await call(t, 'GET', '/api/user_info', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on errors: 401, 400, 404 and the public track-order', async () => {
    const replies = await Promise.all([
      call(t, 'GET', '/api/user_info'),
      call(t, 'POST', '/api/admin/admin-login', null, { email: '' }),
      call(t, 'GET', '/api/no-such-route', token),
      call(t, 'POST', '/api/front/track-order', null, { orderId: 'NOPE', email: 'a@example.test' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([401, 400, 404, 404]);
    for (const res of replies) expect(res.headers['cache-control']).toBe('no-store');
  });
});
