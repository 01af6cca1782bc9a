import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { winAnsi } from './text.ts';

const INK = rgb(0.12, 0.16, 0.2);
const RULE = rgb(0.79, 0.82, 0.86);

/** A PDF document read for appending; throws when it cannot be read or has no page to append. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  // a broken page tree throws here rather than once our pages are numbered
  if (pdf.getPageCount() === 0) throw new Error('the PDF has no pages');
  return pdf;
}

/** On pages that are not ours: a small framed label in the corner, so the page itself is untouched. */
function stampForeign(page: PDFPage, font: PDFFont, label: string) {
  const { width } = page.getSize();
  const size = 7.5;
  const w = font.widthOfTextAtSize(label, size) + 10;
  const x = width - w - 10;
  page.drawRectangle({ x, y: 6, width: w, height: size + 7, color: rgb(1, 1, 1), borderColor: RULE, borderWidth: 0.6 });
  page.drawText(label, { x: x + 5, y: 9.5, size, font, color: INK });
}

/**
 * Our pages (pdfkit's, already numbered with the appended pages counted) followed by a PDF
 * document's own pages, copied as they are (never re-drawn, so the document stays the document),
 * each with the order id and its page number in a corner label. The label is ASCII (an order id
 * and digits), so the standard Helvetica prints it and no font is parsed here.
 */
export async function appendPdfPages(ours: Uint8Array, source: PDFDocument, orderId: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ours, { updateMetadata: false });
  const first = pdf.getPageCount();
  const pages = await pdf.copyPages(source, source.getPageIndices());
  for (const page of pages) pdf.addPage(page);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const total = pdf.getPageCount();
  const id = winAnsi(orderId);
  pages.forEach((page, i) => {
    stampForeign(page, font, `Order ${id} - Page ${first + i + 1} of ${total}`);
  });
  return pdf.save();
}
