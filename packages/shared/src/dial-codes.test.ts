import { describe, expect, it } from 'vitest';
import { DIAL_CODES, dialCodeOf, findCountry } from './dial-codes.ts';

describe('dialling codes (SPEC §3)', () => {
  it('has about 230 countries, each with a unique ISO code and a numeric dial code', () => {
    expect(DIAL_CODES.length).toBeGreaterThanOrEqual(230);
    expect(new Set(DIAL_CODES.map((e) => e.iso2)).size).toBe(DIAL_CODES.length);
    for (const e of DIAL_CODES) {
      expect(e.iso2).toMatch(/^[A-Z]{2}$/);
      expect(e.dialCode).toMatch(/^[1-9]\d{0,3}$/);
    }
  });

  it.each([
    ['UK', '44'],
    ['USA', '1'],
    ['GB', '44'],
    ['us', '1'],
    ['United Kingdom', '44'],
    ['india', '91'],
    ["Côte d'Ivoire", '225'],
    ['UAE', '971'],
    ['+44', '44'],
    ['353', '353'],
    ['Qatar', '974'],
  ])('%s → %s', (value, code) => {
    expect(dialCodeOf(value)).toBe(code);
  });

  it('answers null for empty or unknown values', () => {
    expect(dialCodeOf(null)).toBeNull();
    expect(dialCodeOf('')).toBeNull();
    expect(dialCodeOf('Atlantis')).toBeNull();
    expect(findCountry('ZZ')).toBeUndefined();
  });
});
