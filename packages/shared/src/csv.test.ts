import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export (RFC 4180)', () => {
  it('writes plain cells as they are, numbers as digits and missing as empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['India', 12, null]])).toBe('a,b,c\r\nIndia,12,\r\n');
  });

  it('quotes cells with commas, quotes and line breaks, doubling quotes inside', () => {
    expect(csvCell('Korea, Republic of')).toBe('"Korea, Republic of"');
    expect(csvCell('Côte d\'Ivoire "CI"')).toBe('"Côte d\'Ivoire ""CI"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+44 7700')).toBe("'+44 7700");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('leaves the missing-value dash, numbers and ordinary text alone', () => {
    expect(csvCell('-')).toBe('-');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('Guinea-Bissau')).toBe('Guinea-Bissau');
  });
});
