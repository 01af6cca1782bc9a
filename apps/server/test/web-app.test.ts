import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/** The built web app: entry pages revalidated on every load, hashed assets cached for a year. */
describe('serving the web app', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'eta-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>admin</title>');
    writeFileSync(path.join(dist, 'public.html'), '<!doctype html><title>public</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'eta-web-')),
      JWT_SECRET: 'x'.repeat(40),
      WEB_DIST_DIR: dist,
    });
    app = await buildApp(config, { logger: false, mailWorker: false });
  });
  afterAll(() => app.close());

  it.each(['/', '/admin', '/admin/recent-order', '/logout'])(
    'serves the admin page at %s, never cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>admin</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/track-order/VUtFVEEtMQ', '/get-new-order-details/VUtFVEEtMQ'])(
    'serves the public page at %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>public</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('gives the admin page the strict policy and only the public pages the translation widget', async () => {
    const admin = await app.inject({ method: 'GET', url: '/admin' });
    const pub = await app.inject({ method: 'GET', url: '/track-order/VUtFVEEtMQ' });
    expect(admin.headers['content-security-policy']).not.toMatch(/translate/);
    expect(pub.headers['content-security-policy']).toMatch(/translate\.googleapis\.com/);
  });

  it.each([
    ['an API answer', '/healthz', 200],
    ['a refused API call', '/api/user_info', 401],
    ['an unknown route', '/api/admin/no-such-route', 404],
    ['a hashed asset', '/assets/index-abc123.js', 200],
    ['a public page', '/track-order/VUtFVEEtMQ', 200],
  ])('sends the security headers on %s', async (_what, url, status) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/object-src 'none'/);
  });

  it('sends the strict policy, exactly once, on the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = res.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).toMatch(/^default-src 'self';/);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/translate/);
  });

  it.each([
    '/apply',
    '/contact-us',
    '/terms-and-conditions',
    '/complaints',
    '/privacy-policy',
    '/refund-policy',
    '/nope',
  ])('answers a browser asking for %s with a page a customer can read, never JSON', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Page not found</title>');
    expect(res.body).toContain('href="/track-order"');
    expect(res.body).not.toContain('"status"');
  });

  it('keeps the JSON envelope for unknown API routes and for callers that do not ask for HTML', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { accept: 'text/html' } });
    expect(api.json()).toEqual({ status: 0, message: 'Not found' });
    const script = await app.inject({ method: 'GET', url: '/apply', headers: { accept: 'application/json' } });
    expect(script.json()).toEqual({ status: 0, message: 'Not found' });
  });

  it.each(['/track-order/%%%bogus', '/get-new-order-details/%E0%A4%A'])(
    'sends a mangled public link (%s) to the track form instead of an error',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/track-order');
    },
  );
});
