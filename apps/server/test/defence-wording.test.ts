import type { DefenceLetter } from '@eta/shared';
import { DEFENCE_CONTRACTS, DETAIL_CONTRACTS } from '@eta/shared';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { packOrder, packRequest, readPdf, saveTransaction, squash } from './defence-fixtures.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Issue 18, defect 3: the words and dates of the packs, each reproduced before it was fixed. */
describeEachDialect('defence packs: wording', (dialect) => {
  let t: TestApp;
  let mary: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    mary = await createMember(t, 'Manager', 'Mary Manager');
  });
  afterAll(() => t.close());

  const packText = async (orderId: string, type: 1 | 2) => {
    const res = await packRequest(t, mary.token, orderId, type);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return (await readPdf(res.rawPayload)).all;
  };

  it('says a reminder was sent once, counts one IP address in the singular, and writes every date out', async () => {
    const order = await packOrder(t, mary.token, { downloads: 1 });
    await saveTransaction(t, mary.token, order.orderId);
    const resend = await api(
      t,
      DETAIL_CONTRACTS.resendMail,
      { body: { ...order, mailServiceProvider: 'cloud' } },
      mary,
    );
    expect(resend.statusCode, resend.body).toBe(200);
    await drainOutbox(t.app);
    const full = squash(await packText(order.orderId, 1));
    expect(full).not.toContain(squash('(reminder) sent'));
    expect(full).toContain(squash('Reminder of the approval email sent'));
    expect(full).not.toContain(squash('(1 IP addresses)'));
    expect(full).toContain(squash('1, from 1 IP address'));
    // date of birth 1990-04-12 and travel 2026-05-01, written out as every other date is
    expect(full).not.toContain('1990-04-12');
    expect(full).toContain(squash('12 April 1990'));
    expect(full).toContain(squash('1 May 2026'));
  });

  it('keeps a long transaction id inside its own box, above the ORDER ID label, and the closing with the enclosures', async () => {
    const order = await packOrder(t, mary.token, { downloads: 1 });
    const long = 'pi_3QxYzAbCdEfGhIjKlMnOpQrStUvWxYz_0123456789_ABCDEFGH';
    await saveTransaction(t, mary.token, order.orderId, long, 'ETA ONLINE SERVICES LIMITED UNITED KINGDOM');
    const res = await packRequest(t, mary.token, order.orderId, 1);
    const proxy = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await proxy.getPage(1);
    const items = (await page.getTextContent()).items as { str: string; transform: number[] }[];
    const y = (item: { transform: number[] }) => item.transform[5] as number;
    const label = items.find((i) => i.str === 'ORDER ID');
    const idParts = items.filter((i) => i.str && long.includes(i.str.trim()) && i.str.trim().length > 3);
    expect(label).toBeDefined();
    expect(idParts.length).toBeGreaterThan(0);
    // PDF y grows upwards: every line of the id sits above the label with room for a line of text
    for (const part of idParts.filter((p) => y(p) > y(label as { transform: number[] }) - 40)) {
      expect(y(part) - y(label as { transform: number[] }), part.str).toBeGreaterThan(8);
    }
    const pages = (await readPdf(res.rawPayload)).pages.map(squash);
    const closing = pages.findIndex((p) => p.includes('Yoursfaithfully'));
    expect(pages[closing]).toContain('Enclosures');
  });

  it('never gives the processor a no-reply address: with no BUSINESS_EMAIL the letter gives none and says so to staff', async () => {
    const orderId = await newOrder(t, { process_status: 'Completed' });
    const letter = (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId } }, mary)).json().data as DefenceLetter;
    expect(letter.from.join(' ')).not.toContain('no-reply');
    expect(letter.sections.flatMap((s) => s.paragraphs).join(' ')).not.toContain('no-reply');
    expect(letter.missing).toContain('businessEmail');
    expect(squash(await packText(orderId, 2))).not.toContain('no-reply');
  });
});
