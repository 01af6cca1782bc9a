import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessTokenFor, addDocument, createOrder, downloadLink } from './public-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Issue 20, findings 6 and 7: the request log keeps staff names and one-time link tokens out. */
describeEachDialect('request log masking', (dialect) => {
  let t: TestApp;
  let member: Member;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { PUBLIC_RATE_LIMIT_PER_IP: '1000' },
      { build: { logger: true, logStream: { write: (line: string) => lines.push(line) } } },
    );
    member = await createMember(t, undefined, 'Zelda Quintessa');
  });
  afterAll(() => t.close());

  /** The URLs of the "incoming request" lines logged while `run` ran. */
  async function loggedUrls(run: () => Promise<unknown>): Promise<string[]> {
    lines.length = 0;
    await run();
    return lines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
  }

  it('masks userName (the staff name SPEC §7 has the web send) but keeps paging in the URL', async () => {
    const urls = await loggedUrls(async () => {
      const url = `/api/admin/get-orders-list/newOrder?page=2&limit=10&userName=${encodeURIComponent(member.name)}`;
      expect((await call(t, 'GET', url, member.token)).statusCode).toBe(200);
    });
    expect(urls).toEqual(['/api/admin/get-orders-list/newOrder?page=2&limit=10&userName=***']);
    expect(lines.join('\n')).not.toContain('Zelda');
  });

  it('masks the token of a one-time download link', async () => {
    const order = await createOrder(t);
    const doc = await addDocument(t, order);
    const link = await downloadLink(t, order, doc, await accessTokenFor(t, order));
    const linkToken = link.split('/').at(-1) as string;
    const urls = await loggedUrls(async () => {
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    });
    expect(urls).toEqual(['/api/front/download/***']);
    expect(lines.join('\n')).not.toContain(linkToken);
  });

  it('masks the token of a password reset link (the page the mail opens)', async () => {
    const secret = 'rEsEt-SeCrEt-0123456789abcdefghijklmnop';
    const urls = await loggedUrls(() => t.app.inject({ method: 'GET', url: `/admin/reset-password/${secret}` }));
    expect(urls).toEqual(['/admin/reset-password/***']);
    expect(lines.join('\n')).not.toContain(secret);
  });
});
