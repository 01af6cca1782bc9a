import type { DefenceLetter } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { packOrder, packRequest, readPdf, saveTransaction, squash } from './defence-fixtures.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

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
    const resend = await call(t, 'POST', '/api/admin/resend-mail', mary.token, {
      ...order,
      mailServiceProvider: 'cloud',
    });
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

  it('never gives the processor a no-reply address: with no BUSINESS_EMAIL the letter gives none and says so to staff', async () => {
    const orderId = await newOrder(t, { process_status: 'Completed' });
    const letter = (await call(t, 'GET', `/api/admin/defence-letter/${orderId}`, mary.token)).json()
      .data as DefenceLetter;
    expect(letter.from.join(' ')).not.toContain('no-reply');
    expect(letter.sections.flatMap((s) => s.paragraphs).join(' ')).not.toContain('no-reply');
    expect(letter.missing).toContain('businessEmail');
    expect(squash(await packText(orderId, 2))).not.toContain('no-reply');
  });
});
