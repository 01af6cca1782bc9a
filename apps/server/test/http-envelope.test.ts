import { SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('error envelope for Fastify’s own errors', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload, headers: { 'content-type': contentType } });

  it('answers the health check once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'ok' });
  });

  it('answers bad JSON with 400', async () => {
    const res = await login('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.invalidJson });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await login('email=a', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.unsupportedMediaType });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await login(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.payloadTooLarge });
  });

  it('answers an unknown route with 404 and no echo of the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route?<script>' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.notFound });
  });

  it('never leaks a stack trace', async () => {
    const res = await login('{"email": ');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describeEachDialect('router-level errors and the client address', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/team-member-info/${'a'.repeat(300)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe(0);
  });

  it('answers a malformed URL in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/team-member-info/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.invalidBody });
  });
});
