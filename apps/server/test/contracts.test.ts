import { API_CONTRACTS, type Contract, contract } from '@eta/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../src/lib/envelope.ts';
import { route } from '../src/lib/route.ts';
import { DOCS_PATH, OPENAPI_PATH } from '../src/plugins/api-docs.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `:name` is OpenAPI's `{name}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isDocs = (url: string) => url === OPENAPI_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');

describe('every route under /api has its contract in the OpenAPI document (DESIGN §13)', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: OpenApi;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {}, { build: { onRoute: (r) => void routes.push(r) } });
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') && !isDocs(r.url) && methodsOf(r).length > 0);

  it('is OpenAPI 3.1, and each registered route comes from a contract, each contract registered once', () => {
    expect(doc.openapi).toBe('3.1.0');
    const contracts = apiRoutes().map((r) => r.config?.contract);
    expect(contracts.every((c) => c !== undefined)).toBe(true);
    expect(new Set(contracts).size).toBe(contracts.length);
    expect(new Set(contracts)).toEqual(new Set(API_CONTRACTS));
  });

  it('documents each route with its parameters, request body and success reply schema', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(40);
    for (const r of apiRoutes()) {
      const c = r.config?.contract as Contract;
      for (const method of methodsOf(r)) {
        const where = `${method} ${r.url}`;
        const op = doc.paths[openapiPath(r.url)]?.[method.toLowerCase()];
        expect(op, where).toBeDefined();
        const parameters = (op as Operation).parameters ?? [];
        for (const name of r.url.match(/:(\w+)/g) ?? []) {
          expect(
            parameters.some((p) => p.in === 'path' && p.name === name.slice(1)),
            `${where} ${name}`,
          ).toBe(true);
        }
        if (c.query)
          expect(
            parameters.some((p) => p.in === 'query'),
            `${where} query`,
          ).toBe(true);
        const content = (op as Operation).requestBody?.content ?? {};
        if (c.body) expect(content['application/json']?.schema, `${where} body`).toBeDefined();
        if (c.form) expect(content['multipart/form-data']?.schema, `${where} form`).toBeDefined();
        for (const code of c.success ?? [200]) {
          const reply = (op as Operation).responses[String(code)]?.content ?? {};
          if (c.file) {
            for (const type of c.file) expect(reply[type]?.schema, `${where} ${code} ${type}`).toBeDefined();
            continue;
          }
          const properties = reply['application/json']?.schema?.properties ?? {};
          expect(Object.keys(properties), `${where} ${code}`).toEqual(expect.arrayContaining(['status', 'message']));
          if (c.data) expect(properties.data, `${where} ${code} data`).toBeDefined();
          if (c.total) expect(properties.total, `${where} ${code} total`).toBeDefined();
        }
        expect((op as Operation).responses['4XX'], `${where} 4XX`).toBeDefined();
      }
    }
  });

  it('names how each route is signed: staff token, API key, order token or nothing', () => {
    const security = (url: string, method: string) =>
      (doc.paths[openapiPath(url)]?.[method] as { security?: Record<string, unknown>[] } | undefined)?.security;
    expect(security('/api/admin/get-orders-list/:orderName', 'get')).toEqual([{ staffToken: [] }]);
    expect(security('/api/integrations/orders', 'post')).toEqual([{ apiKey: [] }]);
    expect(security('/api/front/get-download-history', 'post')).toEqual([{ orderToken: [] }]);
    expect(security('/api/admin/admin-login', 'post')).toEqual([]);
  });

  it('serves the reference page and its own files under a CSP of its own; the API keeps the strict one', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/https:|unsafe-eval|validator\.swagger\.io/);
    const bundle = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('replies are checked against their contract in tests, and written as production writes them', () => {
  const probe = contract(
    { method: 'GET', path: '/api/probe/:shape' },
    {
      summary: 'probe',
      tag: 'Test',
      access: { scope: 'public' },
      params: z.strictObject({ shape: z.enum(['right', 'wrong']) }),
      data: z.strictObject({ n: z.number() }),
    },
  );
  const withProbe = async (checkReplies: boolean) => {
    const t = await buildTestApp('sqlite', {}, { build: { checkReplies } });
    route(t.app, probe, async (request) =>
      request.params.shape === 'right' ? ok('fine', { n: 1 }) : (ok('off', { n: 'one' }) as never),
    );
    return t;
  };

  it('a reply that does not match fails (500) when checked; the same reply passes through unchecked', async () => {
    const checked = await withProbe(true);
    const right = await checked.app.inject({ method: 'GET', url: '/api/probe/right' });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('{"status":1,"message":"fine","data":{"n":1}}');
    expect((await checked.app.inject({ method: 'GET', url: '/api/probe/wrong' })).statusCode).toBe(500);
    await checked.close();

    const production = await withProbe(false);
    const wrong = await production.app.inject({ method: 'GET', url: '/api/probe/wrong' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ status: 1, message: 'off', data: { n: 'one' } });
    await production.close();
  });
});
