import { describe, expect, it } from 'vitest';
import { capitalise, formatBytes, humanizeKey, keyed, orDash, plainDate, stamp, statusText, yesNo } from './format.ts';

describe('order detail formatting', () => {
  it("shows missing values as '-' (SPEC §5)", () => {
    expect([null, undefined, '', '   '].map(orDash)).toEqual(['-', '-', '-', '-']);
    expect(orDash(0)).toBe('0');
    expect(orDash(false)).toBe('false');
    expect(orDash('  GB  ')).toBe('GB');
  });

  it('shows timestamps in UTC as DD-MM-YYYY HH:mm:ss', () => {
    expect(stamp('2025-03-09T23:59:58.000Z')).toBe('09-03-2025 23:59:58');
    expect(stamp(null)).toBe('-');
    expect(stamp('not a date')).toBe('-');
  });

  it('turns ISO dates into DD-MM-YYYY and leaves any other form as the applicant gave it', () => {
    expect(plainDate('1990-04-12')).toBe('12-04-1990');
    expect(plainDate(' 1990-12-04 ')).toBe('04-12-1990');
    // Never guessed: 04/12/1990 could be either month.
    expect(plainDate('04/12/1990')).toBe('04/12/1990');
    expect(plainDate('')).toBe('-');
    expect(plainDate(null)).toBe('-');
  });

  it('reads yes/no answers as a person writes them', () => {
    expect([true, false, 'y', 'YES', 'n', 'No', 'maybe', null].map(yesNo)).toEqual([
      'Yes',
      'No',
      'Yes',
      'Yes',
      'No',
      'No',
      'maybe',
      '-',
    ]);
  });

  it('names unlabelled answers from their keys', () => {
    expect(humanizeKey('convicted_any_other_crime')).toBe('Convicted any other crime');
    expect(humanizeKey('hasVisitedUK')).toBe('Has visited uk');
    expect(humanizeKey('--travel-history--')).toBe('Travel history');
  });

  it('drops the trailing space of Awaiting and capitalises', () => {
    expect(statusText('Awaiting ')).toBe('Awaiting Customer');
    expect(statusText('moveToProcessMarch')).toBe('Process 5th March');
    expect(statusText('AwaitingGovt')).toBe('Awaiting Govt');
    expect(statusText(null)).toBe('-');
    expect(capitalise('cloud')).toBe('Cloud');
    expect(capitalise('')).toBe('-');
  });

  it('gives sizes in B, KB and MB', () => {
    expect([0, 1023, 1024, 1536, 1024 * 1024 - 1, 1024 * 1024, 10 * 1024 * 1024].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1 KB',
      '2 KB',
      '1024 KB',
      '1.0 MB',
      '10.0 MB',
    ]);
  });

  it('keys rows by content, counting alike rows so every key is unique and stable', () => {
    const rows = ['a', 'b', 'a', 'a', 'b'];
    const keys = keyed(rows, (r) => r).map((k) => k.key);
    expect(keys).toEqual(['a', 'b', 'a#1', 'a#2', 'b#1']);
    expect(keyed(rows, (r) => r).map((k) => k.item)).toEqual(rows);
  });
});
