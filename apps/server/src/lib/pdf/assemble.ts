import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { pdfText } from './text.ts';

const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.37, 0.42, 0.48);
const RULE = rgb(0.79, 0.82, 0.86);
const A4: [number, number] = [595.28, 841.89];

/** What could not be placed in the pack, said on a page of its own instead. */
export interface AppendOutcome {
  pages: number;
  /** true when the pages were laid out by us (an image page, a notice), false for a PDF's own pages */
  ours: boolean;
  problem: string | null;
}

export async function noticePage(pdf: PDFDocument, caption: string, problem: string): Promise<void> {
  const page = pdf.addPage(A4);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(pdfText(caption), { x: 56, y: A4[1] - 80, size: 13, font: bold, color: INK });
  page.drawText(pdfText(problem), {
    x: 56,
    y: A4[1] - 104,
    size: 10,
    font: regular,
    color: MUTED,
    maxWidth: 480,
    lineHeight: 14,
  });
}

/** An image on an A4 page of its own, under a caption, scaled to fit and framed. */
async function imagePage(pdf: PDFDocument, bytes: Uint8Array, contentType: string, caption: string): Promise<void> {
  const image = contentType === 'image/png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const page = pdf.addPage(A4);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(pdfText(caption), { x: 56, y: A4[1] - 80, size: 13, font: bold, color: INK });
  const box = { x: 56, y: 80, width: A4[0] - 112, height: A4[1] - 190 };
  const scale = Math.min(box.width / image.width, box.height / image.height, 1.5);
  const width = image.width * scale;
  const height = image.height * scale;
  const x = box.x + (box.width - width) / 2;
  const y = box.y + box.height - height;
  page.drawImage(image, { x, y, width, height });
  page.drawRectangle({ x, y, width, height, borderColor: RULE, borderWidth: 0.8 });
}

/**
 * Appends the approved document to the pack: a PDF's own pages copied as they are (never re-drawn,
 * so the document stays the document), an image on a page of its own. A file that cannot be read
 * gives a page that says so rather than a failed pack.
 */
export async function appendDocument(
  pdf: PDFDocument,
  bytes: Uint8Array,
  contentType: string,
  caption: string,
): Promise<AppendOutcome> {
  const before = pdf.getPageCount();
  try {
    if (contentType === 'application/pdf') {
      const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
      const pages = await pdf.copyPages(source, source.getPageIndices());
      for (const page of pages) pdf.addPage(page);
      return { pages: pdf.getPageCount() - before, ours: false, problem: null };
    }
    if (contentType === 'image/png' || contentType === 'image/jpeg') {
      await imagePage(pdf, bytes, contentType, caption);
    } else {
      throw new Error(`a ${contentType} file cannot be placed in a PDF`);
    }
    return { pages: pdf.getPageCount() - before, ours: true, problem: null };
  } catch (error) {
    // Pages copied before the failure are taken out again: all of the document, or a notice.
    while (pdf.getPageCount() > before) pdf.removePage(pdf.getPageCount() - 1);
    const problem = `The stored file could not be added to this pack (${error instanceof Error ? error.message : 'unreadable file'}). It is kept on the order and can be supplied separately.`;
    await noticePage(pdf, caption, problem);
    return { pages: 1, ours: true, problem };
  }
}

function footerOwn(page: PDFPage, font: PDFFont, left: string, right: string) {
  const { width } = page.getSize();
  page.drawLine({ start: { x: 56, y: 46 }, end: { x: width - 56, y: 46 }, thickness: 0.6, color: RULE });
  page.drawText(left, { x: 56, y: 32, size: 8, font, color: MUTED });
  page.drawText(right, { x: width - 56 - font.widthOfTextAtSize(right, 8), y: 32, size: 8, font, color: MUTED });
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
 * "Page X of Y" and the order id on every page, once all pages are in (the total counts the
 * appended document too). Pages laid out by us (`isOurs`) get a full footer, others a corner label.
 */
export async function stampPages(
  pdf: PDFDocument,
  isOurs: (index: number) => boolean,
  orderId: string,
  footerLeft: string,
): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  const total = pages.length;
  const id = pdfText(orderId);
  pages.forEach((page, i) => {
    const number = `Page ${i + 1} of ${total}`;
    if (isOurs(i)) footerOwn(page, font, pdfText(footerLeft), number);
    else stampForeign(page, font, `Order ${id} - ${number}`);
  });
}
