import { COMPACT_PACK_MAX_PAGES, DEFENCE_DISCLAIMER, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfSlotsOf, withPdfSlot } from '../src/lib/pdf/slots.ts';
import {
  DOC_PAGE,
  DOWNLOADS,
  docPageText,
  packOrder,
  packRequest,
  readPdf,
  saveTransaction,
  squash,
} from './defence-fixtures.ts';
import { orderRow, PDF, PNG } from './detail-fixtures.ts';
import { imagesOn, webpImage } from './image-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const isA4 = (s: { width: number; height: number }) =>
  Math.abs(s.width - 595.28) < 1 && Math.abs(s.height - 841.89) < 1;
const isDocPage = (s: { width: number; height: number }) => s.width === DOC_PAGE.width && s.height === DOC_PAGE.height;
const DISCLAIMER = squash(DEFENCE_DISCLAIMER);

describeEachDialect('defence pack PDFs', (dialect) => {
  let t: TestApp;
  let mary: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, PAYMENT_PROCESSOR_NAME: 'Acme Card Processing' });
    mary = await createMember(t, ROLE.Manager, 'Mary Manager');
  });
  afterAll(() => t.close());

  async function pack(orderId: string, type: 1 | 2, extra: { includePassport?: boolean } = {}) {
    const res = await packRequest(t, mary.token, orderId, type, extra);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${orderId}_defence_pack_${type}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return readPdf(res.rawPayload);
  }

  /** What both pack types must carry: ids, every download address, the disclaimer, numbered pages. */
  function expectEvidence(pdf: Awaited<ReturnType<typeof readPdf>>, orderId: string, transactionId: string) {
    const all = squash(pdf.all);
    expect(all).toContain(squash(orderId));
    expect(all).toContain(squash(transactionId));
    for (const d of DOWNLOADS) expect(all).toContain(squash(d.ip));
    expect(all).toContain(DISCLAIMER);
    // addressed to the gateway that took the payment (recorded at arrival), not PAYMENT_PROCESSOR_NAME
    expect(all).toContain(squash('The Disputes Team Stripe'));
    pdf.pages.forEach((text, i) => {
      expect(squash(text)).toContain(squash(`Page ${i + 1} of ${pdf.count}`));
      expect(squash(text)).toContain(squash(orderId));
    });
  }

  describe('type 1, the full pack', () => {
    it("carries the letter and every section, then the approved PDF document's own pages", async () => {
      const order = await packOrder(t, mary.token);
      await saveTransaction(t, mary.token, order.orderId, 'ch_TYPE1_0042');
      const pdf = await pack(order.orderId, 1, { includePassport: true });
      expectEvidence(pdf, order.orderId, 'ch_TYPE1_0042');
      // Own pages are A4; the document's two 300x400 pages come last, as they were.
      const own = pdf.sizes.filter(isA4).length;
      expect(pdf.sizes.filter(isDocPage)).toHaveLength(2);
      expect(pdf.count).toBe(own + 2);
      expect(pdf.sizes.slice(-2).every(isDocPage)).toBe(true);
      expect(pdf.pages.at(-2)).toContain(docPageText(1));
      expect(pdf.pages.at(-1)).toContain(docPageText(2));
      expect(squash(pdf.pages.slice(0, own).join(' '))).not.toContain(docPageText(1));
      const all = squash(pdf.all);
      for (const section of [
        '1.Ordersummary',
        "2.Theapplicant'sdeclarations",
        '3.Ordertimeline',
        '4.Downloadlog',
        '5.Theapprovalemailassent',
        "6.Theapplicant'spassportimage",
      ]) {
        expect(all).toContain(section);
      }
      // Declarations, the timeline's mail with its provider, the log's browser and OS, the mail as sent.
      expect(all).toContain(squash('Are you currently employed?'));
      expect(all).toContain('Softwareengineer');
      expect(all).toContain(squash('Approval email with the eTA download link sent'));
      expect(all).toContain('EmailCloud');
      expect(all).toContain('America/New_York');
      expect(all).toContain('MobileSafari');
      expect(all).toContain('iOS');
      expect(all).toContain(squash(`Your UK eTA has been approved - Order ${order.orderId}`));
      expect(all).toContain('£39.99');
    });

    it('puts an image document on a page of its own, and says so when a document cannot be read', async () => {
      const image = await packOrder(t, mary.token, {
        document: { filename: 'eta.png', type: 'image/png', bytes: PNG },
        downloads: 1,
      });
      const withImage = await pack(image.orderId, 1);
      expect(withImage.sizes.every(isA4)).toBe(true);
      expect(withImage.pages.at(-1)).toContain('Annex: the approved eTA document');

      // WebP (accepted on upload) is converted for the PDF, not left out with a notice (issue 18)
      const webp = await packOrder(t, mary.token, {
        document: { filename: 'eta.webp', type: 'image/webp', bytes: await webpImage(600, 800) },
        downloads: 1,
      });
      const withWebp = await pack(webp.orderId, 1);
      expect(withWebp.pages.at(-1)).toContain('Annex: the approved eTA document');
      expect(squash(withWebp.all)).not.toContain(squash('could not be added to this pack'));
      expect(await imagesOn(withWebp.bytes, withWebp.count)).toBe(1);

      // The fixture PDF has the right magic bytes but no pages a reader can open.
      const broken = await packOrder(t, mary.token, {
        document: { filename: 'eta.pdf', type: 'application/pdf', bytes: PDF },
        downloads: 1,
      });
      const withNotice = await pack(broken.orderId, 1);
      expect(squash(withNotice.pages.at(-1) ?? '')).toContain(squash('could not be added to this pack'));
    });

    it('records who made a pack in Activity', async () => {
      const order = await packOrder(t, mary.token, { downloads: 0 });
      await pack(order.orderId, 1);
      const { id } = await orderRow(t, order.orderId);
      const last = await t.app.ctx.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_key', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({
        kind: 'defence_pack',
        to_value: '1',
        staff_name: 'Mary Manager',
        detail: 'fitted to Stripe',
      });
    });
  });

  describe('type 2, the compact pack', () => {
    it('is the letter and one evidence page, with every download', async () => {
      const order = await packOrder(t, mary.token);
      await saveTransaction(t, mary.token, order.orderId, 'ch_TYPE2_0077');
      const pdf = await pack(order.orderId, 2);
      expectEvidence(pdf, order.orderId, 'ch_TYPE2_0077');
      expect(pdf.count).toBeGreaterThanOrEqual(2);
      expect(pdf.count).toBeLessThanOrEqual(COMPACT_PACK_MAX_PAGES);
      expect(pdf.sizes.every(isA4)).toBe(true);
      expect(pdf.all).toContain('Evidence summary');
      expect(pdf.all).not.toContain(docPageText(1));
    });

    it(`stays within ${COMPACT_PACK_MAX_PAGES} pages with a long download log, naming the rest`, async () => {
      const order = await packOrder(t, mary.token, { downloads: 70 });
      await saveTransaction(t, mary.token, order.orderId, 'ch_LONG');
      const pdf = await pack(order.orderId, 2);
      expect(pdf.count).toBeLessThanOrEqual(COMPACT_PACK_MAX_PAGES);
      expect(squash(pdf.all)).toContain(squash('The full log is in Defence Pack 1'));
      for (const d of DOWNLOADS) expect(squash(pdf.all)).toContain(squash(d.ip));
      // Type 1 lists every row.
      const full = squash((await pack(order.orderId, 1)).all);
      for (let i = DOWNLOADS.length; i < 70; i += 1) expect(full).toContain(`192.0.2.${i}`);
    });
  });

  it('makes at most two packs at once; the others wait their turn and all succeed', async () => {
    const order = await packOrder(t, mary.token, { downloads: 1 });
    await saveTransaction(t, mary.token, order.orderId);
    // Two tasks hold both PDF slots, so every pack asked meanwhile must wait in line, however fast the
    // host (sampling the line while packs ran missed it on a busy CI machine).
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holders = [1, 2].map(() => withPdfSlot(t.app.ctx, 'busy', () => gate));
    const asked = Array.from({ length: 6 }, (_, i) => packRequest(t, mary.token, order.orderId, (i % 2) + 1));
    await vi.waitFor(() => expect(pdfSlotsOf(t.app.ctx)?.waiting).toBe(6), { timeout: 20_000, interval: 5 });
    expect(pdfSlotsOf(t.app.ctx)?.active).toBe(2);
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, pdfSlotsOf(t.app.ctx)?.active ?? 0);
    }, 1);
    open();
    await Promise.all(holders);
    const results = await Promise.all(asked);
    clearInterval(timer);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(peak).toBeLessThanOrEqual(2);
    expect(pdfSlotsOf(t.app.ctx)).toMatchObject({ active: 0, waiting: 0 });
  });
});
