/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, quote, CR or LF, quotes doubled inside. Text that a spreadsheet would run as a formula
 * (starting with = + - @, tab or CR) gets a leading apostrophe so it stays text (OWASP CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvCell = string | number | null | undefined;

/** Cells that are only a number, or only a dash (the missing-value mark), cannot run as formulas. */
const INERT = /^(-?\d+(\.\d+)?|-)$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !INERT.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, each ended by CRLF (RFC 4180 §2). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
