import type { DefenceLetter } from '@eta/shared';
import {
  COLOR,
  contentWidth,
  type Doc,
  ensureSpace,
  FONT,
  heading,
  MARGIN,
  paragraph,
} from '../../lib/pdf/document.ts';
import { pdfText } from '../../lib/pdf/text.ts';

/**
 * The letter's body: a little under the sections' size and set closer, so an ordinary order's
 * letter, closing and signature included, fits one page (Noto Sans's lines are taller than
 * Helvetica's were; the closing alone on a page 2 is what a processor should not have to turn to).
 */
const BODY = 9;
const BODY_GAP = 1;
const BODY_PARAGRAPH_GAP = 0.35;
/** lines of space before the closing, and between it and the signature */
const BEFORE_CLOSING = 0.5;
const BEFORE_SIGNATURE = 0.8;

/** How tall the enclosures, the closing and the signature come out, measured as renderLetter draws them. */
function closingHeight(doc: Doc, letter: DefenceLetter): number {
  const width = contentWidth(doc);
  const lines = (font: string, size: number, text: string, lineGap = 0) => {
    doc.font(font).fontSize(size);
    return doc.heightOfString(pdfText(text), { width, lineGap });
  };
  const lineOf = (font: string, size: number) => doc.font(font).fontSize(size).currentLineHeight(true);
  const enclosures = letter.enclosures.reduce(
    (sum, item, i) => sum + lines(FONT.regular, BODY, `${i + 1}.  ${item}`, 1.5),
    0,
  );
  const [name = '', ...rest] = letter.signature;
  return (
    lines(FONT.bold, 10.5, 'Enclosures') +
    0.3 * lineOf(FONT.bold, 10.5) +
    enclosures +
    BEFORE_CLOSING * lineOf(FONT.regular, BODY) +
    lines(FONT.regular, BODY, letter.closing, BODY_GAP) +
    BEFORE_SIGNATURE * lineOf(FONT.regular, BODY) +
    lines(FONT.bold, 10, name) +
    rest.reduce((sum, line) => sum + lines(FONT.regular, 9.5, line), 0) +
    // a few points' slack for pdfkit's rounding
    4
  );
}

function letterhead(doc: Doc, letter: DefenceLetter): void {
  const width = contentWidth(doc);
  const [name, ...lines] = letter.from;
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(COLOR.brand)
    .text(pdfText(name), MARGIN.left, 52, { width: width * 0.7 });
  doc.moveDown(0.15);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted);
  // The address on one line, as a letterhead has it; the email (last line when present) on the
  // right under the date, where it costs the letter no line of its own.
  const email = lines.at(-1)?.includes('@') ? lines.at(-1) : undefined;
  const address = email ? lines.slice(0, -1) : lines;
  doc.text(pdfText(address.join(' · ')), { width: width * 0.7, lineGap: 1 });
  const bottom = doc.y;
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.ink);
  doc.text(pdfText(letter.date), MARGIN.left, 56, { width, align: 'right' });
  if (email) {
    doc.moveDown(0.2);
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(pdfText(email), { width, align: 'right' });
  }
  const y = Math.max(bottom, doc.y) + 10;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + width, y)
    .lineWidth(1.2)
    .strokeColor(COLOR.brand)
    .stroke();
  doc.x = MARGIN.left;
  doc.y = y + 12;
}

const PANEL_COLUMNS = 3;

/**
 * Label/value pairs in three columns on a light panel. A value wraps within its column (a long
 * transaction id breaks where it must) and its row grows to hold it, so no value runs into the
 * label under it (issue 18).
 */
function referencePanel(doc: Doc, letter: DefenceLetter): void {
  const width = contentWidth(doc);
  const colWidth = (width - 24) / PANEL_COLUMNS;
  const valueWidth = colWidth - 8;
  const top = doc.y;
  const rows: DefenceLetter['reference'][] = [];
  for (let i = 0; i < letter.reference.length; i += PANEL_COLUMNS)
    rows.push(letter.reference.slice(i, i + PANEL_COLUMNS));
  doc.font(FONT.regular).fontSize(9.5);
  const heights = rows.map(
    (row) => 10 + Math.max(...row.map((item) => doc.heightOfString(pdfText(item.value), { width: valueWidth }))) + 6,
  );
  const height = heights.reduce((a, b) => a + b, 0) + 8;
  doc.rect(MARGIN.left, top, width, height).fill(COLOR.fill);
  let y = top + 7;
  rows.forEach((row, r) => {
    row.forEach((item, c) => {
      const x = MARGIN.left + 12 + c * colWidth;
      doc
        .font(FONT.bold)
        .fontSize(7.5)
        .fillColor(COLOR.muted)
        .text(pdfText(item.label.toUpperCase()), x, y, { width: valueWidth, lineBreak: false });
      doc
        .font(FONT.regular)
        .fontSize(9.5)
        .fillColor(COLOR.ink)
        .text(pdfText(item.value), x, y + 10, { width: valueWidth });
    });
    y += heights[r] as number;
  });
  doc.x = MARGIN.left;
  doc.y = top + height + 10;
}

/** The defence letter exactly as the modal shows it (the same DefenceLetter object). */
export function renderLetter(doc: Doc, letter: DefenceLetter): void {
  letterhead(doc, letter);
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
  for (const line of letter.to) doc.text(pdfText(line));
  doc.moveDown(0.5);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOR.ink)
    .text(pdfText(letter.subject), { width: contentWidth(doc) });
  doc.moveDown(0.5);
  referencePanel(doc, letter);
  paragraph(doc, letter.salutation, { size: BODY, lineGap: BODY_GAP, gap: BODY_PARAGRAPH_GAP });
  for (const section of letter.sections) {
    if (section.heading) heading(doc, section.heading);
    for (const text of section.paragraphs)
      paragraph(doc, text, { size: BODY, lineGap: BODY_GAP, gap: BODY_PARAGRAPH_GAP });
  }
  // The enclosures, the closing and the signature stay together: never "Yours faithfully" alone on a page.
  ensureSpace(doc, closingHeight(doc, letter));
  heading(doc, 'Enclosures');
  letter.enclosures.forEach((item, i) => {
    doc.x = MARGIN.left;
    doc
      .font(FONT.regular)
      .fontSize(BODY)
      .fillColor(COLOR.ink)
      .text(`${i + 1}.  ${pdfText(item)}`, { width: contentWidth(doc), indent: 0, lineGap: 1.5 });
  });
  doc.moveDown(BEFORE_CLOSING);
  paragraph(doc, letter.closing, { size: BODY, gap: BEFORE_SIGNATURE, lineGap: BODY_GAP });
  const [name, ...rest] = letter.signature;
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.ink).text(pdfText(name));
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.muted);
  for (const line of rest) doc.text(pdfText(line));
  doc.fillColor(COLOR.ink);
}
