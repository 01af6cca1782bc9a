import { PUBLIC_MSG } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accessTokenFor,
  addDocument,
  CHROME_ON_WINDOWS,
  createOrder,
  downloadLink,
  front,
  JPEG_BYTES,
  type PublicOrder,
  rejectDocument,
  SAFARI_ON_IPHONE,
  type StoredDocument,
} from './public-fixtures.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('public download: record and one-time link', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  /** An order with a ready document and a customer who has tracked it. */
  async function ready(prefix?: string): Promise<{ order: PublicOrder; doc: StoredDocument; token: string }> {
    const order = await createOrder(t, prefix);
    const doc = await addDocument(t, order);
    return { order, doc, token: await accessTokenFor(t, order) };
  }

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const history = async (order: PublicOrder, token: string) =>
    (await front(t, 'get-download-history', { orderId: order.orderId }, { token })).json();

  const refused = (res: { statusCode: number; json(): unknown }, message: string = PUBLIC_MSG.linkRefused) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 0, message });
  };

  it('records ip, timezone, browser and os of each download, newest first in the history', async () => {
    const { order, doc, token } = await ready();
    const before = Date.now();
    const url = await downloadLink(t, order, doc, token, {
      ip: '203.0.113.7',
      userAgent: CHROME_ON_WINDOWS,
      timezone: 'America/Chicago',
    });
    expect(url).toMatch(/^\/api\/front\/download\/[\w-]{22}\.[\w-]{43}$/);
    await downloadLink(t, order, doc, token, {
      ip: '198.51.100.9',
      userAgent: SAFARI_ON_IPHONE,
      timezone: 'Asia/Kolkata',
    });
    const body = await history(order, token);
    expect(body.data).toEqual([
      {
        order_id: order.orderId,
        create_ts: expect.any(String),
        ip: '198.51.100.9',
        timezone: 'Asia/Kolkata',
        browser: 'Mobile Safari 17',
        os: 'iOS 17.4.1',
      },
      {
        order_id: order.orderId,
        create_ts: expect.any(String),
        ip: '203.0.113.7',
        timezone: 'America/Chicago',
        browser: 'Chrome 126',
        os: 'Windows 10',
      },
    ]);
    const at = Date.parse(body.data[1].create_ts);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await t.app.ctx.db
      .selectFrom('download_history')
      .select(['user_agent', 'document_id'])
      .where('ip', '=', '203.0.113.7')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_agent: CHROME_ON_WINDOWS, document_id: doc.id });
  });

  it.each(['Mars/Olympus_Mons', '+05:30', 'UTC; DROP TABLE', ''])(
    'stores no timezone for %j, which is not an IANA zone, and still records the download',
    async (timezone) => {
      const { order, doc, token } = await ready();
      await downloadLink(t, order, doc, token, { timezone });
      expect((await history(order, token)).data[0].timezone).toBeNull();
    },
  );

  it('streams the file once as an attachment named {orderId}_eTA.pdf, nosniff and no-store', async () => {
    const { order, doc, token } = await ready();
    const res = await get(await downloadLink(t, order, doc, token));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(doc.bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.orderId}_eTA.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(doc.bytes.length);
  });

  it('names an image document with its own extension and type', async () => {
    const order = await createOrder(t);
    const doc = await addDocument(t, order, { bytes: JPEG_BYTES, contentType: 'image/jpeg', ext: 'jpg' });
    const res = await get(await downloadLink(t, order, doc, await accessTokenFor(t, order)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.orderId}_eTA.jpg"`);
    expect(res.rawPayload.equals(JPEG_BYTES)).toBe(true);
  });

  it('refuses a second use of a link with 403; a HEAD probe does not use it up', async () => {
    const { order, doc, token } = await ready();
    const url = await downloadLink(t, order, doc, token);
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(200);
    refused(await get(url));
  });

  it('serves a link once even when two requests race for it', async () => {
    const { order, doc, token } = await ready();
    const url = await downloadLink(t, order, doc, token);
    const codes = (await Promise.all([get(url), get(url), get(url)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403, 403]);
  });

  it('refuses an altered link with 403: its signature, its nonce, or an access token in its place', async () => {
    const { order, doc, token } = await ready();
    const url = await downloadLink(t, order, doc, token);
    const [jti, mac] = url.slice(url.lastIndexOf('/') + 1).split('.') as [string, string];
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const base = '/api/front/download/';
    refused(await get(`${base}${jti}.${flip(mac, 5)}`));
    refused(await get(`${base}${flip(jti, 3)}.${mac}`));
    refused(await get(`${base}${jti}`));
    // An access token is no link; longer than any link, the router refuses it before the route runs.
    expect([403, 414]).toContain((await get(`${base}${token}`)).statusCode);
    refused(await get(`${base}garbage`));
    // The untouched link still works: the refusals above did not use it up.
    expect((await get(url)).statusCode).toBe(200);
  });

  it('refuses a link after its 10 minutes with 403', async () => {
    const { order, doc, token } = await ready();
    const early = await downloadLink(t, order, doc, token);
    const late = await downloadLink(t, order, doc, token);
    t.advance(9 * 60 * 1000);
    expect((await get(early)).statusCode).toBe(200);
    t.advance(2 * 60 * 1000);
    refused(await get(late));
  });

  it('never serves a rejected document: no link is issued, and a link issued before the rejection dies', async () => {
    const { order, doc, token } = await ready();
    const issued = await downloadLink(t, order, doc, token);
    await rejectDocument(t, doc.id);
    refused(await get(issued), PUBLIC_MSG.documentUnavailable);
    const res = await front(t, 'download-passport-doc-pdf', { orderId: order.orderId, file1: doc.file1 }, { token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: PUBLIC_MSG.documentUnavailable });
    const records = await t.app.ctx.db
      .selectFrom('download_history')
      .select('id')
      .where('document_id', '=', doc.id)
      .execute();
    expect(records).toHaveLength(1);
  });

  it("never reaches another order's document with this order's token", async () => {
    const mine = await ready();
    const theirs = await ready();
    const viaMyOrder = await front(
      t,
      'download-passport-doc-pdf',
      { orderId: mine.order.orderId, file1: theirs.doc.file1 },
      { token: mine.token },
    );
    expect(viaMyOrder.statusCode).toBe(404);
    expect(viaMyOrder.json()).toEqual({ status: 0, message: PUBLIC_MSG.documentUnavailable });
    const viaTheirOrder = await front(
      t,
      'download-passport-doc-pdf',
      { orderId: theirs.order.orderId, file1: theirs.doc.file1 },
      { token: mine.token },
    );
    expect(viaTheirOrder.statusCode).toBe(403);
    const theirRecords = await t.app.ctx.db
      .selectFrom('download_history')
      .select('id')
      .where('order_key', '=', theirs.order.id)
      .execute();
    expect(theirRecords).toEqual([]);
  });

  it('serves only the current document, not an earlier upload of the same order', async () => {
    const order = await createOrder(t);
    const earlier = await addDocument(t, order);
    await addDocument(t, order);
    const token = await accessTokenFor(t, order);
    const res = await front(
      t,
      'download-passport-doc-pdf',
      { orderId: order.orderId, file1: earlier.file1 },
      { token },
    );
    expect(res.statusCode).toBe(404);
  });

  it('needs the access token (401) and validates the body (400)', async () => {
    const { order, doc, token } = await ready();
    const payload = { orderId: order.orderId, file1: doc.file1 };
    const anonymous = await front(t, 'download-passport-doc-pdf', payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
    const noFile = await front(t, 'download-passport-doc-pdf', { orderId: order.orderId }, { token });
    expect(noFile.statusCode).toBe(400);
    const extra = await front(t, 'download-passport-doc-pdf', { ...payload, path: '../../etc/passwd' }, { token });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 when the file has gone from disk, without a stack trace', async () => {
    const { order, doc, token } = await ready();
    const link = await downloadLink(t, order, doc, token);
    const { rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    rmSync(join(t.config.dataDir, 'documents', doc.file1));
    const res = await get(link);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: PUBLIC_MSG.fileMissing });
    // Asked again, nothing is recorded: the log is evidence of downloads that could happen.
    const before = (await history(order, token)).data.length;
    const again = await front(
      t,
      'download-passport-doc-pdf',
      { orderId: order.orderId, customername: 'Jane Doe', file1: doc.file1, timezone: 'Europe/London' },
      { token },
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 0, message: PUBLIC_MSG.fileMissing });
    expect((await history(order, token)).data).toHaveLength(before);
  });
});

/** The recorded address is evidence: a client's own X-Forwarded-For must not be able to forge it. */
describeEachDialect('public download: whose address is recorded', (dialect) => {
  for (const [trustProxy, expected] of [
    [undefined, '198.51.100.20'],
    ['true', '203.0.113.99'],
  ] as const) {
    it(`records ${expected} with TRUST_PROXY=${trustProxy ?? 'unset'}`, async () => {
      const t = await buildTestApp(dialect, trustProxy ? { TRUST_PROXY: trustProxy } : {});
      try {
        const order = await createOrder(t);
        const doc = await addDocument(t, order);
        const token = await accessTokenFor(t, order);
        const res = await front(
          t,
          'download-passport-doc-pdf',
          { orderId: order.orderId, file1: doc.file1 },
          { token, ip: '198.51.100.20', forwardedFor: '203.0.113.99' },
        );
        expect(res.statusCode).toBe(200);
        const rows = (await front(t, 'get-download-history', { orderId: order.orderId }, { token })).json().data;
        expect(rows[0].ip).toBe(expected);
      } finally {
        await t.close();
      }
    });
  }
});
