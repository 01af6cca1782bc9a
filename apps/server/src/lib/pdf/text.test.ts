import { describe, expect, it } from 'vitest';
import { longDate, pdfText, stampUtc, winAnsi } from './text.ts';

describe('PDF text', () => {
  it('keeps what the embedded font prints (Latin with its extensions, Greek, Cyrillic) and replaces the rest', () => {
    expect(pdfText('Zoë Müller – “£39.99” €')).toBe('Zoë Müller – “£39.99” €');
    expect(pdfText('Łukasz Wałęsa, Őrs, Αλέξανδρος, Дмитрий, Nguyễn')).toBe(
      'Łukasz Wałęsa, Őrs, Αλέξανδρος, Дмитрий, Nguyễn',
    );
    // decomposed input comes out as the precomposed letters the font has
    expect(pdfText('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(pdfText('王 محمد 😀')).toBe('? ???? ?');
    expect(pdfText('a\r\nb\tc')).toBe('a\nb c');
    expect(pdfText(null)).toBe('');
  });

  it('keeps to WinAnsi for the standard font of corner labels, dropping accents it lacks', () => {
    expect(winAnsi('Łukasz Wałęsa, Őrs')).toBe('Lukasz Walesa, Ors');
    expect(winAnsi('Zoë Ω')).toBe('Zoë ?');
  });

  it('writes dates that no reader can take the wrong way round', () => {
    expect(stampUtc('2026-03-04T09:05:07.000Z')).toBe('4 Mar 2026, 09:05:07 UTC');
    expect(longDate('2026-03-04T23:59:59.000Z')).toBe('4 March 2026');
    expect(stampUtc(null)).toBe('-');
  });
});
