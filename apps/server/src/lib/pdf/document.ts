import PDFDocument from 'pdfkit';
import { pdfFonts } from './fonts.ts';
import { pdfText } from './text.ts';

/** One pdfkit document: A4, Noto Sans embedded (fonts.ts), its pages kept until `finish` numbers them. */
export type Doc = PDFKit.PDFDocument;

export const MARGIN = { top: 64, bottom: 64, left: 56, right: 56 } as const;
export const COLOR = {
  ink: '#1f2933',
  muted: '#5f6b7a',
  brand: '#1f3a5f',
  rule: '#c9d1db',
  fill: '#e9eef4',
  zebra: '#f6f8fa',
} as const;
export const FONT = { regular: 'Sans', bold: 'Sans-Bold', italic: 'Sans-Italic' } as const;

export interface DocMeta {
  title: string;
  author: string;
  subject: string;
  /** the running header of every page after the first: left and right text */
  header?: { left: string; right: string };
}

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;
export const bottomLimit = (doc: Doc) => doc.page.height - MARGIN.bottom;

/** pdfkit's own record of the current font, size and fill (not in its types). */
interface TextState {
  _font: unknown;
  _fontSize: number;
  _fillColor?: [string, number?];
}

/**
 * The running header of a new page. The page may have been started by pdfkit in the middle of a
 * run of text (a paragraph or a quoted mail flowing over), which then goes on in the font, size
 * and colour it had: without putting them back, the rest of a quoted mail came out at the body's
 * size, taller than measured, and printed over the lines after it (issue 18).
 */
function drawHeader(doc: Doc, header: { left: string; right: string }) {
  const state = doc as unknown as TextState;
  const { _font: font, _fontSize: size, _fillColor: fill } = state;
  const width = contentWidth(doc);
  doc.save();
  doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.brand);
  doc.text(pdfText(header.left), MARGIN.left, 30, { width: width / 2, lineBreak: false });
  doc.font(FONT.regular).fillColor(COLOR.muted);
  doc.text(pdfText(header.right), MARGIN.left + width / 2, 30, { width: width / 2, align: 'right', lineBreak: false });
  doc
    .moveTo(MARGIN.left, 45)
    .lineTo(MARGIN.left + width, 45)
    .lineWidth(0.6)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.restore();
  state._font = font;
  doc.fontSize(size).fillColor(...(fill ?? [COLOR.ink]));
  doc.x = MARGIN.left;
  doc.y = MARGIN.top;
}

/** pdfkit takes a parsed fontkit font where its types say a file name or bytes */
type FontSource = PDFKit.Mixins.PDFFontSource;

export function createDoc(meta: DocMeta): Doc {
  const { faces } = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    info: { Title: pdfText(meta.title), Author: pdfText(meta.author), Subject: pdfText(meta.subject) },
    pdfVersion: '1.7',
    // pages stay in memory until `finish` writes "Page X of Y" on each (a pack is a few dozen at most)
    bufferPages: true,
    // the default face from the start, so no Helvetica is ever set up
    font: faces.regular as unknown as string,
  });
  doc.registerFont(FONT.regular, faces.regular as unknown as FontSource);
  doc.registerFont(FONT.bold, faces.bold as unknown as FontSource);
  doc.registerFont(FONT.italic, faces.italic as unknown as FontSource);
  if (meta.header) {
    const header = meta.header;
    doc.on('pageAdded', () => drawHeader(doc, header));
  }
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
  return doc;
}

export interface Footer {
  /** left of every footer: the order id, the business, "Confidential" */
  left: string;
  /** pages another tool appends after ours (the approved document's own): counted in "of Y" */
  pagesAfter?: number;
}

