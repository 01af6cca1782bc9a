import { bottomLimit, COLOR, contentWidth, type Doc, FONT, MARGIN } from './document.ts';
import { pdfText } from './text.ts';

export interface Column {
  header: string;
  /** share of the content width */
  weight: number;
  align?: 'left' | 'right';
}

export interface TableOptions {
  size?: number;
  /** stop (rather than start a page) when the next row would pass this y; rows drawn are returned */
  stopAt?: number;
}

const PAD = 4;

function cellWidths(doc: Doc, columns: readonly Column[]): number[] {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  return columns.map((c) => (contentWidth(doc) * c.weight) / total);
}

/** A row's height: its tallest cell, wrapped in its column (a header in its bold face, a point smaller). */
function rowHeight(doc: Doc, cells: readonly string[], widths: number[], size: number, head = false): number {
  doc.font(head ? FONT.bold : FONT.regular).fontSize(head ? size - 0.5 : size);
  const heights = cells.map((cell, i) => doc.heightOfString(cell || '-', { width: (widths[i] as number) - PAD * 2 }));
  return Math.max(...heights, size) + PAD * 2 + (head ? 2 : 0);
}

/**
 * One row. A header wraps within its column like any cell, and its row grows to hold it: a header
 * too long for its column ("Operating system") used to run into the first row under it (issue 18).
 */
function drawRow(
  doc: Doc,
  cells: readonly string[],
  widths: number[],
  columns: readonly Column[],
  y: number,
  head: boolean,
  fill: string | null,
  size: number,
) {
  const h = rowHeight(doc, cells, widths, size, head);
  if (fill) doc.rect(MARGIN.left, y, contentWidth(doc), h).fill(fill);
  let x = MARGIN.left;
  cells.forEach((cell, i) => {
    const w = widths[i] as number;
    doc
      .font(head ? FONT.bold : FONT.regular)
      .fontSize(head ? size - 0.5 : size)
      .fillColor(head ? COLOR.brand : COLOR.ink)
      .text(cell || '-', x + PAD, y + PAD + (head ? 1 : 0), { width: w - PAD * 2, align: columns[i]?.align ?? 'left' });
    x += w;
  });
  doc
    .moveTo(MARGIN.left, y + h)
    .lineTo(MARGIN.left + contentWidth(doc), y + h)
    .lineWidth(head ? 0.8 : 0.3)
    .strokeColor(head ? COLOR.brand : COLOR.rule)
    .stroke();
  return h;
}

/**
 * A table with a shaded header row (repeated on every page it runs onto) and light zebra rows.
 * Returns how many rows it drew: all, unless `stopAt` cut it short. pdfkit's own `doc.table()` does
 * neither (docs/decisions/0248-pdf-tables-stay-hand-written.md).
 */
export function table(
  doc: Doc,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): number {
  const size = options.size ?? 8.5;
  const widths = cellWidths(doc, columns);
  const headers = columns.map((c) => pdfText(c.header));
  const headHeight = rowHeight(doc, headers, widths, size, true);
  const limit = () => options.stopAt ?? bottomLimit(doc);
  let y = doc.y;
  if (y + headHeight * 2 > limit() && options.stopAt === undefined) {
    doc.addPage();
    y = doc.y;
  }
  y += drawRow(doc, headers, widths, columns, y, true, COLOR.fill, size);
  let drawn = 0;
  for (const [index, raw] of rows.entries()) {
    const cells = raw.map((c) => pdfText(c));
    const h = rowHeight(doc, cells, widths, size);
    if (y + h > limit()) {
      if (options.stopAt !== undefined) break;
      doc.addPage();
      y = doc.y;
      y += drawRow(doc, headers, widths, columns, y, true, COLOR.fill, size);
    }
    y += drawRow(doc, cells, widths, columns, y, false, index % 2 === 1 ? COLOR.zebra : null, size);
    drawn += 1;
  }
  doc.x = MARGIN.left;
  doc.y = y + 10;
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
  return drawn;
}
