import { DEFENCE_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { packOrder, packRequest, readPdf, squash } from './defence-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Names in the scripts the embedded font covers (issue 18): each must come back out of the PDF as itself. */
const NAMES = [
  ['Łukasz', 'Żółć-Wałęsa'],
  ['Αλέξανδρος', 'Παπαδόπουλος'],
  ['Дмитрий', 'Иванов'],
  ['Thị Ánh', 'Nguyễn'],
  ['Şükrü', 'Öztürk Ğ'],
] as const;
const BUSINESS = 'Łódź Vízové Služby s.r.o.';

describeEachDialect('PDFs print non-Latin names as themselves', (dialect) => {
  let t: TestApp;
  let mary: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, BUSINESS_NAME: BUSINESS });
    mary = await createMember(t, ROLE.Manager, 'Mary Manager');
  });
  afterAll(() => t.close());

  const pack = async (orderId: string, type: 1 | 2) => {
    const res = await packRequest(t, mary.token, orderId, type);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return readPdf(res.rawPayload);
  };

  it.each(NAMES)('%s %s: in both packs and the invoice', async (first, last) => {
    const order = await packOrder(t, mary.token, {
      downloads: 1,
      fields: { first_name: first, sur_name: last, town_and_city: `${last} City` },
    });
    for (const type of [1, 2] as const) {
      const pdf = await pack(order.orderId, type);
      expect(squash(pdf.all), `pack ${type}`).toContain(squash(`${first} ${last}`));
      // the running header and every footer carry the business's own name
      for (const page of pdf.pages.filter((_, i) => i < pdf.count - 2))
        expect(squash(page)).toContain(squash(BUSINESS));
    }
    const invoice = await api(t, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId: order.orderId } }, mary);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const number = invoice.json().data.invoiceNumber as string;
    const { readFile } = await import('node:fs/promises');
    const text = squash((await readPdf(await readFile(`${t.config.dataDir}/invoices/${number}.pdf`))).all);
    expect(text).toContain(squash(`${first} ${last}`));
    expect(text).toContain(squash(BUSINESS));
  });

  it('prints a letter the font lacks (Chinese, Arabic, emoji) as "?" and still makes the pack', async () => {
    const order = await packOrder(t, mary.token, {
      downloads: 1,
      fields: { first_name: '王小明', sur_name: 'محمد 😀' },
    });
    for (const type of [1, 2] as const) {
      const pdf = await pack(order.orderId, type);
      expect(squash(pdf.all)).toContain('??????');
    }
  });
});
