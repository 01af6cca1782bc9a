import { DEFENCE_DISCLAIMER, formatMoney } from '@eta/shared';
import type { BusinessConfig } from '../../business-config.ts';
import { COLOR, contentWidth, createDoc, type Doc, FONT, finish, MARGIN, note } from '../../lib/pdf/document.ts';
import { table } from '../../lib/pdf/table.ts';
import { longDate, pdfText } from '../../lib/pdf/text.ts';

export interface InvoiceValues {
  invoiceNumber: string;
  /** when the invoice was issued (ISO) */
  issuedAt: string;
  orderId: string;
  /** when the order was placed and paid (ISO) */
  paidAt: string;
  applicant: string;
  email: string;
  addressLines: string[];
  service: string;
  amountMinor: number;
  currency: string | null;
  /** when the fee was refunded (ISO), or null */
  refundedAt: string | null;
}

/** VAT included in the amount paid, when VAT_RATE is set: net + VAT = total, in minor units. */
export function vatSplit(totalMinor: number, rate: number | null): { net: number; vat: number } | null {
  if (rate === null) return null;
  const net = Math.round(totalMinor / (1 + rate / 100));
  return { net, vat: totalMinor - net };
}

function header(doc: Doc, business: BusinessConfig, email: string | null, v: InvoiceValues) {
  const width = contentWidth(doc);
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(COLOR.brand)
    .text(pdfText(business.name), MARGIN.left, 52, { width: width * 0.55 });
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted);
  for (const line of [...business.addressLines, ...(email ? [email] : [])])
    doc.text(pdfText(line), { width: width * 0.55 });
  if (business.vatNumber) doc.text(pdfText(`VAT registration number: ${business.vatNumber}`), { width: width * 0.55 });
  const left = doc.y;
  doc.font(FONT.bold).fontSize(22).fillColor(COLOR.brand).text('INVOICE', MARGIN.left, 50, { width, align: 'right' });
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    ['Invoice number', v.invoiceNumber],
    ['Invoice date', longDate(v.issuedAt)],
    ['Order ID', v.orderId],
    ['Order date', longDate(v.paidAt)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(label, MARGIN.left + width - 230, y, { width: 100, align: 'right' });
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(COLOR.ink)
      .text(pdfText(value), MARGIN.left + width - 122, y, { width: 122, align: 'right' });
    doc.y = y + 13;
  }
  const y = Math.max(left, doc.y) + 12;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + width, y)
    .lineWidth(1.2)
    .strokeColor(COLOR.brand)
    .stroke();
  doc.x = MARGIN.left;
  doc.y = y + 16;
}

function billedTo(doc: Doc, v: InvoiceValues) {
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.muted).text('BILLED TO', MARGIN.left, doc.y);
  doc.moveDown(0.3);
  doc.font(FONT.bold).fontSize(10.5).fillColor(COLOR.ink).text(pdfText(v.applicant));
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.ink);
  for (const line of [v.email, ...v.addressLines]) doc.text(pdfText(line));
  doc.moveDown(1.5);
}

function totals(doc: Doc, rows: [string, string, boolean][]) {
  const width = contentWidth(doc);
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(COLOR.ink);
    doc.text(pdfText(label), MARGIN.left + width - 260, y, { width: 150, align: 'right' });
    doc.text(pdfText(value), MARGIN.left + width - 100, y, { width: 96, align: 'right' });
    doc.y = y + (strong ? 17 : 15);
  }
  doc.x = MARGIN.left;
  doc.moveDown(1.5);
}

/** A one-page invoice: business, number, dates, applicant, the service line, totals, paid in full. */
export async function buildInvoicePdf(
  business: BusinessConfig,
  email: string | null,
  v: InvoiceValues,
): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, v.currency);
  const doc = createDoc({
    title: `Invoice ${v.invoiceNumber}`,
    author: business.name,
    subject: `Invoice ${v.invoiceNumber} for order ${v.orderId}`,
  });
  header(doc, business, email, v);
  billedTo(doc, v);
  const currency = v.currency ? ` (${v.currency})` : '';
  table(
    doc,
    [
      { header: 'Description', weight: 4 },
      { header: 'Qty', weight: 0.5, align: 'right' },
      { header: `Amount${currency}`, weight: 1.2, align: 'right' },
    ],
    [[`${v.service}\nOrder ${v.orderId}`, '1', money(v.amountMinor)]],
    { size: 9.5 },
  );
  const split = vatSplit(v.amountMinor, business.vatRate);
  totals(doc, [
    ...(split
      ? ([
          ['Net amount', money(split.net), false],
          [`VAT at ${business.vatRate}%`, money(split.vat), false],
        ] as [string, string, boolean][])
      : []),
    ['Total', money(v.amountMinor), true],
    [`Paid on ${longDate(v.paidAt)}`, money(v.amountMinor), false],
    // A refunded order's invoice says so: "paid in full" alone would misstate what the customer holds.
    ...(v.refundedAt
      ? ([[`Refunded on ${longDate(v.refundedAt)}`, `-${money(v.amountMinor)}`, false]] as [string, string, boolean][])
      : []),
    ['Balance due', money(0), true],
  ]);
  note(
    doc,
    v.refundedAt
      ? `Paid when the order was placed, and refunded in full on ${longDate(v.refundedAt)}.`
      : 'Paid in full when the order was placed. Thank you for your order.',
  );
  note(
    doc,
    `${business.name} ${DEFENCE_DISCLAIMER} This invoice is for our service fee and is not a receipt for any government fee.`,
  );
  return finish(doc, { left: `Invoice ${v.invoiceNumber} · Order ${v.orderId} · ${business.name}` });
}
