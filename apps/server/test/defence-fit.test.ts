import { DEFENCE_CONTRACTS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REENCODED_NOTE } from '../src/lib/pdf/pages.ts';
import { type ApiRefusal, api } from './api-client.ts';
import { documentPdf, packOrder, packRequest, readPdf, squash } from './defence-fixtures.ts';
import { orderRow, pdfFile } from './detail-fixtures.ts';
import { imagesOn, jpegImage } from './image-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const PASSPORT_SECTION = squash("6. The applicant's passport image");

describeEachDialect('defence packs: passport by choice, fitted to the processor (DESIGN §15)', (dialect) => {
  let t: TestApp;
  let mary: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    mary = await createMember(t, 'Manager', 'Mary Manager');
  });
  afterAll(() => t.close());

  const lastEvent = async (orderId: string) => {
    const { id } = await orderRow(t, orderId);
    return t.app.ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_key', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  };

  it('leaves the passport image out unless asked, and logs it when it is in', async () => {
    const order = await packOrder(t, mary.token, { downloads: 1 });
    const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: order.orderId } }, mary)).json().data;
    expect(letter.enclosures.join('\n')).not.toContain('passport image');
    expect(letter.profile).toBe('stripe');
    const without = await packRequest(t, mary.token, order.orderId, 1);
    expect(without.statusCode).toBe(200);
    expect(squash((await readPdf(without.rawPayload)).all)).not.toContain(PASSPORT_SECTION);
    expect((await lastEvent(order.orderId)).detail).toBe('fitted to Stripe');

    const withPassport = await packRequest(t, mary.token, order.orderId, 1, { includePassport: true });
    expect(withPassport.statusCode).toBe(200);
    expect(squash((await readPdf(withPassport.rawPayload)).all)).toContain(PASSPORT_SECTION);
    expect((await lastEvent(order.orderId)).detail).toBe('fitted to Stripe; passport image included');
  });

  it("refuses with 422, naming the processor's limit and the pack's size, a pack that cannot fit", async () => {
    const order = await packOrder(t, mary.token, { downloads: 1, document: pdfFile(await documentPdf(24)) });
    const adyen = await packRequest(t, mary.token, order.orderId, 1, { profile: 'adyen' });
    expect(adyen.statusCode, adyen.body).toBe(422);
    const body = adyen.json<ApiRefusal<{ profile: string; maxBytes: number; maxPages: number; pages: number }>>();
    expect(body.status).toBe(0);
    expect(body.message).toMatch(
      /^Adyen accepts at most 2 MB and 19 pages; this pack is \d+ kB and \d+ pages even made smaller\.$/,
    );
    expect(body.data).toMatchObject({ profile: 'adyen', maxBytes: 2_000_000, maxPages: 19 });
    expect(body.data.pages).toBeGreaterThan(19);
    // Stripe takes 49 pages: the same pack fits there
    const stripe = await packRequest(t, mary.token, order.orderId, 1, { profile: 'stripe' });
    expect(stripe.statusCode).toBe(200);
    expect((await readPdf(stripe.rawPayload)).count).toBeGreaterThan(19);
  });

  it('refuses an unknown profile or a non-boolean includePassport with 400 naming the field', async () => {
    const order = await packOrder(t, mary.token, { downloads: 0 });
    const profile = await packRequest(t, mary.token, order.orderId, 1, { profile: 'visa' });
    expect(profile.statusCode).toBe(400);
    expect(profile.json<ApiRefusal>().data.errors).toHaveProperty('profile');
    const passport = await packRequest(t, mary.token, order.orderId, 1, { includePassport: 'yes' });
    expect(passport.statusCode).toBe(400);
    expect(passport.json<ApiRefusal>().data.errors).toHaveProperty('includePassport');
  });

  it('makes a pack smaller (timeline and download log cut to what matters) when that is what it takes to fit', async () => {
    const order = await packOrder(t, mary.token, { downloads: 90, document: pdfFile(await documentPdf(1)) });
    const full = await packRequest(t, mary.token, order.orderId, 1, { profile: 'paypal' });
    const fullPages = (await readPdf(full.rawPayload)).count;
    const tight = await buildTestApp(dialect, {
      INGEST_API_KEY: INGEST_KEY,
      PACK_LIMITS: `other=4000000:${fullPages - 1}`,
    });
    try {
      const member = await createMember(tight, 'Manager');
      const same = await packOrder(tight, member.token, { downloads: 90, document: pdfFile(await documentPdf(1)) });
      const res = await packRequest(tight, member.token, same.orderId, 1, { profile: 'other' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.count).toBeLessThan(fullPages);
      expect(squash(pdf.all)).toContain(squash('70 further downloads, from'));
      const tiny = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, PACK_LIMITS: 'other=5000:' });
      try {
        const m = await createMember(tiny, 'Manager');
        const o = await packOrder(tiny, m.token, { downloads: 1 });
        const refused = await packRequest(tiny, m.token, o.orderId, 2, { profile: 'other' });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().message).toMatch(
          /^Other accepts at most 5 kB; this pack is \d+ kB and \d+ pages even made smaller\.$/,
        );
      } finally {
        await tiny.close();
      }
      const { id } = await orderRow(tight, same.orderId);
      const event = await tight.app.ctx.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_key', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.detail).toBe('fitted to Other; made smaller: timeline and download log cut');
    } finally {
      await tight.close();
    }
  });

  it('re-encodes images smaller before it cuts the timeline, says so on the page and in Activity', async () => {
    const scan = { filename: 'eta.jpg', type: 'image/jpeg', bytes: await jpegImage(1800, 2500, 90) };
    expect(scan.bytes.length).toBeGreaterThan(1_200_000);
    const limit = 1_000_000;
    const tight = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, PACK_LIMITS: `other=${limit}:` });
    try {
      const member = await createMember(tight, 'Manager');
      const order = await packOrder(tight, member.token, { downloads: 5, document: scan });
      // PayPal takes 10 MB: the scan goes in as stored
      const asStored = await packRequest(tight, member.token, order.orderId, 1, { profile: 'paypal' });
      expect(asStored.statusCode).toBe(200);
      expect(asStored.rawPayload.length).toBeGreaterThan(limit);
      expect(squash((await readPdf(asStored.rawPayload)).all)).not.toContain(squash(REENCODED_NOTE));

      const res = await packRequest(tight, member.token, order.orderId, 1, { profile: 'other' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.rawPayload.length).toBeLessThanOrEqual(limit);
      const pdf = await readPdf(res.rawPayload);
      expect(squash(pdf.pages.at(-1) ?? '')).toContain(squash(REENCODED_NOTE));
      expect(await imagesOn(res.rawPayload, pdf.count)).toBe(1);
      // the timeline was not cut: all five downloads are in it, not "5 downloads in all"
      expect(squash(pdf.all)).not.toContain(squash('5 downloads in all'));
      const { id } = await orderRow(tight, order.orderId);
      const event = await tight.app.ctx.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_key', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.detail).toBe('fitted to Other; made smaller: images re-encoded');
    } finally {
      await tight.close();
    }
  });
});
