import { pdfFonts } from './fonts.ts';

/**
 * Every string bound for a PDF passes through `pdfText`: what the embedded font (fonts.ts) can print
 * stays as it is, a letter it cannot print loses its accent when that leaves one it can, and
 * anything else (Chinese, Arabic, emoji) becomes '?', never a missing glyph or a failed PDF.
 */
export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  const { covers } = pdfFonts();
  return replaceUnprintable(value.normalize('NFC'), (ch) => covers(ch.codePointAt(0) as number));
}

/**
 * For the standard Helvetica that pdf-lib writes on pages we did not lay out (the corner label of
 * an appended document): WinAnsi only, which pdf-lib needs or it throws.
 */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function winAnsiChar(ch: string): boolean {
  const code = ch.codePointAt(0) as number;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(ch);
}
export const winAnsi = (value: string | null | undefined): string =>
  value ? replaceUnprintable(value.normalize('NFC'), winAnsiChar) : '';

/** Latin letters that have no decomposition to strip. */
const BARE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };

function replaceUnprintable(value: string, printable: (ch: string) => boolean): string {
  let out = '';
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' || ch === '\t') out += ch === '\t' ? ' ' : ch;
    else if (printable(ch)) out += ch;
    else {
      const bare = BARE[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += bare.length > 0 && [...bare].every(printable) ? bare : '?';
    }
  }
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "14 Mar 2026, 10:32:05 UTC": day before month in words, so no reader mistakes it. */
export function stampUtc(value: string | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time} UTC`;
}

/** "14 March 2026" (UTC). */
export function longDate(value: string | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${d.getUTCDate()} ${LONG_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
