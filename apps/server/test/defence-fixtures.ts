import { DEFENCE_CONTRACTS, STATUS } from '@eta/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { pngDataUrl, solidPng } from '../src/seed/png.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { nextOrderId } from './orders-fixtures.ts';
import { CHROME_ON_WINDOWS, downloadLink, front, SAFARI_ON_IPHONE } from './public-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The size of the fixture document's pages: not A4, so the appended pages are told apart from ours. */
export const DOC_PAGE = { width: 300, height: 400 } as const;
export const docPageText = (n: number) => `ETA-DOCUMENT-PAGE-${n}`;

/** A real PDF of `pages` pages, each carrying its own text. */
export async function documentPdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    pdf.addPage([DOC_PAGE.width, DOC_PAGE.height]).drawText(docPageText(n), { x: 24, y: 200, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

/** Questionnaire answers as a website sends them. */
export const ANSWERS = {
  other_nationalities_than_qatar_section_details: 'No',
  employment_section_details: 'Yes',
  job: 'Software engineer',
  criminal_conviction: 'No',
  suspected_and_involved_section: 'No',
};

export const DOWNLOADS = [
  { ip: '203.0.113.10', userAgent: CHROME_ON_WINDOWS, timezone: 'America/New_York' },
  { ip: '198.51.100.77', userAgent: SAFARI_ON_IPHONE, timezone: 'Europe/London' },
  { ip: '2001:db8::42', userAgent: CHROME_ON_WINDOWS, timezone: 'Asia/Kolkata' },
] as const;

export interface PackOrder {
  orderId: string;
  email: string;
}

/**
 * A Completed order as a chargeback finds it: ingested with answers and a passport image, the
 * approved document uploaded and its mail sent, and downloaded by the customer from several places.
 */
export async function packOrder(
  t: TestApp,
  token: string,
  options: {
    document?: { bytes: Buffer; filename: string; type: string } | null;
    downloads?: number;
    /** order fields over the defaults (a name, an address) */
    fields?: Record<string, unknown>;
  } = {},
): Promise<PackOrder> {
  const orderId = await newOrder(t, {
    order_id: nextOrderId('UKETA-'),
    process_status: STATUS.Completed,
    passport_image: pngDataUrl(solidPng(320, 220, [70, 110, 160])),
    address_line1: '12 Sample Road',
    town_and_city: 'Springfield',
    country: 'United States',
    date_of_birth: '1990-04-12',
    ...ANSWERS,
    ...options.fields,
  });
  const { contact_email_address: email } = await orderRow(t, orderId);
  const document = options.document === undefined ? { ...pdfFile(await documentPdf()) } : options.document;
  if (!document) return { orderId, email: email as string };
  const res = await uploadDocument(t, token, { orderId, email: email as string }, document);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  await drainOutbox(t.app);
  const count = options.downloads ?? DOWNLOADS.length;
  if (count === 0) return { orderId, email: email as string };
  const { id } = await orderRow(t, orderId);
  const tracked = await front(t, 'track-order', { orderId, email });
  const access = tracked.json().data.accessToken as string;
  const [doc] = await t.app.ctx.db.selectFrom('documents').select(['file1']).where('order_key', '=', id).execute();
  for (let i = 0; i < count; i += 1) {
    const d = DOWNLOADS[i % DOWNLOADS.length] as (typeof DOWNLOADS)[number];
    const ip = i < DOWNLOADS.length ? d.ip : `192.0.2.${i}`;
    await downloadLink(
      t,
      { id, orderId, email: email as string },
      { id: 0, file1: doc?.file1 as string, bytes: Buffer.alloc(0) },
      access,
      {
        ip,
        userAgent: d.userAgent,
        timezone: d.timezone,
      },
    );
  }
  return { orderId, email: email as string };
}

export async function saveTransaction(
  t: TestApp,
  token: string,
  orderId: string,
  transactionId = 'TXN-884201',
  merchantName = 'ETA ONLINE SVCS',
) {
  const res = await api(
    t,
    DEFENCE_CONTRACTS.transactionDetails,
    { body: { transactionId, merchantName, orderId } },
    token,
  );
  if (res.statusCode !== 200) throw new Error(`transaction save failed: ${res.body}`);
}

export function packRequest(
  t: TestApp,
  token: string | null,
  orderId: string,
  defencePackType: unknown,
  extra: { includePassport?: unknown; profile?: unknown } = {},
) {
  return api.raw(t, DEFENCE_CONTRACTS.pack, { body: { orderId, defencePackType, ...extra } }, token);
}

/** A PDF read back: page count, each page's text and size. */
export async function readPdf(bytes: Uint8Array) {
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(proxy, { mergePages: false });
  const pdf = await PDFDocument.load(bytes);
  const pages = text as string[];
  return {
    bytes,
    count: totalPages,
    pages,
    all: pages.join('\n'),
    sizes: pdf.getPages().map((p) => p.getSize()),
  };
}

/** Text without any whitespace: a sentence wrapped over lines still matches. */
export const squash = (text: string) => text.replace(/\s+/g, '');