/** "Page X of Y" with the footer's text under a rule at the foot of each of our pages. */
function stampFooters(doc: Doc, footer: Footer): void {
  const { start, count } = doc.bufferedPageRange();
  const total = count + (footer.pagesAfter ?? 0);
  const left = pdfText(footer.left);
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const width = contentWidth(doc);
    const bottom = doc.page.height;
    // below the bottom margin: without lifting it pdfkit would start a new page for the footer
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN.left, bottom - 46)
      .lineTo(MARGIN.left + width, bottom - 46)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
    const number = `Page ${i + 1} of ${total}`;
    const numberWidth = doc.widthOfString(number) + 2;
    // one line: a long business name ends in "…" rather than running into the page number
    doc.text(left, MARGIN.left, bottom - 41, { width: width - numberWidth - 12, height: 10, ellipsis: true });
    doc.text(number, MARGIN.left + width - numberWidth, bottom - 41, { width: numberWidth, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}

/** Numbers the pages (with `footer`), ends the document and hands back its bytes. */
export function finish(doc: Doc, footer?: Footer): Promise<Buffer> {
  if (footer) stampFooters(doc, footer);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A new page unless `height` still fits above the bottom margin. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** A section title: large, in the brand colour, underlined by a rule. */
export function title(doc: Doc, text: string, intro?: string): void {
  ensureSpace(doc, 110);
  doc.x = MARGIN.left;
  doc.font(FONT.bold).fontSize(14).fillColor(COLOR.brand).text(pdfText(text));
  const y = doc.y + 3;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + contentWidth(doc), y)
    .lineWidth(1)
    .strokeColor(COLOR.brand)
    .stroke();
  doc.y = y + 8;
  if (intro) note(doc, intro);
}

export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.x = MARGIN.left;
  doc.font(FONT.bold).fontSize(10.5).fillColor(COLOR.brand).text(pdfText(text));
  doc.moveDown(0.3);
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { size?: number; gap?: number; lineGap?: number } = {},
): void {
  doc.x = MARGIN.left;
  doc
    .font(FONT.regular)
    .fontSize(options.size ?? 10)
    .fillColor(COLOR.ink)
    .text(pdfText(text), { width: contentWidth(doc), lineGap: options.lineGap ?? 2 });
  doc.moveDown(options.gap ?? 0.55);
}

/**
 * Quoted text (a mail as it was sent): indented with a bar on its left, block by block so each
 * block stays on one page and its bar matches it. A block of one line ("IMPORTANT NOTICE", "Dear …")
 * stays on the page of the block after it, never alone at the foot of a page.
 */
export function quoted(doc: Doc, text: string, size = 8.5): void {
  const indent = 12;
  const width = contentWidth(doc) - indent;
  const blocks = pdfText(text).split(/\n{2,}/);
  const gap = size * 0.7;
  const heightOf = (block: string) => {
    doc.font(FONT.regular).fontSize(size);
    return doc.heightOfString(block, { width, lineGap: 1.2 });
  };
  blocks.forEach((block, i) => {
    const h = heightOf(block);
    const next = blocks[i + 1];
    const oneLine = h < size * 2;
    ensureSpace(doc, h + 4 + (next !== undefined && oneLine ? gap + heightOf(next) : 0));
    const y = doc.y;
    doc.rect(MARGIN.left, y - 1, 2.2, h + 2).fill(COLOR.rule);
    doc
      .font(FONT.regular)
      .fontSize(size)
      .fillColor(COLOR.ink)
      .text(block, MARGIN.left + indent, y, { width, lineGap: 1.2 });
    doc.y = y + h + gap;
  });
  doc.x = MARGIN.left;
  doc.moveDown(0.4);
}

/** Small grey text: where a value comes from, what a section proves. */
export function note(doc: Doc, text: string): void {
  doc.x = MARGIN.left;
  doc
    .font(FONT.italic)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.6);
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
}

/** Label and value rows, label column on the left, a hairline between rows. */
export function keyValues(doc: Doc, rows: readonly (readonly [string, string])[], labelWidth = 150): void {
  const width = contentWidth(doc);
  const valueWidth = width - labelWidth - 8;
  for (const [label, rawValue] of rows) {
    const value = pdfText(rawValue || '-');
    doc.font(FONT.regular).fontSize(9.5);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    doc.font(FONT.bold).fontSize(8.5);
    const labelHeight = doc.heightOfString(pdfText(label), { width: labelWidth });
    const h = Math.max(valueHeight, labelHeight + 1, 11) + 7;
    ensureSpace(doc, h);
    const y = doc.y;
    doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.muted);
    doc.text(pdfText(label), MARGIN.left, y + 4, { width: labelWidth });
    doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.ink);
    doc.text(value, MARGIN.left + labelWidth + 8, y + 3.5, { width: valueWidth });
    doc
      .moveTo(MARGIN.left, y + h)
      .lineTo(MARGIN.left + width, y + h)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.x = MARGIN.left;
    doc.y = y + h;
  }
  doc.moveDown(0.8);
}
