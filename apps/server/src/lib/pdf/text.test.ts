import { describe, expect, it } from 'vitest';
import { longDate, pdfText, stampUtc } from './text.ts';

describe('PDF text', () => {
  it('keeps what the standard fonts can print and replaces the rest', () => {
    expect(pdfText('Zoë Müller – “£39.99” €')).toBe('Zoë Müller – “£39.99” €');
    expect(pdfText('Łukasz Wałęsa, Őrs')).toBe('Lukasz Walesa, Ors');
    expect(pdfText('王 Ω 😀')).toBe('? ? ?');
    expect(pdfText('a\r\nb\tc')).toBe('a\nb c');
    expect(pdfText(null)).toBe('');
  });

  it('writes dates that no reader can take the wrong way round', () => {
    expect(stampUtc('2026-03-04T09:05:07.000Z')).toBe('4 Mar 2026, 09:05:07 UTC');
    expect(longDate('2026-03-04T23:59:59.000Z')).toBe('4 March 2026');
    expect(stampUtc(null)).toBe('-');
  });
});
