/**
 * The standard PDF fonts (Helvetica, no embedded fonts) encode WinAnsi only: pdfkit prints other
 * characters as garbage and pdf-lib throws on them. Every string bound for a PDF passes through
 * `pdfText`: accents outside WinAnsi lose their marks (ł → l, ő → o), anything else becomes '?'.
 */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Latin letters that have no decomposition to strip. */
const BARE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0) as number;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(ch);
}

export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' || ch === '\t') out += ch === '\t' ? ' ' : ch;
    else if (encodable(ch)) out += ch;
    else {
      const bare = BARE[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += bare.length > 0 && [...bare].every(encodable) ? bare : '?';
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
