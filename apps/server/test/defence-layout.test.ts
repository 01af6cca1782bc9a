import { afterAll, beforeAll, expect, it } from 'vitest';
import { packOrder, packRequest, readPdf, saveTransaction, squash } from './defence-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { STRESS_START, stressOrder } from './pack-stress.ts';
import { overlapping, textBoxes } from './pdf-layout.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * Issue 18: both packs of an order that tries the layout hard (pack-stress.ts), read back with the
 * position of every run of text: nothing printed over anything else, nothing left alone on a page.
 */
describeEachDialect('defence packs: layout of a long order', (dialect) => {
  let t: TestApp;
  let mary: Member;
  let orderId: string;

  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { INGEST_API_KEY: INGEST_KEY, BUSINESS_EMAIL: 'disputes@example.test' },
      { clockStart: STRESS_START },
    );
    mary = await createMember(t, 'Manager', 'Mary Manager');
    orderId = (await stressOrder(t, mary.token)).orderId;
  }, 60_000);
  afterAll(() => t.close());

  const pack = async (type: 1 | 2, extra: { includePassport?: boolean } = {}) => {
    const res = await packRequest(t, mary.token, orderId, type, extra);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.rawPayload;
  };

  it.each([
    [1, {}],
    [1, { includePassport: true }],
    [2, {}],
  ] as const)('pack %s %j: no text printed over other text on any page', async (type, extra) => {
    const pages = await textBoxes(await pack(type, extra));
    pages.forEach((page, i) => {
      const clashes = overlapping(page).map(([a, b]) => `"${a.str}" / "${b.str}"`);
      expect(clashes, `page ${i + 1}`).toEqual([]);
    });
  });

  it('prints the quoted approval mail in one size, its closing lines under the last bullet', async () => {
    const pages = await textBoxes(await pack(1));
    const at = (text: string) => {
      const page = pages.findIndex((p) => p.some((b) => b.str.includes(text)));
      return { page, box: pages[page]?.find((b) => b.str.includes(text)) };
    };
    const bullet = at('Border Force');
    const questions = at('If you have any questions');
    expect(questions.box?.size).toBe(bullet.box?.size);
    expect(questions.box?.size).toBe(at('IMPORTANT NOTICE').box?.size);
    if (questions.page === bullet.page) {
      // y grows upwards: a line and a half of the mail's size between the two baselines at least
      expect((bullet.box?.y ?? 0) - (questions.box?.y ?? 0)).toBeGreaterThan(1.1 * (bullet.box?.size ?? 0));
    } else expect(questions.page).toBeGreaterThan(bullet.page);
  });

  it('keeps a one-line heading of the mail with what follows it', async () => {
    const { pages } = await readPdf(await pack(1));
    const notice = pages.findIndex((p) => p.includes('IMPORTANT NOTICE'));
    expect(squash(pages[notice] ?? '')).toContain(squash('Your eTA is valid for 2 years'));
  });

  it('names the gateway once when it is the processor itself', async () => {
    const text = squash((await readPdf(await pack(1))).all);
    expect(text).toContain(squash('Paid through Stripe Payment reference'));
    expect(text).not.toContain(squash('Stripe (Stripe)'));
  });

  it("keeps an ordinary order's letter on one page in the compact pack, its closing and signature included", async () => {
    const plain = await packOrder(t, mary.token);
    await saveTransaction(t, mary.token, plain.orderId, 'ch_ONE_PAGE');
    const res = await packRequest(t, mary.token, plain.orderId, 2);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.count).toBe(2);
    expect(squash(pdf.pages[0] ?? '')).toContain(squash('Yours faithfully'));
    expect(pdf.pages[1]).toContain('Evidence summary');
  });
});
