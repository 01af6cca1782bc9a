import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TRANSLATE } from '../src/modules/public/csp.ts';

/** The public HTML routes and their content security policy (DESIGN §8, §10); no database rows needed. */
describe('public pages: served with a CSP that admits the translation widget, and only there', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-pages-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>admin</title>');
    writeFileSync(path.join(dist, 'public.html'), '<!doctype html><title>Download your ETA</title>');
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: dist,
      JWT_SECRET: 'p'.repeat(40),
      SITE_LOGO_URL_SECONDARY: 'https://cdn.uk-eta-travel.example/logo.svg',
    });
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cspOf = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return String(res.headers['content-security-policy']);
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1) ?? [];

  it.each(['/track-order/VUtFVEEtMTIzNA', '/track-order', '/get-new-order-details/VUtFVEEtMTIzNA'])(
    '%s gets public.html and the widget origins, nothing wider',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).toContain('Download your ETA');
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toEqual(["'self'", TRANSLATE.element, TRANSLATE.api]);
      expect(directive(csp, 'connect-src')).toEqual(["'self'", TRANSLATE.api, TRANSLATE.rpc, TRANSLATE.element]);
      expect(directive(csp, 'style-src')).toContain(TRANSLATE.static);
      expect(directive(csp, 'font-src')).toContain(TRANSLATE.fonts);
      expect(directive(csp, 'img-src')).toContain('https://cdn.uk-eta-travel.example');
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe-eval|\*|https:(\s|;|$)/);
      expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    },
  );

  it('keeps the strict CSP on the admin app and the API', async () => {
    for (const url of ['/', '/admin', '/admin/recent-order']) {
      const csp = await cspOf(url);
      expect(csp).not.toContain('google');
      expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    }
    const api = await app.inject({ method: 'GET', url: '/healthz' });
    expect(String(api.headers['content-security-policy'])).not.toContain('google');
  });
});
