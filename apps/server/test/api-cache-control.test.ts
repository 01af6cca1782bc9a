import { AUTH_CONTRACTS, FRONT_CONTRACTS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
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
    const res = await api(t, AUTH_CONTRACTS.userInfo, {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on errors: 401, 400, 404 and the public track-order', async () => {
    const replies = await Promise.all([
      api(t, AUTH_CONTRACTS.userInfo, {}),
      call(t, 'POST', '/api/admin/admin-login', null, { email: '' }),
      call(t, 'GET', '/api/no-such-route', token),
      api(t, FRONT_CONTRACTS.trackOrder, { body: { orderId: 'NOPE', email: 'a@example.test' } }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([401, 400, 404, 404]);
    for (const res of replies) expect(res.headers['cache-control']).toBe('no-store');
  });
});
